package dev.tessera.game.play;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.Games;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.Topics;
import dev.tessera.events.game.GameLifecycleEvent;
import dev.tessera.events.game.GameStarted;
import dev.tessera.events.lobby.TableStarted;
import dev.tessera.game.rules.Decision;
import dev.tessera.game.rules.GameSetup;
import dev.tessera.game.rules.RulesEngine;
import dev.tessera.kit.eventing.ConcurrencyConflictException;
import dev.tessera.kit.eventing.EventStore;
import dev.tessera.kit.eventing.OutboxRelay;
import dev.tessera.kit.eventing.StoredEvent;
import dev.tessera.kit.problem.ProblemException;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.BiPredicate;
import java.util.function.Supplier;

/**
 * Games as event streams: created from a started table, folded to state through their rules engine,
 * moved by appending the events the engine decides at the version the mover saw.
 */
@ApplicationScoped
public class GameService {
    private static final Logger LOG = Logger.getLogger(GameService.class);
    private static final SecureRandom SEEDS = new SecureRandom();
    /** Rule codes that mean "the game waits for another service" (a 409), not "the rules forbid it" (a 422). */
    private static final java.util.Set<String> WAITING_RULES = java.util.Set.of("awaiting-valuation");

    @Inject
    EventStore store;

    @Inject
    OutboxRelay relay;

    @Inject
    Engines engines;

    @Inject
    EventCodec codec;

    @ConfigProperty(name = "tessera.snapshots.every", defaultValue = "50")
    long snapshotEvery;

    @Inject
    FoldedGames folded;

    @Inject
    MeterRegistry registry;

    @Inject
    GameClocks clocks;

    @Inject
    ClockWorker clockWorker;

    /** The game id of a table: derived, so that creating a table's game twice finds the first one. */
    public static String gameIdOf(String tableId) {
        return UUID.nameUUIDFromBytes(("tessera-game:" + tableId).getBytes(StandardCharsets.UTF_8)).toString();
    }

    /**
     * Creates the game of a started table with a fresh recorded seed, and its clock row when the table has a
     * clock. Runs in the caller's transaction (the caller asks the relay for a run once it has committed). A second
     * delivery finds the stream already started and changes nothing.
     */
    public Uni<Void> create(TableStarted table) {
        Games.Title title = Games.byId(table.game()).orElseThrow(() ->
                new IllegalArgumentException("TableStarted for unknown game " + table.game()));
        if (table.players().size() < title.minPlayers() || table.players().size() > title.maxPlayers()) {
            throw new IllegalArgumentException(title.name() + " cannot start with " + table.players().size() + " players");
        }
        String gameId = gameIdOf(table.tableId());
        long seed = SEEDS.nextLong();
        RulesEngine<Object, Object, Object> engine = engines.get(table.game());
        // The engine may add what it fixes for new games (The Builders: its cards' edition) to the recorded options.
        Map<String, String> options = engine.optionsForNewGame(table.options());
        Object initial = engine.start(new GameSetup(table.players(), seed, options));
        GameStarted started = new GameStarted(gameId, table.tableId(), table.game(), table.players(), seed,
                options, mapper().valueToTree(engine.view(initial, null)));
        return store.version(gameId).chain(version -> {
            if (version > 0) {
                LOG.infof("game %s of table %s exists already", gameId, table.tableId());
                return Uni.createFrom().voidItem();
            }
            return store.append(gameId, 0, List.of(started), Topics.GAME_EVENTS)
                    .chain(() -> clocks.after(new GameStream<>(started, engine, initial, 1), Optional.empty(), false))
                    .replaceWithVoid();
        });
    }

    /** The game folded to its current state, from its latest snapshot when there is one. */
    public <S, M, E> Uni<GameStream<S, M, E>> load(String gameId) {
        return Panache.withSession(() -> current(gameId));
    }

    /** The game now with its clock row (who is to act until when, which seats bots play), if it has one. */
    public <S, M, E> Uni<Clocked<S, M, E>> loadWithClock(String gameId) {
        return Panache.withSession(() -> currentWithClock(gameId));
    }

    /**
     * The game now and its clock row: for a game kept in memory, its new events and the row in one statement; else the
     * two reads at once on the session's connection (pipelined; PostgreSQL runs them in order).
     */
    private <S, M, E> Uni<Clocked<S, M, E>> currentWithClock(String gameId) {
        GameStream<S, M, E> kept = folded.get(gameId);
        if (kept == null) {
            return Uni.combine().all().unis(this.<S, M, E>current(gameId), clocks.find(gameId))
                    .with((game, clock) -> new Clocked<>(game, clock.orElse(null)));
        }
        return clocks.tailAndRow(gameId, kept.version()).map(read -> {
            GameStream<S, M, E> game = foldFrom(kept.started(), kept.engine(), kept.state(), kept.version(), read.tail());
            folded.remember(game);
            return new Clocked<>(game, read.row().orElse(null));
        });
    }

    /** A game and its clock row ({@code null} when it has none). */
    public record Clocked<S, M, E>(GameStream<S, M, E> game, ClockRow clock) {
        public List<String> bots() {
            return clock == null ? List.of() : clock.bots();
        }
    }

    /**
     * The game now: the state kept in memory brought up to date with the events after it (usually
     * none), else the latest snapshot plus its tail, else a fold of the whole stream. The stream
     * decides in every case, so several instances of this service may serve the same game.
     */
    <S, M, E> Uni<GameStream<S, M, E>> current(String gameId) {
        GameStream<S, M, E> kept = folded.get(gameId);
        Uni<GameStream<S, M, E>> loaded;
        if (kept != null) {
            loaded = store.load(gameId, kept.version())
                    .map(tail -> foldFrom(kept.started(), kept.engine(), kept.state(), kept.version(), tail));
        } else {
            loaded = store.snapshot(gameId).chain(snapshot -> snapshot.isPresent()
                    ? this.<S, M, E>fromSnapshot(gameId, snapshot.get())
                    : store.load(gameId, 0).map(events -> fold(gameId, events)));
        }
        return loaded.invoke(folded::remember);
    }

    private <S, M, E> Uni<GameStream<S, M, E>> fromSnapshot(String gameId, EventStore.Snapshot snapshot) {
        return store.at(gameId, 1).chain(first -> {
            GameStarted started = (GameStarted) store.event(first);
            RulesEngine<S, M, E> engine = engines.get(started.game());
            S base;
            try {
                base = mapper().treeToValue(snapshot.state(), engine.stateType());
            } catch (Exception e) {
                LOG.warnf("snapshot of %s at %d unreadable (%s): folding from the start", gameId, snapshot.version(), e.getMessage());
                return store.load(gameId, 0).map(events -> fold(gameId, events));
            }
            return store.load(gameId, snapshot.version())
                    .map(tail -> foldFrom(started, engine, base, snapshot.version(), tail));
        });
    }

    private <S, M, E> GameStream<S, M, E> fold(String gameId, List<StoredEvent> events) {
        if (events.isEmpty()) {
            throw ProblemException.notFound("game", gameId);
        }
        GameStarted started = (GameStarted) store.event(events.get(0));
        RulesEngine<S, M, E> engine = engines.get(started.game());
        S initial = engine.start(new GameSetup(started.players(), started.seed(), started.options()));
        return foldFrom(started, engine, initial, 1, events.subList(1, events.size()));
    }

    @SuppressWarnings("unchecked")
    private <S, M, E> GameStream<S, M, E> foldFrom(GameStarted started, RulesEngine<S, M, E> engine, S state, long version,
                                                   List<StoredEvent> events) {
        for (StoredEvent stored : events) {
            TesseraEvent event = store.event(stored);
            if (engine.eventType().isInstance(event)) {
                state = engine.evolve(state, (E) event);
            }
            version = stored.version();
        }
        return new GameStream<>(started, engine, state, version);
    }

    /**
     * Stores a snapshot when the stream crosses a multiple of {@code tessera.snapshots.every} events, and
     * only of a state that comes back equal from its JSON: a snapshot must rebuild the game exactly.
     */
    <S, M, E> Uni<Void> snapshotIfDue(long versionBefore, GameStream<S, M, E> after) {
        if (after.version() / snapshotEvery == versionBefore / snapshotEvery) {
            return Uni.createFrom().voidItem();
        }
        try {
            JsonNode json = mapper().valueToTree(after.state());
            if (!after.state().equals(mapper().treeToValue(json, after.engine().stateType()))) {
                LOG.debugf("%s state does not survive JSON: no snapshot", after.engine().game());
                return Uni.createFrom().voidItem();
            }
            return store.saveSnapshot(after.started().gameId(), after.version(), json);
        } catch (Exception e) {
            LOG.debugf("%s state cannot be snapshotted: %s", after.engine().game(), e.getMessage());
            return Uni.createFrom().voidItem();
        }
    }

    /**
     * Plays {@code move} (JSON, as the move endpoint received it) for {@code player}, expecting the game
     * at {@code expectedVersion}. Appends the engine's events, or rejects: 409 on a stale version or when
     * a bot has taken the player's seat, 422 with the rule on an illegal move. Nothing is written when it
     * rejects. Two statements and no transaction: the game's new events and its clock row in one read, and the
     * append, which writes the events, their outbox rows and the clock row for the next player to act in one
     * statement, only if the stream is still at the version read (else a 409). A timeout or a bot taking the seat
     * meanwhile appends too, so it makes this append a conflict.
     */
    public <S, M, E> Uni<MoveResult> move(String gameId, String player, long expectedVersion, JsonNode move) {
        return Panache.withSession(() -> this.<S, M, E>currentWithClock(gameId).chain(read -> {
            Optional<ClockRow> clock = Optional.ofNullable(read.clock());
            GameStream<S, M, E> game = read.game();
            if (clock.isPresent() && clock.get().isBot(player)) {
                throw ProblemException.conflict("seat-taken-by-bot", player + " timed out and a bot plays their seat now; "
                        + "the seat cannot be moved from outside any more");
            }
            if (game.version() != expectedVersion) {
                throw new ConcurrencyConflictException(gameId, expectedVersion, game.version());
            }
            List<E> accepted = decided(game, player, parse(game.engine(), move));
            GameStream<S, M, E> after = evolved(game, accepted, game.version() + accepted.size());
            // Whose turn it is now: the clock row needs it, and so does the answer (the mover's next moves).
            Optional<GameClocks.Turn<M>> turn = GameClocks.toAct(after);
            Optional<ClockRow> row = clocks.enabled() ? clocks.nextRow(after, () -> turn, clock, false) : clock;
            return appendTo(game, accepted.stream().map(e -> (TesseraEvent) e).toList(), clocks.alongside(gameId, clock, row))
                    .chain(envelopes -> snapshotIfDue(game.version(), after)
                            .replaceWith(new ClockedMove<>(new Moved<>(new MoveResult(gameId, after.version(), envelopes, null, null), after),
                                    row, turn)));
        })).invoke(done -> {
            accepted(done.moved().after());
            // Only once written: a game in memory must never be ahead of its stream.
            folded.remember(done.moved().after());
            // The move added rows for its game's key only: the relay needs not ask which slots have some.
            relay.kickFor(gameId);
            clocks.written(done.clock());
            if (done.clock().filter(ClockRow::botDue).isPresent()) {
                clockWorker.kick();
            }
        }).map(done -> {
            MoveResult result = done.moved().result();
            GameStream<S, M, E> after = done.moved().after();
            String next = toAct(after, done.clock().orElse(null), done::turn);
            // The mover acts again (the rest of a turn, a placement after a purchase): their next moves come with the
            // answer, so a client needs no legal-moves read before its next move.
            List<JsonNode> legal = !player.equals(next) ? null : movesJson(after.engine(), done.turn()
                    .filter(t -> t.player().equals(player)).map(GameClocks.Turn::legal)
                    .orElseGet(() -> after.engine().legalMoves(after.state(), player)));
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
        return appendTo(game, events, null).chain(envelopes -> {
            GameStream<S, M, E> after = evolved(game, accepted, envelopes.get(envelopes.size() - 1).streamversion());
            return snapshotIfDue(game.version(), after)
                    .replaceWith(new Moved<>(new MoveResult(gameId, after.version(), envelopes, null, null), after));
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

    /** Appends a game lifecycle fact (a timeout, a bot taking a seat) at the game's version; the rules state is unchanged. */
    <S, M, E> Uni<GameStream<S, M, E>> append(GameStream<S, M, E> game, GameLifecycleEvent event) {
        return appendTo(game, List.of(event), null).chain(envelopes -> {
            GameStream<S, M, E> after = new GameStream<>(game.started(), game.engine(), game.state(),
                    envelopes.get(envelopes.size() - 1).streamversion());
            return snapshotIfDue(game.version(), after).replaceWith(after);
        });
    }

    /**
     * Appends at the version {@code game} was read at, with {@code alongside} (may be null) in the same statement; a
     * stream found behind it makes the kept game be read again.
     */
    private Uni<List<CloudEvent>> appendTo(GameStream<?, ?, ?> game, List<TesseraEvent> events, EventStore.Alongside alongside) {
        String gameId = game.started().gameId();
        return store.append(gameId, game.version(), events, Topics.GAME_EVENTS, alongside)
                .onFailure(ConcurrencyConflictException.class)
                .invoke(e -> folded.forgetIfAhead(gameId, ((ConcurrencyConflictException) e).actualVersion()));
    }

    /** Counts a committed move of {@code game}'s title (tessera_moves_total{result="accepted"}). */
    void accepted(GameStream<?, ?, ?> game) {
        moves(game.engine().game(), "accepted", "ok").increment();
    }

    record Moved<S, M, E>(MoveResult result, GameStream<S, M, E> after) {
    }

    private record ClockedMove<S, M, E>(Moved<S, M, E> moved, Optional<ClockRow> clock, Optional<GameClocks.Turn<M>> turn) {
    }

    /** tessera_moves_total{game, result, rule}: what players try and what the rules say. */
    private Counter moves(String game, String result, String rule) {
        return Counter.builder("tessera.moves").tag("game", game).tag("result", result).tag("rule", rule)
                .description("Moves played, by game, result (accepted, rejected) and the rule a rejected one broke")
                .register(registry);
    }

    private static <S, M, E> GameStream<S, M, E> evolved(GameStream<S, M, E> game, List<E> events, long version) {
        S state = game.state();
        for (E event : events) {
            state = game.engine().evolve(state, event);
        }
        return new GameStream<>(game.started(), game.engine(), state, version);
    }

    /**
     * Appends a fact that comes from outside the rules (a scoring answer, the final standings) at the
     * stream's current version, in the caller's transaction (the caller asks the relay for a run once it has
     * committed). Skipped, and said so, when the stream already holds the same fact ({@code sameFact}) or when
     * the rules cannot apply it now (an answer nobody is waiting for): a late or repeated answer must never
     * change a game twice. The game's clock row is locked first and rewritten after the append (a running turn
     * of the same player keeps its deadline).
     */
    public <S, M, E> Uni<Void> record(String gameId, TesseraEvent fact, BiPredicate<TesseraEvent, TesseraEvent> sameFact) {
        return clocks.lock(gameId).chain(clock -> store.load(gameId, 0).chain(events -> {
            if (events.isEmpty()) {
                LOG.warnf("%s for unknown game %s ignored", fact.getClass().getSimpleName(), gameId);
                return Uni.createFrom().voidItem();
            }
            if (events.stream().map(store::event).anyMatch(e -> sameFact.test(e, fact))) {
                LOG.infof("game %s already has %s", gameId, fact);
                return Uni.createFrom().voidItem();
            }
            GameStream<S, M, E> game = fold(gameId, events);
            S state = game.state();
            if (game.engine().eventType().isInstance(fact)) {
                try {
                    state = game.engine().evolve(game.state(), game.engine().eventType().cast(fact));
                } catch (RuntimeException e) {
                    LOG.warnf("game %s cannot take %s now: %s", gameId, fact, e.getMessage());
                    return Uni.createFrom().voidItem();
                }
            }
            GameStream<S, M, E> after = new GameStream<>(game.started(), game.engine(), state, game.version() + 1);
            // A fact from outside the players: a running turn or grace of the same player keeps its deadline.
            return store.append(gameId, game.version(), List.of(fact), Topics.GAME_EVENTS)
                    .chain(() -> clocks.after(after, clock, true))
                    .replaceWithVoid();
        }));
    }

    /** When the first event of a game that {@code which} accepts was recorded, if there is one. */
    public Uni<java.util.Optional<java.time.OffsetDateTime>> recordedAt(String gameId, java.util.function.Predicate<TesseraEvent> which) {
        return store.load(gameId, 0).map(events -> events.stream().filter(e -> which.test(store.event(e)))
                .map(StoredEvent::recordedAt).findFirst());
    }

    private <M> M parse(RulesEngine<?, M, ?> engine, JsonNode move) {
        if (move == null || move.isNull()) {
            throw ProblemException.badField("move", "move is required");
        }
        try {
            return mapper().treeToValue(move, engine.moveType());
        } catch (Exception e) {
            throw ProblemException.badField("move", "not a " + engine.game() + " move: " + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    /**
     * Moves as JSON, each written through the engine's move type so that it carries its "type" name: the
     * whole list in one pass through a token buffer (no text in between), as legal-moves answers it.
     */
    public <M> List<JsonNode> movesJson(RulesEngine<?, M, ?> engine, List<M> moves) {
        if (moves.isEmpty()) {
            return List.of();
        }
        try (com.fasterxml.jackson.databind.util.TokenBuffer buffer = new com.fasterxml.jackson.databind.util.TokenBuffer(mapper(), false)) {
            mapper().writerFor(mapper().getTypeFactory().constructCollectionType(List.class, engine.moveType()))
                    .writeValue(buffer, moves);
            List<JsonNode> json = new java.util.ArrayList<>(moves.size());
            JsonNode written = mapper().readTree(buffer.asParser());
            written.forEach(json::add);
            return json;
        } catch (java.io.IOException e) {
            throw new IllegalStateException("moves do not serialise: " + moves, e);
        }
    }

    public ObjectMapper mapper() {
        return codec.mapper();
    }

    /** The stream as published CloudEvents after {@code fromVersion}. */
    public Uni<List<CloudEvent>> events(String gameId, long fromVersion) {
        return Panache.withSession(() -> store.load(gameId, fromVersion).chain(events -> {
            if (events.isEmpty() && fromVersion == 0) {
                throw ProblemException.notFound("game", gameId);
            }
            if (events.isEmpty()) {
                return store.version(gameId).map(v -> {
                    if (v == 0) {
                        throw ProblemException.notFound("game", gameId);
                    }
                    return List.<CloudEvent>of();
                });
            }
            return Uni.createFrom().item(events.stream().map(store::envelope).toList());
        }));
    }

    /**
     * @param toAct      the player who may move now (null when nobody can: the game is over or waits for another service)
     * @param legalMoves when the mover is {@code toAct} again, the moves they may send now at {@code version}, exactly as
     *                   legal-moves would list them; null when someone else (or nobody) is to act
     */
    public record MoveResult(String gameId, long version, List<CloudEvent> events, String toAct, List<JsonNode> legalMoves) {
        public MoveResult withEvents(List<CloudEvent> shown) {
            return new MoveResult(gameId, version, shown, toAct, legalMoves);
        }
    }

    /**
     * Who may move now in {@code game}: the clock row says so when it was written at the game's version (it is,
     * in the transaction of every append, for a game with a clock or bots); otherwise the rules are asked.
     */
    public static <S, M, E> String toAct(GameStream<S, M, E> game, ClockRow row) {
        return toAct(game, row, () -> GameClocks.toAct(game));
    }

    /** As {@link #toAct(GameStream, ClockRow)}, with the rules' answer ({@link GameClocks#toAct}) from {@code rules}. */
    private static <S, M, E> String toAct(GameStream<S, M, E> game, ClockRow row, Supplier<Optional<GameClocks.Turn<M>>> rules) {
        if (row != null && row.streamVersion() == game.version()) {
            return row.player();
        }
        return rules.get().map(GameClocks.Turn::player).orElse(null);
    }
}
