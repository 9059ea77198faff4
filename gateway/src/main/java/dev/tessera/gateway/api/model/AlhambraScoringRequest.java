package dev.tessera.gateway.api.model;

import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Body of POST /api/v1/calculators/alhambra/scoring (scoring-service's AlhambraScoringRequest). */
@Schema(
        name = "AlhambraScoringRequest",
        description = "A scoring round to compute. Each player gives either a layout (`alhambra`; "
                + "building counts and the longest wall come from it) or `buildings` counts with an optional `wall`.",
        examples = Examples.ALHAMBRA_SCORING_REQUEST)
public record AlhambraScoringRequest(
        @Schema(required = true, description = "1, 2 or 3") Integer round,

        @Schema(required = true, description = "2 to 6 players, ids unique")
        List<Player> players,

        @Schema(description = "Dirk, the neutral player of 2-player games: ranks, but scores nothing")
        Neutral neutral) {

    @Schema(name = "AlhambraScoringPlayer", description = "One player: exactly one of alhambra or buildings.")
    public record Player(
            @Schema(required = true) String id,
            @Schema(description = "The player's layout") List<AlhambraTile> alhambra,

            @Schema(
                    description = "Buildings by type (pavilion, seraglio, arcades, chambers, garden, tower)",
                    examples = "{\"pavilion\": 2, \"tower\": 1}")
            Map<String, Integer> buildings,

            @Schema(description = "The longest wall, with buildings only (default 0, at most 112)")
            Integer wall) {}

    @Schema(name = "AlhambraNeutral", description = "Dirk's buildings by type.")
    public record Neutral(@Schema(required = true) Map<String, Integer> buildings) {}
}
