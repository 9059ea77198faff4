package dev.tessera.game.play;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.CloudEvent;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.lobby.TableStarted;
import dev.tessera.game.rules.RulesEngine;
import dev.tessera.kit.eventing.EventStore;
import dev.tessera.kit.eventing.StoredEvent;
import dev.tessera.kit.problem.ProblemException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.BiPredicate;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Games as event streams, as the REST resource and the consumers reach them: created from a started table
 * ({@link GameCreator}), folded to state ({@link GameLoader}), moved at the version the mover saw ({@link GameMoves}),
 * told facts from other services ({@link GameFacts}), and their stream read as published events.
 */
@ApplicationScoped
public class GameService {

    @Inject
    EventStore store;

    @Inject
    GameCreator creator;

    @Inject
    GameLoader loader;

    @Inject
    GameMoves moves;

    @Inject
    GameFacts facts;

    @Inject
    MoveJson json;

    @Inject
    GameUndo undo;

    @Inject
    FoldedGames folded;

    @Inject
    MeterRegistry registry;

    private Counter legalMovesUnread;
    private Counter viewsUnread;

    @PostConstruct
    void counters() {
        legalMovesUnread = Counter.builder("tessera.legal-moves.unread")
                .description("Legal-moves reads answered from the game kept in memory, for a reader that had seen"
                        + " its version (minVersion)")
                .register(registry);
        viewsUnread = Counter.builder("tessera.views.unread")
                .description("Views of the game now answered from the game kept in memory, for a reader that had seen"
                        + " its version (minVersion)")
                .register(registry);
    }

    /** What a reader that names the version it has seen asks for: which counter counts the answers without a read. */
    public enum Read {
        LEGAL_MOVES,
        VIEW
    }

    /** The game id of a table: derived, so that creating a table's game twice finds the first one. */
    public static String gameIdOf(String tableId) {
        return UUID.nameUUIDFromBytes(("tessera-game:" + tableId).getBytes(StandardCharsets.UTF_8))
                .toString();
    }

    /**
     * Creates the game of a started table with a fresh recorded seed, and its clock row when the table has a
     * clock. Runs in the caller's transaction (the caller asks the relay for a run once it has committed). A second
     * delivery finds the stream already started and changes nothing.
     */
    public Uni<Void> create(TableStarted table) {
        return creator.create(table);
    }

    /** The game folded to its current state, from its latest snapshot when there is one. */
    public <S, M, E> Uni<GameStream<S, M, E>> load(String gameId) {
        return Panache.withSession(() -> loader.current(gameId));
    }

    /** The game now with its clock row (who is to act until when, which seats bots play), if it has one. */
    public <S, M, E> Uni<Clocked<S, M, E>> loadWithClock(String gameId) {
        return Panache.withSession(() -> loader.currentWithClock(gameId));
    }

    /**
     * The game with its clock row at {@code minVersion} or later, for a reader that has seen that version: the game
     * this instance keeps when it is that recent (no read; it may lack appends another instance made since, which the
     * reader has not seen either), else the game now; {@code minVersion} null is the game now. A negative version, or
     * one the game has not reached, is a 400 naming {@code minVersion}.
     */
    public <S, M, E> Uni<Clocked<S, M, E>> loadWithClock(String gameId, Long minVersion, Read read) {
        if (minVersion == null) {
            return loadWithClock(gameId);
        }
        if (minVersion < 0) {
            throw ProblemException.badField("minVersion", "minVersion is a stream version, 0 or more");
        }
        FoldedGames.Kept<S, M, E> kept = folded.keptSince(gameId, minVersion);
        if (kept != null) {
            (read == Read.VIEW ? viewsUnread : legalMovesUnread).increment();
            return Uni.createFrom().item(new Clocked<>(kept.game(), kept.clock().orElse(null)));
        }
        return this.<S, M, E>loadWithClock(gameId).invoke(now -> {
            if (now.game().version() < minVersion) {
                throw ProblemException.badField(
                        "minVersion",
                        "minVersion is a version this game has reached: 0 to "
                                + now.game().version() + ", its current version");
            }
        });
    }

    /**
     * The game as it was at {@code version}, with the seats bots played by then, and the game now; {@code version}
     * null is the game now. A version above the current one is a 400 naming {@code at}.
     */
    public <S, M, E> Uni<Past<S, M, E>> loadAt(String gameId, Long version) {
        return Panache.withSession(() -> loader.<S, M, E>current(gameId).chain(now -> {
            if (version != null && version > now.version()) {
                throw ProblemException.badField(
                        "at", "at is a version of this game: 1 to " + now.version() + ", its current version");
            }
            long at = version == null ? now.version() : version;
            return loader.<S, M, E>at(gameId, at)
                    .chain(then -> loader.botsAt(gameId, at).map(bots -> new Past<>(then, bots, now)));
        }));
    }

    /** A game at a past version ({@code then}), the seats bots played then, and the game now. */
    public record Past<S, M, E>(GameStream<S, M, E> then, List<String> bots, GameStream<S, M, E> now) {}

    /** A game and its clock row ({@code null} when it has none). */
    public record Clocked<S, M, E>(GameStream<S, M, E> game, ClockRow clock) {
        public List<String> bots() {
            return clock == null ? List.of() : clock.bots();
        }
    }

    /**
     * Plays {@code move} (JSON, as the move endpoint received it) for {@code player}, expecting the game
     * at {@code expectedVersion}: appends the engine's events, or rejects (409 on a stale version or a seat a bot
     * took, 422 with the rule on an illegal move) and writes nothing ({@link GameMoves#move}).
     */
    public <S, M, E> Uni<MoveResult> move(String gameId, String player, long expectedVersion, JsonNode move) {
        return moves.move(gameId, player, expectedVersion, move);
    }

    /**
     * Takes back {@code player}'s moves since their turn began, back to the last point where something hidden or random
     * came to light, expecting the game at {@code expectedVersion} ({@link GameUndo#undo}): appends {@code
     * MovesTakenBack}, or refuses (409 on a stale version, 422 naming why) and writes nothing.
     */
    public <S, M, E> Uni<MoveResult> undo(String gameId, String player, long expectedVersion) {
        return undo.undo(gameId, player, expectedVersion);
    }

    /** Whether {@code player} could undo now in {@code game} ({@link GameUndo#possible}). */
    public <S, M, E> Uni<Boolean> mayUndo(GameStream<S, M, E> game, String player) {
        return Panache.withSession(() -> undo.possible(game, player));
    }

    /**
     * Appends a fact that comes from outside the rules (a scoring answer, the final standings) in the caller's
     * transaction, unless the stream already holds the same fact ({@code sameFact}) or the rules cannot apply it
     * now ({@link GameFacts#record}).
     */
    public <S, M, E> Uni<Void> record(
            String gameId, TesseraEvent fact, BiPredicate<TesseraEvent, TesseraEvent> sameFact) {
        return facts.record(gameId, fact, sameFact);
    }

    /** When the first event of a game that {@code which} accepts was recorded, if there is one. */
    public Uni<Optional<OffsetDateTime>> recordedAt(String gameId, Predicate<TesseraEvent> which) {
        return store.load(gameId, 0)
                .map(events -> events.stream()
                        .filter(e -> which.test(store.event(e)))
                        .map(StoredEvent::recordedAt)
                        .findFirst());
    }

    /**
     * Moves as JSON, each written through the engine's move type so that it carries its "type" name, as legal-moves
     * answers them ({@link MoveJson#movesJson}).
     */
    public <M> List<JsonNode> movesJson(RulesEngine<?, M, ?> engine, List<M> moves) {
        return json.movesJson(engine, moves);
    }

    /** The stream as published CloudEvents after {@code fromVersion}. */
    public Uni<List<CloudEvent>> events(String gameId, long fromVersion) {
        return Panache.withSession(() -> store.published(gameId, fromVersion).chain(events -> {
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
            return Uni.createFrom().item(events);
        }));
    }

    /**
     * @param toAct      the player who may move now (null when nobody can: the game is over or waits for another
     *                   service)
     * @param legalMoves when the mover is {@code toAct} again, the moves they may send now at {@code version}, exactly
     *                   as legal-moves would list them; null when someone else (or nobody) is to act
     */
    public record MoveResult(
            String gameId, long version, List<CloudEvent> events, String toAct, List<JsonNode> legalMoves) {
        public MoveResult withEvents(List<CloudEvent> shown) {
            return new MoveResult(gameId, version, shown, toAct, legalMoves);
        }
    }

    /**
     * Who may move now in {@code game}: the clock row says so when it was written at the game's version (it is,
     * in the transaction of every append, for a game with a clock or bots); otherwise the rules are asked.
     */
    public static <S, M, E> String toAct(GameStream<S, M, E> game, ClockRow row) {
        return toAct(game, row, () -> ClockRules.toAct(game));
    }

    /**
     * As {@link #toAct(GameStream, ClockRow)}, with the rules' answer ({@link GameClocks#toAct}) from {@code rules}.
     */
    static <S, M, E> String toAct(
            GameStream<S, M, E> game, ClockRow row, Supplier<Optional<ClockRules.Turn<M>>> rules) {
        if (row != null && row.streamVersion() == game.version()) {
            return row.player();
        }
        return rules.get().map(ClockRules.Turn::player).orElse(null);
    }
}
