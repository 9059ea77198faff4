package dev.tessera.scoring.alhambra;

import java.util.List;

/** Body of {@code POST /api/v1/calculators/alhambra/wall}; tile types are optional here. */
public record AlhambraWallRequest(List<AlhambraTile> alhambra) {}
