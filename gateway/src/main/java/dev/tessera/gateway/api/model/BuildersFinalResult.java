package dev.tessera.gateway.api.model;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Answer of the Builders final-scoring calculator (scoring-service's BuildersFinalResponse). */
@Schema(
        name = "BuildersFinalResult",
        description = "Best first: total = building VP + 1 per full 10 coins; ties by building VP, "
                + "then coins; a tie on all shares the rank.",
        examples = Examples.BUILDERS_FINAL_RESULT)
public record BuildersFinalResult(@Schema(required = true) List<Standing> standings) {

    @Schema(name = "BuildersStanding")
    public record Standing(
            @Schema(required = true) String player,
            @Schema(required = true) int total,

            @Schema(required = true, description = "1 is best; equal players share a rank (1, 2, 2, 4)")
            int rank) {}
}
