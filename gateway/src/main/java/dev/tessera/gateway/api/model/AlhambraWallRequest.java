package dev.tessera.gateway.api.model;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Body of POST /api/v1/calculators/alhambra/wall. */
@Schema(
        name = "AlhambraWallRequest",
        description = "A layout whose longest outer wall to measure (tile types optional).",
        examples = Examples.ALHAMBRA_WALL_REQUEST)
public record AlhambraWallRequest(@Schema(required = true) List<AlhambraTile> alhambra) {}
