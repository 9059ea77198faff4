package dev.tessera.game.rules;

import java.util.Optional;

/**
 * The checks every title's moves go through before the title's own rules ({@link RulesEngine#decideMove}), in this
 * order, so that the same mistake is the same rejection in every game:
 * <ol>
 *   <li>{@code game-over}: the game is over ({@link RulesEngine#isOver}), whoever moves;</li>
 *   <li>{@code not-a-player}: the mover has no seat in the game ({@link RulesEngine#plays});</li>
 *   <li>the title's refusals of a move whoever sends it ({@link RulesEngine#refusedToAnyone}: Carrara's expansion
 *       moves in a game without it, and its wait for a valuation);</li>
 *   <li>{@code not-your-turn}: the title says the mover may not move now ({@link RulesEngine#mayMove}; in Alhambra's
 *       final placement several players may).</li>
 * </ol>
 * A stale {@code expectedVersion} is checked before all of these, by the play layer ({@code GameService.move}), which
 * holds the versions.
 */
public final class MoveChecks {
    private MoveChecks() {}

    /** The rejection of {@code move} by {@code player} the checks every game needs make, if one of them fails. */
    public static <S, M, E> Optional<Decision.Rejected<E>> rejection(
            RulesEngine<S, M, E> engine, S state, String player, M move) {
        return seatRejection(engine, state, player)
                .or(() -> engine.refusedToAnyone(state, move))
                .or(() -> turnRejection(engine, state, player));
    }

    /**
     * The same checks for an act that is no move of the title (an undo): game over, not a player, not your turn, in
     * that order.
     */
    public static <S, M, E> Optional<Decision.Rejected<E>> rejectionOfAnyAct(
            RulesEngine<S, M, E> engine, S state, String player) {
        return seatRejection(engine, state, player).or(() -> turnRejection(engine, state, player));
    }

    private static <S, M, E> Optional<Decision.Rejected<E>> seatRejection(
            RulesEngine<S, M, E> engine, S state, String player) {
        if (engine.isOver(state)) {
            return Optional.of(new Decision.Rejected<>("game-over", "The game is over."));
        }
        if (player == null || !engine.plays(state, player)) {
            return Optional.of(new Decision.Rejected<>("not-a-player", player + " is not playing this game."));
        }
        return Optional.empty();
    }

    private static <S, M, E> Optional<Decision.Rejected<E>> turnRejection(
            RulesEngine<S, M, E> engine, S state, String player) {
        if (!engine.mayMove(state, player)) {
            return Optional.of(new Decision.Rejected<>("not-your-turn", engine.notYourTurn(state, player)));
        }
        return Optional.empty();
    }
}
