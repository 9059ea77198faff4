package dev.tessera.game.carrara;

/** A tile built above one of a player's cities. */
public record Building(BuildingType type, int cost, City city) {}
