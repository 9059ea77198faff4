package dev.tessera.game.alhambra;

/** A money card of {@code value} 1–9; equal currency and value make two cards interchangeable. */
public record MoneyCard(int id, Currency currency, int value) implements DeckCard {}
