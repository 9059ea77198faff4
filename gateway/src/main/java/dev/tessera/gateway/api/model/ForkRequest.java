package dev.tessera.gateway.api.model;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Body of POST /api/v1/games/{id}/forks (game-service's GameResource.ForkRequest). */
@Schema(
        name = "ForkRequest",
        description = "The version of a finished game to fork at.",
        examples = Examples.FORK_REQUEST)
public record ForkRequest(
        @Schema(
                required = true,
                minimum = "1",
                description = "A version of the game, 1 to its last: the fork starts at exactly the position the "
                        + "game had then (the version of `?at=` and of the history's lines)")
        Long at) {}
