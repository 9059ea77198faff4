package dev.tessera.gateway.api.model;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Body of POST /api/v1/games/{id}/undo (game-service's GameResource.UndoRequest). */
@Schema(name = "UndoRequest", description = "The version of the game the player saw.", examples = Examples.UNDO_REQUEST)
public record UndoRequest(
        @Schema(
                required = true,
                description = "The game's current version, as the player last saw it; a stale one is a 409")
        Long expectedVersion) {}
