package dev.tessera.gateway.api.model;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Body of POST /api/v1/calculators/builders/final (scoring-service's BuildersFinalRequest). */
@Schema(name = "BuildersFinalRequest", examples = Examples.BUILDERS_FINAL_REQUEST)
public record BuildersFinalRequest(
        @Schema(required = true, description = "2 to 4 players, ids unique")
        List<Player> players) {

    @Schema(name = "BuildersFinalPlayer")
    public record Player(
            @Schema(required = true) String id,

            @Schema(required = true, description = "Victory points of completed buildings, 0 to 10000")
            Integer buildingVp,

            @Schema(required = true, description = "Coins, 0 to 10000")
            Integer coins) {}
}
