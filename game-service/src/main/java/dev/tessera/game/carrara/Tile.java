package dev.tessera.game.carrara;

import java.util.Objects;

/** A building tile; type and cost identify it in the basic game. */
public record Tile(BuildingType type, int cost) {
    public Tile {
        Objects.requireNonNull(type, "type");
    }
}
