package dev.tessera.game.rules;

import java.util.List;
import java.util.Map;

/**
 * What a game is started from: the seated players in seat order, the recorded random seed and the
 * table's options. Everything random in a game derives from {@code seed}, so the same setup and the
 * same events always rebuild the same state.
 */
public record GameSetup(List<String> players, long seed, Map<String, String> options) {
    public GameSetup {
        players = List.copyOf(players);
        options = Map.copyOf(options);
    }
}
