package dev.tessera.gateway.api.model;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Answer of the placement calculator (game-service's PlacementCalculatorResource.PlacementAnswer). */
@Schema(name = "AlhambraPlacementResult", examples = Examples.ALHAMBRA_PLACEMENT_RESULT)
public record AlhambraPlacementResult(
        @Schema(required = true) boolean legal,

        @Schema(
                required = true,
                description = "ok, or the rule that forbids it: occupied, fountain, empty-square, not-adjacent, "
                        + "wall-mismatch, unreachable, hole, disconnects")
        String rule) {}
