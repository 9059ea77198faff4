package dev.tessera.game.play;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.AwaitsAnswer;
import dev.tessera.events.CloudEvent;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.Topics;
import dev.tessera.events.game.GameLifecycleEvent;
import dev.tessera.game.play.GameService.MoveResult;
import dev.tessera.kit.eventing.ConcurrencyConflictException;
import dev.tessera.kit.eventing.EventStore;
import dev.tessera.kit.eventing.OutboxRelay;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;

/**
 * Appends to a game's stream at the version it was read at: a player's or a bot's move as the rules decide it (with
 * its outbox rows and the next clock row), or a lifecycle fact such as a timeout; and counts the moves.
 */
@ApplicationScoped
public class GameMoves {
    @Inject
    EventStore store;

    @Inject
    OutboxRelay relay;

    @Inject
    FoldedGames folded;

    @Inject
    MeterRegistry registry;

    /** tessera_moves_unread_total: players' moves appended without reading the stream first ({@link #move}). */
    private Counter unread;

    @Inject
    GameClocks clocks;

    @Inject
    ClockWorker clockWorker;

    @Inject
    GameLoader loader;

    @Inject
    MoveJson json;

    @Inject
    MoveDecisions decisions;

    @PostConstruct
    void counters() {
        unread = Counter.builder("tessera.moves.unread")
                .description("Players' moves decided on the game kept in memory and appended without a read first")
                .register(registry);
    }

    /**
     * Plays {@code move} (JSON, as the move endpoint received it) for {@code player}, expecting the game
     * at {@code expectedVersion}. Appends the engine's events, or rejects: 409 on a stale version or when
     * a bot has taken the player's seat, 422 with the rule on an illegal move. Nothing is written when it
     * rejects. No transaction: the append writes the events, their outbox rows and the clock row for the next player
     * to act in one statement, only if the stream is still at the version expected (else a 409). A timeout or a bot
     * taking the seat meanwhile appends too, so it makes this append a conflict.
     * <p>
     * When this instance keeps the game at exactly {@code expectedVersion} with its clock row at that version (it made
     * the game's last append, or read it last), the move is decided on that and appended at once: one statement. The
     * state at a version never changes, and of the clock row a player's move reads only the seats bots took, which
     * change only with an append; so should the stream have moved on (another instance appended), the append finds
     * it and answers the 409 that a read first would have. Anything else (another version kept, no row known, a move
     * the kept game refuses) reads the stream first, as before: two statements, and every refusal decided on what was
     * read.
     */
    <S, M, E> Uni<MoveResult> move(String gameId, String player, long expectedVersion, JsonNode move) {
        return Panache.withSession(() -> {
                    MoveDecisions.Prepared<S, M, E> kept = decisions.fromKept(gameId, player, expectedVersion, move);
                    if (kept != null) {
                        unread.increment();
                        return appended(kept);
                    }
                    return loader.<S, M, E>currentWithClock(gameId)
                            .map(read -> decisions.prepare(
                                    read.game(), Optional.ofNullable(read.clock()), player, expectedVersion, move))
                            .chain(this::appended);
                })
                .invoke(done -> {
                    accepted(done.moved().after());
                    written(done.moved().after(), done.clock());
                })
                .map(done -> {
                    MoveResult result = done.moved().result();
                    GameStream<S, M, E> after = done.moved().after();
                    String next = GameService.toAct(after, done.clock().orElse(null), done::turn);
                    // The mover acts again (the rest of a turn, a placement after a purchase; any seat's turn in a
                    // sandbox): their next moves come with the answer, so a client needs no legal-moves read before
                    // its next move.
                    List<JsonNode> legal = !Seats.playsFor(after.started(), player, next)
                            ? null
                            : json.movesJson(
                                    after.engine(),
                                    done.turn()
                                            .filter(t -> t.player().equals(next))
                                            .map(ClockRules.Turn::legal)
                                            .orElseGet(() -> after.engine().legalMoves(after.state(), next)));
                    return new MoveResult(result.gameId(), result.version(), result.events(), next, legal);
                });
    }

    /** Appends a prepared move: its events, their outbox rows and its clock row in one statement. */
    private <S, M, E> Uni<ClockedMove<S, M, E>> appended(MoveDecisions.Prepared<S, M, E> p) {
        GameStream<S, M, E> game = p.game();
        String gameId = game.started().gameId();
        List<TesseraEvent> events =
                p.accepted().stream().map(e -> (TesseraEvent) e).toList();
        return appendTo(
                        game,
                        events,
                        clocks.alongside(gameId, p.clock(), p.row()),
                        // The move as the engine reads it (published with its events, for anyone to decide the game
                        // again), not as the client wrote it.
                        Batch.of(
                                game.version(),
                                p.seat(),
                                json.movesJson(game.engine(), List.of(p.parsed()))
                                        .get(0)),
                        GameClocks.toAct(p.turn(), p.row()))
                .chain(envelopes -> loader.snapshotIfDue(game.version(), p.after())
                        .replaceWith(new ClockedMove<>(
                                new Moved<>(
                                        new MoveResult(gameId, p.after().version(), envelopes, null, null), p.after()),
                                p.row(),
                                p.turn())));
    }

    /**
     * Decides {@code move} by {@code player} on {@code game} and appends its events at the game's version,
     * in the caller's transaction (a bot's move): the same rules and checks as a player's move. The caller counts
     * the accepted move once committed ({@link #accepted}).
     */
    <S, M, E> Uni<Moved<S, M, E>> play(GameStream<S, M, E> game, String player, M move) {
        String gameId = game.started().gameId();
        List<E> accepted = decisions.decided(game, player, move);
        List<TesseraEvent> events = accepted.stream().map(e -> (TesseraEvent) e).toList();
        JsonNode sent = json.movesJson(game.engine(), List.of(move)).get(0);
        GameStream<S, M, E> after = MoveDecisions.evolved(game, accepted, game.version() + accepted.size());
        // The clock row for whoever acts next is written after the bot's moves (DueClocks): no deadline here.
        EventStore.ToAct toAct = GameClocks.toAct(ClockRules.toAct(after), Optional.empty());
        return appendTo(game, events, null, Batch.of(game.version(), player, sent), toAct)
                .chain(envelopes -> {
                    return loader.snapshotIfDue(game.version(), after)
                            .replaceWith(
                                    new Moved<>(new MoveResult(gameId, after.version(), envelopes, null, null), after));
                });
    }

    /**
     * Appends a game lifecycle fact (a timeout, a bot taking a seat) at the game's version; the rules state is
     * unchanged.
     */
    <S, M, E> Uni<GameStream<S, M, E>> append(
            GameStream<S, M, E> game, GameLifecycleEvent event, EventStore.ToAct toAct) {
        return appendTo(game, List.of(event), null, null, toAct).chain(envelopes -> {
            GameStream<S, M, E> after = new GameStream<>(
                    game.started(),
                    game.engine(),
                    game.state(),
                    envelopes.get(envelopes.size() - 1).streamversion());
            return loader.snapshotIfDue(game.version(), after).replaceWith(after);
        });
    }

    /**
     * Appends at the version {@code game} was read at, with {@code alongside} (may be null) in the same statement,
     * {@code toAct} (may be null) published on the last event, and
     * {@code batch} (may be null: not a move) as the events' metadata ({@link Batch}); a stream found behind it makes
     * the kept game be read again.
     */
    Uni<List<CloudEvent>> appendTo(
            GameStream<?, ?, ?> game,
            List<TesseraEvent> events,
            EventStore.Alongside alongside,
            JsonNode batch,
            EventStore.ToAct toAct) {
        String gameId = game.started().gameId();
        return store.append(gameId, game.version(), events, Topics.GAME_EVENTS, alongside, batch, toAct)
                .onFailure(ConcurrencyConflictException.class)
                .invoke(e -> folded.forgetIfAhead(gameId, ((ConcurrencyConflictException) e).actualVersion()));
    }

    /**
     * What follows a committed append of a player's (a move, an undo) with its clock row {@code clock}: the game kept
     * in memory, the relay asked for the game's rows, the clock worker told of a bot now due.
     */
    void written(GameStream<?, ?, ?> after, Optional<ClockRow> clock) {
        // Only once written: a game in memory must never be ahead of its stream.
        folded.remember(after);
        // The row the append wrote (or left: clocks off), at the version it made.
        folded.rememberRow(after.started().gameId(), after.version(), clock);
        // The append added rows for its game's key only: the relay needs not ask which slots have some. Events that
        // scoring-service answers go out at once, the rest when the relay's linger is over.
        if (after.lastAppend() != null
                && after.lastAppend().stream().anyMatch(e -> e.event() instanceof AwaitsAnswer)) {
            relay.kickNowFor(after.started().gameId());
        } else {
            relay.kickFor(after.started().gameId());
        }
        clocks.written(clock);
        if (clock.filter(ClockRow::botDue).isPresent()) {
            clockWorker.kick();
        }
    }

    /** Counts a committed move of {@code game}'s title (tessera_moves_total{result="accepted"}). */
    void accepted(GameStream<?, ?, ?> game) {
        decisions.moves(game.engine().game(), "accepted", "ok").increment();
    }

    /** A move appended, and the game after it. */
    record Moved<S, M, E>(MoveResult result, GameStream<S, M, E> after) {}

    private record ClockedMove<S, M, E>(
            Moved<S, M, E> moved, Optional<ClockRow> clock, Optional<ClockRules.Turn<M>> turn) {}
}
