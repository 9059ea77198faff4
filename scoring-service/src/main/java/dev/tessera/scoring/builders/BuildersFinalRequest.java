package dev.tessera.scoring.builders;

import java.util.List;

/** Body of {@code POST /api/v1/calculators/builders/final}; boxed fields so a missing one can be named. */
public record BuildersFinalRequest(List<Player> players) {

    public record Player(String id, Integer buildingVp, Integer coins) {}
}
