package dev.tessera.scoring.alhambra;

import java.util.List;
import java.util.Map;

/**
 * Body of {@code POST /api/v1/calculators/alhambra/scoring}. Each player gives either a layout
 * ({@code alhambra}; counts and wall come from it) or counts ({@code buildings} by type name, optional
 * {@code wall}, default 0). {@code neutral} is Dirk, only in 2-player games.
 */
public record AlhambraScoringRequest(Integer round, List<Player> players, Neutral neutral) {

    public record Player(String id, List<AlhambraTile> alhambra, Map<String, Integer> buildings, Integer wall) {}

    public record Neutral(Map<String, Integer> buildings) {}
}
