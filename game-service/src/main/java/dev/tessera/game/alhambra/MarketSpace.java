package dev.tessera.game.alhambra;

/** A building market space: its tile is bought with {@code currency} only; {@code tile} is null when empty. */
public record MarketSpace(Currency currency, Tile tile) {}
