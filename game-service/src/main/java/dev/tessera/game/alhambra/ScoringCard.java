package dev.tessera.game.alhambra;

/** Scoring card 1 or 2: drawing it triggers that scoring round. */
public record ScoringCard(int round) implements DeckCard {}
