package dev.tessera.gateway.api.model;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Body of POST /api/v1/games/{id}/moves (game-service's GameResource.MoveRequest). */
@Schema(
        name = "MoveRequest",
        description = "A move with the game version it was chosen at.",
        examples = Examples.MOVE_REQUEST_ALHAMBRA_TAKE_MONEY)
public record MoveRequest(
        @Schema(
                required = true,
                description =
                        "The game version the move was chosen at (`version` of legal-moves or of the game). "
                                + "If the game moved on meanwhile the move is refused with 409 version-conflict and `currentVersion`: ask again.")
        Long expectedVersion,

        @Schema(required = true, description = "One of the moves GET legal-moves listed, as it was listed")
        Move move) {}
