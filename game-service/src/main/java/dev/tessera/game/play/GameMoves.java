package dev.tessera.game.play;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.CloudEvent;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.Topics;
import dev.tessera.events.game.GameLifecycleEvent;
import dev.tessera.game.play.GameService.MoveResult;
import dev.tessera.game.rules.Decision;
import dev.tessera.kit.eventing.ConcurrencyConflictException;
import dev.tessera.kit.eventing.EventStore;
import dev.tessera.kit.eventing.OutboxRelay;
import dev.tessera.kit.problem.ProblemException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * Appends to a game's stream at the version it was read at: a player's or a bot's move as the rules decide it (with
 * its outbox rows and the next clock row), or a lifecycle fact such as a timeout; and counts the moves.
 */
@ApplicationScoped
public class GameMoves {
    /** Rule codes that mean "the game waits for another service" (a 409), not "the rules forbid it" (a 422). */
    private static final Set<String> WAITING_RULES = Set.of("awaiting-valuation");

    @Inject
    EventStore store;

    @Inject
    OutboxRelay relay;

    @Inject
    FoldedGames folded;

    @Inject
    MeterRegistry registry;

    @Inject
    GameClocks clocks;

    @Inject
    ClockWorker clockWorker;

    @Inject
    GameLoader loader;

    @Inject
    MoveJson json;

    /**
     * Plays {@code move} (JSON, as the move endpoint received it) for {@code player}, expecting the game
     * at {@code expectedVersion}. Appends the engine's events, or rejects: 409 on a stale version or when
     * a bot has taken the player's seat, 422 with the rule on an illegal move. Nothing is written when it
     * rejects. Two statements and no transaction: the game's new events and its clock row in one read, and the
     * append, which writes the events, their outbox rows and the clock row for the next player to act in one
     * statement, only if the stream is still at the version read (else a 409). A timeout or a bot taking the seat
     * meanwhile appends too, so it makes this append a conflict.
     */
    <S, M, E> Uni<MoveResult> move(String gameId, String player, long expectedVersion, JsonNode move) {
        return Panache.withSession(() -> loader.<S, M, E>currentWithClock(gameId)
                        .chain(read -> {
                            Optional<ClockRow> clock = Optional.ofNullable(read.clock());
                            GameStream<S, M, E> game = read.game();
                            if (clock.isPresent() && clock.get().isBot(player)) {
                                throw ProblemException.conflict(
                                        "seat-taken-by-bot",
                                        player + " timed out and a bot plays their seat "
                                                + "now; the seat cannot be moved from outside any more");
                            }
                            if (game.version() != expectedVersion) {
                                throw new ConcurrencyConflictException(gameId, expectedVersion, game.version());
                            }
                            String seat = Seats.actingAs(game, player);
                            if (seat == null) {
                                throw ProblemException.illegalMove(
                                        "not-a-player",
                                        "this is a sandbox game that only "
                                                + game.started().fork().player() + ", who forked it, plays");
                            }
                            M parsed = json.parse(game.engine(), move);
                            List<E> accepted = decided(game, seat, parsed);
                            GameStream<S, M, E> after = evolved(game, accepted, game.version() + accepted.size())
                                    .withLastAppend(appended(game.version(), seat, accepted));
                            // Whose turn it is now: the clock row needs it, and so does the answer (the mover's next
                            // moves).
                            Optional<ClockRules.Turn<M>> turn = ClockRules.toAct(after);
                            Optional<ClockRow> row =
                                    clocks.enabled() ? clocks.nextRow(after, () -> turn, clock, false) : clock;
                            List<TesseraEvent> events =
                                    accepted.stream().map(e -> (TesseraEvent) e).toList();
                            return appendTo(
                                            game,
                                            events,
                                            clocks.alongside(gameId, clock, row),
                                            // The move as the engine reads it (published with its events, for
                                            // anyone to decide the game again), not as the client wrote it.
                                            Batch.of(
                                                    game.version(),
                                                    seat,
                                                    json.movesJson(game.engine(), List.of(parsed))
                                                            .get(0)),
                                            GameClocks.toAct(turn, row))
                                    .chain(envelopes -> loader.snapshotIfDue(game.version(), after)
                                            .replaceWith(new ClockedMove<>(
                                                    new Moved<>(
                                                            new MoveResult(
                                                                    gameId, after.version(), envelopes, null, null),
                                                            after),
                                                    row,
                                                    turn)));
                        }))
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

    /**
     * Decides {@code move} by {@code player} on {@code game} and appends its events at the game's version,
     * in the caller's transaction (a bot's move): the same rules and checks as a player's move. The caller counts
     * the accepted move once committed ({@link #accepted}).
     */
    <S, M, E> Uni<Moved<S, M, E>> play(GameStream<S, M, E> game, String player, M move) {
        String gameId = game.started().gameId();
        List<E> accepted = decided(game, player, move);
        List<TesseraEvent> events = accepted.stream().map(e -> (TesseraEvent) e).toList();
        JsonNode sent = json.movesJson(game.engine(), List.of(move)).get(0);
        GameStream<S, M, E> after = evolved(game, accepted, game.version() + accepted.size());
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
     * The events the rules decide for {@code move} by {@code player} on {@code game}; else a rejection with the rule (a
     * 409 when the game waits for another service, else a 422), counted.
     */
    private <S, M, E> List<E> decided(GameStream<S, M, E> game, String player, M move) {
        Decision<E> decision = game.engine().decide(game.state(), player, move);
        if (decision instanceof Decision.Rejected<E> rejected) {
            moves(game.engine().game(), "rejected", rejected.rule()).increment();
            // Waiting for another service is a conflict with the moment, not an illegal move: retry later.
            throw WAITING_RULES.contains(rejected.rule())
                    ? ProblemException.conflict(rejected.rule(), rejected.detail())
                    : ProblemException.illegalMove(rejected.rule(), rejected.detail());
        }
        return ((Decision.Accepted<E>) decision).events();
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
        // The append added rows for its game's key only: the relay needs not ask which slots have some.
        relay.kickFor(after.started().gameId());
        clocks.written(clock);
        if (clock.filter(ClockRow::botDue).isPresent()) {
            clockWorker.kick();
        }
    }

    /** Counts a committed move of {@code game}'s title (tessera_moves_total{result="accepted"}). */
    void accepted(GameStream<?, ?, ?> game) {
        moves(game.engine().game(), "accepted", "ok").increment();
    }

    /** A move appended, and the game after it. */
    record Moved<S, M, E>(MoveResult result, GameStream<S, M, E> after) {}

    private record ClockedMove<S, M, E>(
            Moved<S, M, E> moved, Optional<ClockRow> clock, Optional<ClockRules.Turn<M>> turn) {}

    /** tessera_moves_total{game, result, rule}: what players try and what the rules say. */
    private Counter moves(String game, String result, String rule) {
        return Counter.builder("tessera.moves")
                .tag("game", game)
                .tag("result", result)
                .tag("rule", rule)
                .description("Moves played, by game, result (accepted, rejected) and the rule a rejected one broke")
                .register(registry);
    }

    /** The events of a move of {@code seat} appended after {@code version}, as the store will hold them. */
    private static <E> List<UndoPoint.Entry> appended(long version, String seat, List<E> events) {
        JsonNode metadata = Batch.of(version, seat, null);
        return IntStream.range(0, events.size())
                .mapToObj(i -> new UndoPoint.Entry(version + 1 + i, (TesseraEvent) events.get(i), metadata))
                .toList();
    }

    private static <S, M, E> GameStream<S, M, E> evolved(GameStream<S, M, E> game, List<E> events, long version) {
        S state = game.state();
        for (E event : events) {
            state = game.engine().evolve(state, event);
        }
        return new GameStream<>(game.started(), game.engine(), state, version);
    }
}
