package dev.tessera.game.play;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.events.EventCodec;
import dev.tessera.events.EventTypes;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.game.GameStarted;
import dev.tessera.events.game.MovesTakenBack;
import dev.tessera.events.game.SeatTakenByBot;
import dev.tessera.game.rules.GameSetup;
import dev.tessera.game.rules.Reveals;
import dev.tessera.game.rules.RulesEngine;
import dev.tessera.game.rules.UndoStates;
import dev.tessera.kit.eventing.EventStore;
import dev.tessera.kit.eventing.SessionSql;
import dev.tessera.kit.eventing.StoredEvent;
import dev.tessera.kit.problem.ProblemException;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Folds a game's stream to its current state (from the state kept in memory, else the latest snapshot, else the
 * first event), with its clock row when asked, and stores the snapshots those folds start from.
 */
@ApplicationScoped
public class GameLoader {
    private static final Logger LOG = Logger.getLogger(GameLoader.class);

    @Inject
    EventStore store;

    @Inject
    Engines engines;

    @Inject
    EventCodec codec;

    @ConfigProperty(name = "tessera.snapshots.every", defaultValue = "50")
    long snapshotEvery;

    @Inject
    FoldedGames folded;

    @Inject
    GameClocks clocks;

    /**
     * The game now and its clock row: for a game kept in memory, its new events and the row in one statement; else the
     * two reads at once on the session's connection (pipelined; PostgreSQL runs them in order).
     */
    <S, M, E> Uni<GameService.Clocked<S, M, E>> currentWithClock(String gameId) {
        GameStream<S, M, E> kept = folded.get(gameId);
        if (kept == null) {
            return Uni.combine()
                    .all()
                    .unis(this.<S, M, E>current(gameId), clocks.find(gameId))
                    .with((game, clock) -> new GameService.Clocked<>(game, clock.orElse(null)));
        }
        return clocks.tailAndRow(gameId, kept.version())
                .chain(read -> (read.tail().isEmpty()
                                // Nothing new: the game kept, with what it knows of its last append.
                                ? Uni.createFrom().item(kept)
                                : this.<S, M, E>continued(
                                        gameId,
                                        kept.started(),
                                        kept.engine(),
                                        kept.state(),
                                        kept.version(),
                                        read.tail(),
                                        null))
                        .map(game -> {
                            folded.remember(game);
                            // Read in the same statement as the stream: the row at the game's version.
                            folded.rememberRow(gameId, game.version(), read.row());
                            return new GameService.Clocked<>(game, read.row().orElse(null));
                        }));
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
                    .chain(tail -> tail.isEmpty()
                            ? Uni.createFrom().item(kept)
                            : continued(
                                    gameId, kept.started(), kept.engine(), kept.state(), kept.version(), tail, null));
        } else {
            loaded = store.snapshot(gameId)
                    .chain(snapshot -> snapshot.isPresent()
                            ? this.<S, M, E>fromSnapshot(gameId, snapshot.get())
                            : store.load(gameId, 0).map(events -> fold(gameId, events)));
        }
        return loaded.invoke(folded::remember);
    }

    /**
     * The game as it was at {@code version}, never reading an event after it: from the state kept in memory when it is
     * not past that version, else from the latest snapshot when that one is not, else from the first event. A version's
     * state never changes (a stream is only appended to), so each way is exact. A game whose stream is shorter comes
     * back at its own last version: the caller compares.
     */
    <S, M, E> Uni<GameStream<S, M, E>> at(String gameId, long version) {
        GameStream<S, M, E> kept = folded.get(gameId);
        if (kept != null && kept.version() <= version) {
            return store.load(gameId, kept.version(), limit(version - kept.version()))
                    .chain(tail -> continued(
                            gameId, kept.started(), kept.engine(), kept.state(), kept.version(), tail, version));
        }
        return store.snapshot(gameId)
                .chain(snapshot -> snapshot.isPresent() && snapshot.get().version() <= version
                        ? this.<S, M, E>fromSnapshot(gameId, snapshot.get(), version)
                        : store.load(gameId, 0, limit(version)).map(events -> fold(gameId, events)));
    }

    /** The players whose seat a server-side bot had taken by {@code version} ({@link SeatTakenByBot}), in order. */
    Uni<List<String>> botsAt(String gameId, long version) {
        return SessionSql.select(
                        "SELECT payload->>'player' FROM events WHERE stream_id = $1 AND type = $2 AND version <= $3"
                                + " ORDER BY version",
                        gameId,
                        EventTypes.of(SeatTakenByBot.class).value(),
                        version)
                .map(rows -> rows.stream().map(r -> (String) r[0]).toList());
    }

    private static int limit(long events) {
        return (int) Math.min(events, Integer.MAX_VALUE);
    }

    private <S, M, E> Uni<GameStream<S, M, E>> fromSnapshot(String gameId, EventStore.Snapshot snapshot) {
        return fromSnapshot(gameId, snapshot, Long.MAX_VALUE);
    }

    private <S, M, E> Uni<GameStream<S, M, E>> fromSnapshot(String gameId, EventStore.Snapshot snapshot, long upTo) {
        return store.at(gameId, 1).chain(first -> {
            GameStarted started = (GameStarted) store.event(first);
            RulesEngine<S, M, E> engine = engines.get(started.game());
            S base;
            try {
                base = mapper().treeToValue(snapshot.state(), engine.stateType());
            } catch (Exception e) {
                LOG.warnf(
                        "snapshot of %s at %d unreadable (%s): folding from the start",
                        gameId, snapshot.version(), e.getMessage());
                return store.load(gameId, 0, limit(upTo)).map(events -> fold(gameId, events));
            }
            return store.load(gameId, snapshot.version(), limit(upTo - snapshot.version()))
                    .chain(tail -> continued(
                            gameId,
                            started,
                            engine,
                            base,
                            snapshot.version(),
                            tail,
                            upTo == Long.MAX_VALUE ? null : upTo));
        });
    }

    /** The whole stream {@code events} of {@code gameId} folded from its start; a 404 when it has none. */
    <S, M, E> GameStream<S, M, E> fold(String gameId, List<StoredEvent> events) {
        if (events.isEmpty()) {
            throw ProblemException.notFound("game", gameId);
        }
        GameStarted started = (GameStarted) store.event(events.get(0));
        RulesEngine<S, M, E> engine = engines.get(started.game());
        S initial = engine.start(new GameSetup(started.players(), started.seed(), started.options()));
        return foldFrom(started, engine, initial, 1, events.subList(1, events.size()));
    }

    /**
     * {@code base}, the game at {@code baseVersion}, brought forward by {@code tail}; else, when the tail takes back
     * moves made before {@code baseVersion} (an undo of moves the kept state or the snapshot had already folded in),
     * the stream folded again from its start, up to {@code upTo} (null: to its end).
     */
    private <S, M, E> Uni<GameStream<S, M, E>> continued(
            String gameId,
            GameStarted started,
            RulesEngine<S, M, E> engine,
            S base,
            long baseVersion,
            List<StoredEvent> tail,
            Long upTo) {
        try {
            return Uni.createFrom().item(foldFrom(started, engine, base, baseVersion, tail));
        } catch (TakenBackBeforeBase e) {
            return store.load(gameId, 0, upTo == null ? Integer.MAX_VALUE : limit(upTo))
                    .map(events -> fold(gameId, events));
        }
    }

    /**
     * Folds {@code events} into {@code state}, the game at {@code version}. A {@link MovesTakenBack} puts back the state
     * the game had at its {@code toVersion}: the fold keeps each state since the last event that revealed something or
     * ended a turn ({@link UndoStates}, {@link Reveals}), which is as far back as an undo ever goes. An undo further back than the fold's
     * start throws {@link TakenBackBeforeBase}: the caller folds from the stream's start.
     */
    @SuppressWarnings("unchecked")
    private <S, M, E> GameStream<S, M, E> foldFrom(
            GameStarted started, RulesEngine<S, M, E> engine, S state, long version, List<StoredEvent> events) {
        UndoStates<S> since = new UndoStates<>(version, state);
        for (StoredEvent stored : events) {
            TesseraEvent event = store.event(stored);
            E ruled = null;
            if (event instanceof MovesTakenBack back) {
                state = since.back(back.toVersion());
                if (state == null) {
                    throw new TakenBackBeforeBase();
                }
            } else if (engine.eventType().isInstance(event)) {
                ruled = (E) event;
                state = engine.evolve(state, ruled);
            }
            version = stored.version();
            since.after(engine, ruled, version, state);
        }
        return new GameStream<>(started, engine, state, version);
    }

    /** An undo in a fold's events takes back moves from before the state the fold started from. */
    private static final class TakenBackBeforeBase extends RuntimeException {
        TakenBackBeforeBase() {
            super(null, null, false, false);
        }
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
                LOG.debugf(
                        "%s state does not survive JSON: no snapshot",
                        after.engine().game());
                return Uni.createFrom().voidItem();
            }
            return store.saveSnapshot(after.started().gameId(), after.version(), json);
        } catch (Exception e) {
            LOG.debugf("%s state cannot be snapshotted: %s", after.engine().game(), e.getMessage());
            return Uni.createFrom().voidItem();
        }
    }

    private ObjectMapper mapper() {
        return codec.mapper();
    }
}
