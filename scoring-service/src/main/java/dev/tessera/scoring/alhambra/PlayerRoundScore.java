package dev.tessera.scoring.alhambra;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * One player's points in one scoring round. {@code byType} lists only the types that earned points,
 * in scoring-table order; {@code buildings} is their sum and {@code total} adds the wall.
 */
public record PlayerRoundScore(String player, Map<BuildingType, Integer> byType, int buildings, int wall, int total) {

    public PlayerRoundScore {
        byType = Collections.unmodifiableMap(
                byType.isEmpty() ? new EnumMap<>(BuildingType.class) : new EnumMap<>(byType));
    }
}
