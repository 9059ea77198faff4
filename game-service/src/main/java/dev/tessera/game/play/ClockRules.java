package dev.tessera.game.play;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;

/**
 * The turn clocks' rules, pure: whose turn it is, and which clock row follows a game's new version. {@link GameClocks}
 * reads and writes the rows; {@code ClockRulesTest} tests these.
 */
final class ClockRules {
    private ClockRules() {}

    /** The player to act and their legal moves. */
    public record Turn<M>(String player, List<M> legal) {}

    /**
     * Whose turn it is: the first player in seat order with a legal move. None when the game is over or
     * waits for another service (Carrara's valuation, Alhambra's scoring), for then nobody can move.
     */
    public static <S, M, E> Optional<Turn<M>> toAct(GameStream<S, M, E> game) {
        if (game.engine().isOver(game.state())) {
            return Optional.empty();
        }
        for (String player : game.started().players()) {
            List<M> legal = game.engine().legalMoves(game.state(), player);
            if (!legal.isEmpty()) {
                return Optional.of(new Turn<>(player, legal));
            }
        }
        return Optional.empty();
    }

    /** Now, to the microsecond PostgreSQL keeps: a deadline in an event and in its row are then the same instant. */
    static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
    }

    /** The row that follows; pure (see {@link GameClocks#after}). */
    static Optional<ClockRow> next(
            String gameId,
            long version,
            String actor,
            Optional<Duration> turn,
            List<String> bots,
            Optional<ClockRow> before,
            boolean keepRunning,
            OffsetDateTime now) {
        Optional<ClockRow> idle = bots.isEmpty()
                ? Optional.empty()
                : Optional.of(new ClockRow(gameId, null, ClockRow.IDLE, null, version, bots));
        if (actor == null) {
            return idle;
        }
        if (bots.contains(actor)) {
            return Optional.of(new ClockRow(gameId, actor, ClockRow.BOT, now, version, bots));
        }
        if (turn.isEmpty()) {
            return idle;
        }
        if (keepRunning
                && before.isPresent()
                && actor.equals(before.get().player())
                && before.get().deadline() != null
                && (ClockRow.TURN.equals(before.get().phase())
                        || ClockRow.GRACE.equals(before.get().phase()))) {
            return Optional.of(new ClockRow(
                    gameId, actor, before.get().phase(), before.get().deadline(), version, bots));
        }
        return Optional.of(new ClockRow(gameId, actor, ClockRow.TURN, now.plus(turn.get()), version, bots));
    }
}
