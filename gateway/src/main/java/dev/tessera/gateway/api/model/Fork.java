package dev.tessera.gateway.api.model;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** What a sandbox game was forked from (GameStarted.Fork of the event contract). */
@Schema(name = "Fork", description = "What a sandbox game was forked from, and who plays it.")
public record Fork(
        @Schema(required = true, description = "The finished game it was forked from")
        String gameId,

        @Schema(required = true, description = "The version of that game it was forked at")
        long at,

        @Schema(required = true, description = "Who forked it: the one player of every seat")
        String player) {}
