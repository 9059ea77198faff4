package dev.tessera.events.scoring;

import dev.tessera.events.TesseraEvent;

/** Results computed by scoring-service, published on {@code scoring-events}, keyed by game id. */
public sealed interface ScoringEvent extends TesseraEvent permits ScoringRoundScored, FinalStandings {
    String gameId();
}
