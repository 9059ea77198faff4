package dev.tessera.game.play;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.CloudEvent;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.game.MovesTakenBack;
import dev.tessera.game.play.GameService.MoveResult;
import dev.tessera.game.rules.MoveChecks;
import dev.tessera.kit.eventing.ConcurrencyConflictException;
import dev.tessera.kit.eventing.EventStore;
import dev.tessera.kit.eventing.SessionSql;
import dev.tessera.kit.eventing.StoredEvent;
import dev.tessera.kit.problem.ProblemException;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;

/**
 * Undo within a turn: takes back a player's moves since their turn began, back to the last point where something
 * hidden or random came to light ({@link UndoPoint}), by appending {@link MovesTakenBack}. Nothing is deleted; the
 * game is folded past the taken-back events ({@link GameLoader}).
 */
@ApplicationScoped
public class GameUndo {
    /** How many of a stream's latest events an undo reads: no turn has as many moves. */
    static final int WINDOW = 256;

    @Inject
    EventStore store;

    @Inject
    GameLoader loader;

    @Inject
    GameMoves moves;

    @Inject
    GameClocks clocks;

    @Inject
    MoveJson json;

    /**
     * Takes back {@code player}'s moves since their turn began, expecting the game at {@code expectedVersion}. A 409 on
     * a stale version or a seat a bot took; a 422 naming why it cannot: {@code game-over}, {@code not-a-player},
     * {@code not-your-turn}, {@code nothing-to-undo}, {@code information-revealed}. Writes nothing when it refuses.
     * Answers as a move does: the new version, the event, who is to act and, for the player, their moves now.
     */
    <S, M, E> Uni<MoveResult> undo(String gameId, String player, long expectedVersion) {
        return Panache.withSession(() -> loader.<S, M, E>currentWithClock(gameId)
                        .chain(read -> {
                            GameStream<S, M, E> game = read.game();
                            Optional<ClockRow> clock = Optional.ofNullable(read.clock());
                            if (clock.isPresent() && clock.get().isBot(player)) {
                                throw ProblemException.conflict(
                                        "seat-taken-by-bot",
                                        player + " timed out and a bot plays their seat now; it cannot be undone from"
                                                + " outside any more");
                            }
                            if (game.version() != expectedVersion) {
                                throw new ConcurrencyConflictException(gameId, expectedVersion, game.version());
                            }
                            String seat = mover(game, player);
                            return recent(gameId, game.version()).chain(recent -> {
                                UndoPoint.Verdict verdict = UndoPoint.find(recent, seat, game.engine());
                                if (verdict instanceof UndoPoint.Refused refused) {
                                    throw ProblemException.illegalMove(refused.rule(), refused.detail());
                                }
                                UndoPoint.Possible undo = (UndoPoint.Possible) verdict;
                                return loader.<S, M, E>at(gameId, undo.toVersion())
                                        .chain(then -> takeBack(game, clock, seat, undo, then));
                            });
                        }))
                .invoke(done -> moves.written(done.after(), done.clock()))
                .map(done -> {
                    GameStream<S, M, E> after = done.after();
                    String next = GameService.toAct(after, done.clock().orElse(null));
                    List<JsonNode> legal = Seats.playsFor(after.started(), player, next)
                            ? json.movesJson(after.engine(), after.engine().legalMoves(after.state(), next))
                            : null;
                    return new MoveResult(gameId, after.version(), done.events(), next, legal);
                });
    }

    /**
     * Whether {@code player} could undo now (for legal-moves): false, without reading the stream, unless they may move
     * in {@code game}; without reading it either when the game kept in memory knows its last append (this instance
     * made it), else from the stream's last append.
     */
    <S, M, E> Uni<Boolean> possible(GameStream<S, M, E> game, String player) {
        String seat = seat(game, player);
        if (MoveChecks.rejectionOfAnyAct(game.engine(), game.state(), seat).isPresent()) {
            return Uni.createFrom().item(false);
        }
        if (game.lastAppend() != null) {
            return Uni.createFrom()
                    .item(UndoPoint.find(game.lastAppend(), seat, game.engine()) instanceof UndoPoint.Possible);
        }
        return lastMove(game.started().gameId(), game.version())
                .map(last -> UndoPoint.find(last, seat, game.engine()) instanceof UndoPoint.Possible);
    }

    /**
     * The events of the stream's last append, with their metadata: all an undo's walk needs to say whether it would
     * take anything back, since it takes back that append's move or nothing (two reads by key, not a window).
     */
    private Uni<List<UndoPoint.Entry>> lastMove(String gameId, long version) {
        return entries(
                gameId,
                "version >= (SELECT coalesce(CAST(metadata->>'" + Batch.FIRST + "' AS bigint), version) FROM events"
                        + " WHERE stream_id = $1 AND version = $2)",
                version);
    }

    /** The seat {@code player} undoes for, after the checks every move goes through (a 422 naming the one that fails). */
    private static <S, M, E> String mover(GameStream<S, M, E> game, String player) {
        String seat = seat(game, player);
        MoveChecks.rejectionOfAnyAct(game.engine(), game.state(), seat).ifPresent(rejected -> {
            throw ProblemException.illegalMove(rejected.rule(), rejected.detail());
        });
        return seat;
    }

    /** The seat {@code player} acts for; the player themselves where they have none (they are then no player). */
    private static <S, M, E> String seat(GameStream<S, M, E> game, String player) {
        String seat = Seats.actingAs(game, player);
        return seat == null ? player : seat;
    }

    /** The stream's latest events, at most {@link #WINDOW}, with each one's metadata. */
    private Uni<List<UndoPoint.Entry>> recent(String gameId, long version) {
        return entries(gameId, "version > $2", Math.max(0, version - WINDOW));
    }

    /** The stream's events that {@code condition} (on {@code version}, with $2 bound to {@code bound}) selects. */
    private Uni<List<UndoPoint.Entry>> entries(String gameId, String condition, long bound) {
        return SessionSql.select(
                        "SELECT " + EventStore.COLUMNS + ", metadata::text FROM events" + " WHERE stream_id = $1 AND "
                                + condition + " ORDER BY version",
                        gameId,
                        bound)
                .map(rows -> rows.stream()
                        .map(r -> {
                            StoredEvent stored = store.stored(gameId, r);
                            return new UndoPoint.Entry(
                                    stored.version(), store.event(stored), store.tree((String) r[6]));
                        })
                        .toList());
    }

    private <S, M, E> Uni<Done<S, M, E>> takeBack(
            GameStream<S, M, E> game,
            Optional<ClockRow> clock,
            String seat,
            UndoPoint.Possible undo,
            GameStream<S, M, E> then) {
        String gameId = game.started().gameId();
        GameStream<S, M, E> after = new GameStream<>(game.started(), game.engine(), then.state(), game.version() + 1);
        // The same player is still to act, on the clock that ran for them: an undo gives no time back.
        Optional<ClockRules.Turn<M>> turn = ClockRules.toAct(after);
        Optional<ClockRow> row = clocks.enabled() ? clocks.nextRow(after, () -> turn, clock, true) : clock;
        List<TesseraEvent> event = List.of(new MovesTakenBack(gameId, seat, undo.toVersion(), undo.moves()));
        return moves.appendTo(game, event, clocks.alongside(gameId, clock, row), null, GameClocks.toAct(turn, row))
                .chain(envelopes ->
                        loader.snapshotIfDue(game.version(), after).replaceWith(new Done<>(after, envelopes, row)));
    }

    private record Done<S, M, E>(GameStream<S, M, E> after, List<CloudEvent> events, Optional<ClockRow> clock) {}
}
