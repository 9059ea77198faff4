package dev.tessera.events.alhambra;

/** A tile lying on the building market space of {@code currency}: it is bought with that currency only. */
public record MarketTileInfo(String currency, TileInfo tile) {}
