package dev.tessera.gateway.api.model;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Body of POST /api/v1/calculators/alhambra/placement (game-service's PlacementCalculatorResource.PlacementRequest). */
@Schema(
        name = "AlhambraPlacementRequest",
        description = "May this tile be placed there, that one removed, or swapped?",
        examples = Examples.ALHAMBRA_PLACEMENT_REQUEST)
public record AlhambraPlacementRequest(
        @Schema(required = true, description = "The layout, [] for just the fountain")
        List<Tile> alhambra,

        @Schema(
                required = true,
                enumeration = {"place", "remove", "swap"})
        String action,

        @Schema(required = true, description = "The square acted on")
        Square at,

        @Schema(description = "The new tile's walls; required to place or swap")
        NewTile tile) {

    @Schema(name = "AlhambraPlacementTile")
    public record Tile(
            @Schema(required = true) Integer x,
            @Schema(required = true) Integer y,

            @Schema(description = "Walled sides, a subset of NESW", examples = "E")
            String walls) {}

    @Schema(name = "AlhambraSquare")
    public record Square(
            @Schema(required = true) Integer x,
            @Schema(required = true) Integer y) {}

    @Schema(name = "AlhambraNewTile")
    public record NewTile(
            @Schema(required = true, description = "Walled sides, a subset of NESW", examples = "W")
            String walls) {}
}
