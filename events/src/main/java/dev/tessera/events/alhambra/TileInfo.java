package dev.tessera.events.alhambra;

/**
 * A building tile as events describe it, so that a consumer needs no tile catalogue: its type
 * ("pavilion", "seraglio", "arcades", "chambers", "garden", "tower"), its printed cost and its walls as a
 * subset of "NESW" (N = top edge; tiles are never rotated). Ids are the Board Game Arena tile ids 6–59.
 */
public record TileInfo(int id, String type, int cost, String walls) {}
