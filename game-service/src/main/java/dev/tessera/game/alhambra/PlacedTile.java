package dev.tessera.game.alhambra;

/** A tile in an Alhambra at (x, y): x grows east, y grows south, the fountain is at (0,0). */
public record PlacedTile(int x, int y, Tile tile) {}
