package dev.tessera.game.play;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import dev.tessera.events.EventCodec;
import dev.tessera.events.lobby.ClockOptions;
import dev.tessera.kit.eventing.EventStore;
import dev.tessera.kit.eventing.SessionSql;
import dev.tessera.kit.eventing.Sql;
import dev.tessera.kit.eventing.StoredEvent;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The {@code game_clocks} table: after every append to a game's stream, in the same transaction, the
 * row says who is to act and until when ({@link #after}); the {@link ClockWorker} acts on the rows whose
 * deadline has passed. All methods run inside the caller's Hibernate Reactive session/transaction.
 */
@ApplicationScoped
public class GameClocks {
    private static final TypeReference<List<String>> NAMES = new TypeReference<>() {};
    private static final String COLUMNS = "game_id, player, phase, deadline, stream_version, array_to_json(bots)::text";

    /** Off: no row is written and the worker does not run (end-to-end tests, benchmarks). */
    @ConfigProperty(name = "tessera.clocks.enabled", defaultValue = "true")
    boolean enabled;

    @Inject
    EventCodec codec;

    @Inject
    EventStore store;

    /** Told of every deadline written here, so that it wakes in time without polling. */
    @Inject
    ClockWorker worker;

    public boolean enabled() {
        return enabled;
    }

    /** A game's row, read without a lock (views). */
    public Uni<Optional<ClockRow>> find(String gameId) {
        return select("SELECT " + COLUMNS + " FROM game_clocks WHERE game_id = $1", gameId)
                .map(rows -> rows.stream().findFirst());
    }

    /**
     * A game's row, locked until the transaction ends. Every append path takes it first, as the worker
     * does, so that a move and the worker never wait for each other in opposite orders.
     */
    public Uni<Optional<ClockRow>> lock(String gameId) {
        return select("SELECT " + COLUMNS + " FROM game_clocks WHERE game_id = $1 FOR UPDATE", gameId)
                .map(rows -> rows.stream().findFirst());
    }

    /** Rows whose deadline is {@code now} or earlier, earliest first, locked; rows other instances hold are skipped. */
    Uni<List<ClockRow>> due(OffsetDateTime now, int limit) {
        return SessionSql.select(
                        "SELECT " + COLUMNS
                                + " FROM game_clocks WHERE deadline <= $1 ORDER BY deadline LIMIT $2 FOR UPDATE SKIP LOCKED",
                        now,
                        (long) limit)
                .map(rows -> rows.stream().map(this::row).toList());
    }

    /** The earliest deadline of all the rows, if any has one (what the worker sleeps until). */
    Uni<Optional<OffsetDateTime>> nextDeadline() {
        return SessionSql.select("SELECT min(deadline) FROM game_clocks")
                .map(rows -> Optional.ofNullable(rows.get(0)[0]).map(Sql::time));
    }

    /** A stream's events after a version, in order, and its game's row: what a move or a read of a kept game needs. */
    record TailAndRow(List<StoredEvent> tail, Optional<ClockRow> row) {}

    /** {@link TailAndRow} in one statement: the events' rows, and the clock row as the one without an event id. */
    Uni<TailAndRow> tailAndRow(String gameId, long afterVersion) {
        return SessionSql.select("SELECT " + EventStore.COLUMNS + """
                        , NULL AS game_id, NULL AS player, NULL AS phase, NULL AS deadline, NULL AS bots
                        FROM events WHERE stream_id = $1 AND version > $2
                        UNION ALL
                        SELECT stream_version, NULL, NULL, NULL, NULL, NULL, game_id, player, phase, deadline, array_to_json(bots)::text
                        FROM game_clocks WHERE game_id = $1""", gameId, afterVersion)
                .map(rows -> {
                    List<StoredEvent> tail = new ArrayList<>(rows.size());
                    Optional<ClockRow> row = Optional.empty();
                    for (Object[] r : rows) {
                        if (r[1] == null) {
                            row = Optional.of(row(new Object[] {r[6], r[7], r[8], r[9], r[0], r[10]}));
                        } else {
                            tail.add(store.stored(gameId, r));
                        }
                    }
                    tail.sort(Comparator.comparingLong(StoredEvent::version));
                    return new TailAndRow(tail, row);
                });
    }

    private Uni<List<ClockRow>> select(String sql, String gameId) {
        return SessionSql.select(sql, gameId)
                .map(rows -> rows.stream().map(this::row).toList());
    }

    /**
     * Writes the row for {@code game} right after an append to its stream (same transaction), from the row
     * before it ({@code before}, which holds the bots): a bot to act → phase bot, due now; a human with the
     * game's clock → phase turn, due after one turn length; nobody to act or no clock → no row (or an idle
     * one that keeps the bots). With {@code keepRunning} (a fact from outside the players, such as a scoring
     * answer) a running turn or grace of the same player keeps its deadline.
     *
     * @return the row now, if there is one
     */
    public <S, M, E> Uni<Optional<ClockRow>> after(
            GameStream<S, M, E> game, Optional<ClockRow> before, boolean keepRunning) {
        return after(game, () -> ClockRules.toAct(game), before, keepRunning);
    }

    /**
     * As {@link #after(GameStream, Optional, boolean)}, asking {@code toAct} whose turn it is (only when a row needs it):
     * a caller that has worked it out already need not have the rules asked twice.
     */
    public <S, M, E> Uni<Optional<ClockRow>> after(
            GameStream<S, M, E> game,
            Supplier<Optional<ClockRules.Turn<M>>> toAct,
            Optional<ClockRow> before,
            boolean keepRunning) {
        if (!enabled) {
            return Uni.createFrom().item(before);
        }
        return write(game.started().gameId(), before, nextRow(game, toAct, before, keepRunning));
    }

    /** The row that follows {@code before} once {@code game} is as it is (what {@link #after} writes). */
    <S, M, E> Optional<ClockRow> nextRow(
            GameStream<S, M, E> game,
            Supplier<Optional<ClockRules.Turn<M>>> toAct,
            Optional<ClockRow> before,
            boolean keepRunning) {
        if (game.started().sandbox()) {
            // A sandbox is played by its forker alone, at their pace: no deadline, no bot.
            return Optional.empty();
        }
        List<String> bots = before.map(ClockRow::bots).orElse(List.of());
        Optional<Duration> turn = ClockOptions.turnLength(game.started().options());
        if (turn.isEmpty() && bots.isEmpty()) {
            return Optional.empty();
        }
        String actor = toAct.get().map(ClockRules.Turn::player).orElse(null);
        return ClockRules.next(
                game.started().gameId(), game.version(), actor, turn, bots, before, keepRunning, ClockRules.now());
    }

    /**
     * The row {@code before} replaced by {@code next} in the statement of the append that calls for it (a player's move):
     * the row is locked before the stream's version is read, as every other writer locks it first, and changes only
     * if the append takes place. Null when clocks are off or there is nothing to write.
     */
    EventStore.Alongside alongside(String gameId, Optional<ClockRow> before, Optional<ClockRow> next) {
        if (!enabled || before.isEmpty() && next.isEmpty()) {
            return null;
        }
        String lock = "SELECT 1 FROM game_clocks WHERE game_id = $1 FOR UPDATE";
        if (next.isEmpty()) {
            return new EventStore.Alongside(
                    lock, "DELETE FROM game_clocks WHERE game_id = $1 AND " + EventStore.APPENDED, List.of());
        }
        ClockRow row = next.get();
        return new EventStore.Alongside(
                lock,
                """
                INSERT INTO game_clocks (game_id, player, phase, deadline, stream_version, bots, updated_at)
                SELECT $1, $12, $13, $14, $15, ARRAY(SELECT jsonb_array_elements_text(CAST(CAST($16 AS text) AS jsonb))), now()
                WHERE %s
                ON CONFLICT (game_id) DO UPDATE SET player = excluded.player, phase = excluded.phase,
                deadline = excluded.deadline, stream_version = excluded.stream_version, bots = excluded.bots,
                updated_at = excluded.updated_at""".formatted(EventStore.APPENDED),
                Arrays.asList(row.player(), row.phase(), row.deadline(), row.streamVersion(), json(row.bots())));
    }

    /**
     * Whom the game waits for once an append is made, as its last event publishes it ({@link EventStore.ToAct}): the
     * player whose turn it is, with the deadline of their turn or grace when {@code row} runs one for them.
     */
    static EventStore.ToAct toAct(Optional<? extends ClockRules.Turn<?>> turn, Optional<ClockRow> row) {
        String player = turn.map(ClockRules.Turn::player).orElse(null);
        OffsetDateTime deadline = row.filter(r -> player != null
                        && player.equals(r.player())
                        && (ClockRow.TURN.equals(r.phase()) || ClockRow.GRACE.equals(r.phase())))
                .map(ClockRow::deadline)
                .orElse(null);
        return new EventStore.ToAct(player, deadline);
    }

    /**
     * Replaces the row {@code before} by {@code next}, as {@link #nextRow} computed it before an append, once the
     * append is made: nothing when clocks are off.
     */
    Uni<Optional<ClockRow>> replace(String gameId, Optional<ClockRow> before, Optional<ClockRow> next) {
        return enabled ? write(gameId, before, next) : Uni.createFrom().item(before);
    }

    /** The row that follows {@code before} once {@code game} is as it is, or {@code before} when clocks are off. */
    <S, M, E> Optional<ClockRow> rowAfter(
            GameStream<S, M, E> game,
            Optional<ClockRules.Turn<M>> turn,
            Optional<ClockRow> before,
            boolean keepRunning) {
        return enabled ? nextRow(game, () -> turn, before, keepRunning) : before;
    }

    /** Tells the worker of a row written {@link #alongside} an append, once that has happened. */
    void written(Optional<ClockRow> row) {
        row.map(ClockRow::deadline).ifPresent(worker::wakeBy);
    }

    /** Replaces the row {@code before} by {@code next} (deleting it when there is none). */
    Uni<Optional<ClockRow>> write(String gameId, Optional<ClockRow> before, Optional<ClockRow> next) {
        if (next.isEmpty()) {
            if (before.isEmpty()) {
                return Uni.createFrom().item(next);
            }
            return SessionSql.update("DELETE FROM game_clocks WHERE game_id = $1", gameId)
                    .replaceWith(next);
        }
        ClockRow row = next.get();
        return SessionSql.update(
                        """
                        INSERT INTO game_clocks (game_id, player, phase, deadline, stream_version, bots, updated_at)
                        VALUES ($1, $2, $3, $4, $5, ARRAY(SELECT jsonb_array_elements_text(CAST(CAST($6 AS text) AS jsonb))), now())
                        ON CONFLICT (game_id) DO UPDATE SET player = excluded.player, phase = excluded.phase,
                        deadline = excluded.deadline, stream_version = excluded.stream_version, bots = excluded.bots,
                        updated_at = excluded.updated_at""", gameId, row.player(), row.phase(), row.deadline(), row.streamVersion(), json(row.bots()))
                .invoke(() -> {
                    if (row.deadline() != null) {
                        worker.wakeBy(row.deadline());
                    }
                })
                .replaceWith(next);
    }

    /** Moves a row's deadline to {@code until} without changing anything else (the worker backing off a failing game). */
    Uni<Void> postpone(String gameId, OffsetDateTime until) {
        return SessionSql.update(
                        "UPDATE game_clocks SET deadline = $1, updated_at = now() WHERE game_id = $2", until, gameId)
                .replaceWithVoid();
    }

    private ClockRow row(Object[] r) {
        return new ClockRow(
                (String) r[0],
                (String) r[1],
                (String) r[2],
                r[3] == null ? null : Sql.time(r[3]),
                ((Number) r[4]).longValue(),
                names((String) r[5]));
    }

    private List<String> names(String json) {
        if (json == null) {
            return List.of();
        }
        try {
            return new ArrayList<>(codec.mapper().readValue(json, NAMES));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("game_clocks.bots unreadable: " + json, e);
        }
    }

    private String json(List<String> names) {
        try {
            return codec.mapper().writeValueAsString(names);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
