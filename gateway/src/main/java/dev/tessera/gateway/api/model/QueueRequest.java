package dev.tessera.gateway.api.model;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Body of POST /api/v1/matchmaking (lobby-service's MatchmakingResource.QueueRequest). */
@Schema(name = "QueueRequest", description = "The game and table size to wait for.", examples = Examples.QUEUE)
public record QueueRequest(
        @Schema(required = true, description = "The game to play", enumeration = {"alhambra", "carrara", "builders"}) String game,
        @Schema(required = true, description = "How many play at the table (the game's minimum to maximum)") Integer players) {
}
