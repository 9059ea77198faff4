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
        String toAct,

        @Schema(
                required = true,
                description = "Whether the caller may take back their moves of this turn now (POST …/undo would be "
                        + "accepted): they made a move since their turn began and nothing hidden or random was revealed "
                        + "since")
        boolean undo,

        @Schema(
                required = true,
                description = "The indexes in `moves` of the moves that would reveal something hidden or random (a "
                        + "card drawn, the wheel's bag) and leave the turn going: once one is played, nothing before it "
                        + "can be taken back, so a client may ask the player to confirm it. A move that ends the turn is "
                        + "final anyway and is not listed.")
        List<Integer> revealing) {}
