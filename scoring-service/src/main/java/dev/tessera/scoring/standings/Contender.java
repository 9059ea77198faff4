package dev.tessera.scoring.standings;

import java.util.List;

/**
 * A player's final total and the game's tie-breakers in the order they apply, each "higher is better"
 * (e.g. The Builders: building VP, then coins). Games without tie-breakers pass an empty list.
 */
public record Contender(String player, int total, List<Integer> tieBreakers) {

    public Contender {
        tieBreakers = List.copyOf(tieBreakers);
    }

    public static Contender withoutTieBreakers(String player, int total) {
        return new Contender(player, total, List.of());
    }
}
