package dev.tessera.events.scoring;

import dev.tessera.events.EventType;
import java.util.List;
import java.util.Map;

/**
 * One of Alhambra's three scoring rounds, scored from the game's events: per player, the points per
 * building type, their sum, the longest outer wall and the round's total. Dirk never appears.
 */
@EventType("tessera.scoring.ScoringRoundScored")
public record ScoringRoundScored(String gameId, int round, List<PlayerScore> scores) implements ScoringEvent {
    public ScoringRoundScored {
        scores = List.copyOf(scores);
    }

    public record PlayerScore(String player, Map<String, Integer> byType, int buildings, int wall, int total) {}
}
