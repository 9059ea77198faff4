package dev.tessera.lobby.players;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The places a game's players are rated by. Players who stayed keep the order of the final standings;
 * a player whose seat a bot took ({@code SeatTakenByBot}) abandoned the game, and every abandoner
 * ties for last place below everyone who stayed, whatever their score: that is the rating penalty.
 */
public final class RatingRanks {
    /** A player's line of the final standings (rank 1 is best) and whether they abandoned the game. */
    public record Placing(String player, int rank, boolean abandoned) {}

    private RatingRanks() {}

    /**
     * The rank each player is rated by, in the order given: for one who stayed, 1 + the number of
     * stayers ranked strictly better (so ties stay ties); for an abandoner, the number of stayers + 1.
     */
    public static Map<String, Integer> of(List<Placing> placings) {
        List<Placing> stayed = placings.stream().filter(p -> !p.abandoned()).toList();
        Map<String, Integer> ranks = new LinkedHashMap<>();
        for (Placing p : placings) {
            ranks.put(
                    p.player(),
                    p.abandoned()
                            ? stayed.size() + 1
                            : 1
                                    + (int) stayed.stream()
                                            .filter(o -> o.rank() < p.rank())
                                            .count());
        }
        return ranks;
    }
}
