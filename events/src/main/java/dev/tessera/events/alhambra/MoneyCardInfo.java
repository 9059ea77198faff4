package dev.tessera.events.alhambra;

/**
 * A money card as events describe it: {@code currency} is the card's colour ("yellow", "green", "blue",
 * "orange"), {@code value} 1–9. Ids are stable within a game.
 */
public record MoneyCardInfo(int id, String currency, int value) {}
