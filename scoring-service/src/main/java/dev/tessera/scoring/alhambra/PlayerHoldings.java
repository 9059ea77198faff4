package dev.tessera.scoring.alhambra;

import java.util.EnumMap;
import java.util.Map;

/**
 * What a scoring round needs about one player: buildings per type in their Alhambra (reserve excluded;
 * missing types count 0) and the length of their longest external wall.
 */
public record PlayerHoldings(String player, Map<BuildingType, Integer> counts, int wall) {

    public PlayerHoldings {
        if (counts.values().stream().anyMatch(count -> count < 0) || wall < 0) {
            throw new IllegalArgumentException("negative holdings for " + player);
        }
        counts = counts.isEmpty() ? Map.of() : Map.copyOf(new EnumMap<>(counts));
    }

    public int count(BuildingType type) {
        return counts.getOrDefault(type, 0);
    }
}
