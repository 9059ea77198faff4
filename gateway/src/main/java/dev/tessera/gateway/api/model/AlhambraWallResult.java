package dev.tessera.gateway.api.model;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Answer of the wall calculator. */
@Schema(name = "AlhambraWallResult", examples = Examples.ALHAMBRA_WALL_RESULT)
public record AlhambraWallResult(
        @Schema(required = true, description = "The longest continuous outer wall, in wall segments")
        int longestWall) {}
