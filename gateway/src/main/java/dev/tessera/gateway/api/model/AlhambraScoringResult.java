package dev.tessera.gateway.api.model;

import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Answer of the Alhambra scoring calculator (scoring-service's AlhambraScoringResponse). */
@Schema(
        name = "AlhambraScoringResult",
        description = "One score per player, in request order (Dirk is not listed).",
        examples = Examples.ALHAMBRA_SCORING_RESULT)
public record AlhambraScoringResult(
        @Schema(required = true) int round,
        @Schema(required = true) List<Score> scores) {

    @Schema(name = "AlhambraRoundScore", description = "A player's points in the round.")
    public record Score(
            @Schema(required = true) String player,

            @Schema(required = true, description = "Points by building type, only the types that earned points")
            Map<String, Integer> byType,

            @Schema(required = true, description = "The sum of byType")
            int buildings,

            @Schema(required = true, description = "The longest wall")
            int wall,

            @Schema(required = true, description = "buildings + wall")
            int total) {}
}
