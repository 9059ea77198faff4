package dev.tessera.scoring.alhambra;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The buildings a player has placed in their Alhambra (the reserve is not part of it), keyed by square.
 * The fountain at (0, 0) is always there, has no walls and is not a building. Placement legality is the
 * game engine's job: this type scores whatever layout it is given.
 */
public record AlhambraLayout(Map<Square, PlacedBuilding> buildings) {

    public static final Square FOUNTAIN = new Square(0, 0);

    public AlhambraLayout {
        if (buildings.containsKey(FOUNTAIN)) {
            throw new IllegalArgumentException("the fountain's square " + FOUNTAIN + " holds no building");
        }
        buildings = Map.copyOf(buildings);
    }

    public static AlhambraLayout fountainOnly() {
        return new AlhambraLayout(Map.of());
    }

    public AlhambraLayout place(Square square, BuildingType type, Set<Side> walls) {
        if (square.equals(FOUNTAIN) || buildings.containsKey(square)) {
            throw new IllegalArgumentException("square " + square + " is taken");
        }
        Map<Square, PlacedBuilding> next = new HashMap<>(buildings);
        next.put(square, new PlacedBuilding(type, walls));
        return new AlhambraLayout(next);
    }

    public AlhambraLayout remove(Square square) {
        if (!buildings.containsKey(square)) {
            throw new IllegalArgumentException("no building on " + square);
        }
        Map<Square, PlacedBuilding> next = new HashMap<>(buildings);
        next.remove(square);
        return new AlhambraLayout(next);
    }

    /** Buildings per type; types the player has none of are absent. */
    public Map<BuildingType, Integer> counts() {
        Map<BuildingType, Integer> counts = new EnumMap<>(BuildingType.class);
        buildings.values().forEach(building -> counts.merge(building.type(), 1, Integer::sum));
        return counts;
    }

    /** Every occupied square, fountain included, with its walls. */
    public Map<Square, Set<Side>> walls() {
        Map<Square, Set<Side>> walls = new HashMap<>();
        walls.put(FOUNTAIN, Set.of());
        buildings.forEach((square, building) -> walls.put(square, building.walls()));
        return walls;
    }

    public int longestWall() {
        return WallNetwork.of(walls()).longestWall();
    }

    /** What a scoring round needs to know about this player. */
    public PlayerHoldings holdings(String player) {
        return new PlayerHoldings(player, counts(), longestWall());
    }
}
