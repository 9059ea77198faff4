package dev.tessera.gateway.api.model;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** What POST moves answers (game-service's GameService.MoveResult). */
@Schema(
        name = "MoveResult",
        description = "The move was accepted: the game's new version and the events it produced.",
        examples = Examples.MOVE_RESULT)
public record MoveResult(
        @Schema(required = true) String gameId,

        @Schema(required = true, description = "The game's version after the move (the last event's streamversion)")
        long version,

        @Schema(required = true, description = "The events the move produced, in order")
        List<CloudEvent> events,

        @Schema(
                nullable = true,
                description =
                        "The player who may move now; null when nobody can (the game is over, or it "
                                + "waits for another service: a scoring round, a valuation). Ask for legal moves as that player.")
        String toAct,

        @Schema(
                nullable = true,
                description = "When the caller is toAct again (the rest of a turn, a placement after a purchase): "
                        + "the moves they may send now, at `version`, exactly as GET legal-moves would list them, so that no read is "
                        + "needed before the next move. Null when another player, or nobody, is to act.")
        List<Move> legalMoves) {}
