package dev.tessera.events.scoring;

import dev.tessera.events.EventType;
import java.util.List;

/** A game's final result, best first; equal results share a rank (1, 2, 2, 4). */
@EventType("tessera.scoring.FinalStandings")
public record FinalStandings(String gameId, String game, List<Standing> standings) implements ScoringEvent {
    public FinalStandings {
        standings = List.copyOf(standings);
    }

    public record Standing(String player, int score, int rank) {}
}
