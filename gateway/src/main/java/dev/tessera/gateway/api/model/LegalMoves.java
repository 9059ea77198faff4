package dev.tessera.gateway.api.model;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** What GET legal-moves answers (game-service's GameResource.LegalMoves). */
@Schema(
        name = "LegalMoves",
        description = "Every move the caller may send now, at the game's current version. Empty when it "
                + "is not the caller's turn, when the game is over or waits for another service (a scoring round, a valuation), "
                + "and for a seat a server bot plays.",
        examples = Examples.LEGAL_MOVES_ALHAMBRA)
public record LegalMoves(
        @Schema(required = true, description = "The game's version: send it as expectedVersion with one of the moves")
        long version,

        @Schema(required = true, description = "The moves, each exactly as POST moves accepts it")
        List<Move> moves,

        @Schema(
                nullable = true,
                description =
                        "The player who may move now; null when nobody can (the game is over, or it "
                                + "waits for another service: a scoring round, a valuation). Ask for legal moves as that player.")
        String toAct) {}
