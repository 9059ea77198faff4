package dev.tessera.gateway.api.model;

import java.time.OffsetDateTime;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Who must act by when (game-service's GameResource.Clock). */
@Schema(name = "GameClock", description = "Who must act by when.")
public record GameClock(
        @Schema(required = true, description = "The player whose clock runs")
        String player,

        @Schema(
                required = true,
                description = "turn: move before the deadline; grace: timed out, move before the deadline or a bot "
                        + "takes the seat; bot: a bot is about to move",
                enumeration = {"turn", "grace", "bot"})
        String phase,

        @Schema(required = true) OffsetDateTime deadline) {}
