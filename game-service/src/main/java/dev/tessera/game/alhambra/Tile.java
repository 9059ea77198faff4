package dev.tessera.game.alhambra;

/** A building tile; {@code id} is the Board Game Arena tile id (6–59). */
public record Tile(int id, BuildingType type, int cost, Walls walls) {}
