package dev.tessera.gateway.api.model;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A tile of a calculator layout (scoring-service's AlhambraTile). */
@Schema(
        name = "AlhambraTile",
        description = "A tile of an Alhambra layout. x grows east, y south; the fountain at (0, 0) is implied "
                + "(it may be listed with no type, or type fountain, and no walls).")
public record AlhambraTile(
        @Schema(required = true, description = "-54 to 54") Integer x,
        @Schema(required = true, description = "-54 to 54") Integer y,

        @Schema(
                description =
                        "The building: pavilion, seraglio, arcades, chambers, garden or tower (required for scoring, optional for the wall)",
                examples = "tower")
        String type,

        @Schema(
                required = true,
                description = "The walled sides, letters from NESW, each once, any order; \"\" for none",
                examples = "NE")
        String walls) {}
