package dev.tessera.scoring.alhambra;

import java.util.EnumSet;
import java.util.Set;

/** A building tile as it lies in an Alhambra: its type and the sides that carry a wall. */
public record PlacedBuilding(BuildingType type, Set<Side> walls) {

    public PlacedBuilding {
        walls = walls.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(walls));
    }
}
