package dev.tessera.lobby.matchmaking;

import static dev.tessera.lobby.sql.NativeSql.rows;
import static dev.tessera.lobby.sql.NativeSql.update;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.events.Games;
import dev.tessera.kit.eventing.OutboxRelay;
import dev.tessera.kit.problem.ProblemException;
import dev.tessera.lobby.sql.SqlValues;
import dev.tessera.lobby.tables.TableOptions;
import dev.tessera.lobby.tables.TableService;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.UncheckedIOException;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Quick play. A player queues for a game, a player count and table options (checked and filled in as a
 * table's, {@link TableOptions}); as soon as that many wait for the same game, count and options, the
 * oldest of them get a table with those options, opened, filled and started in the transaction that
 * completed the group (the same lobby events as doing it by hand), with the first queued as host.
 * <p>
 * Two guards keep this right with several lobby instances. Each line (game, player count, options) is
 * locked with a transaction-scoped advisory lock taken after the caller's entry is written: whichever
 * request takes the lock last sees every entry written before it, so a group that two simultaneous
 * requests complete is never left waiting. The entries are then taken oldest first with
 * {@code FOR UPDATE SKIP LOCKED}, so no entry is ever used twice, even one that a concurrent
 * {@code DELETE} holds.
 * <p>
 * An entry's options are stored as NULL when they are the title's defaults, as entries queued before
 * quick play took options are (V4__matchmaking_options.sql): so those are in the defaults' line.
 */
@ApplicationScoped
public class MatchmakingService {

    @Inject
    TableService tables;

    @Inject
    OutboxRelay relay;

    @Inject
    ObjectMapper json;

    /**
     * The entries waiting for one game, player count and options; {@code options} is the JSON stored for
     * them, null for the title's defaults.
     */
    private record Line(String game, int players, String options) {
        /** The parameter {@code :o} as JSONB: through text, or the driver would store a Java string as a JSON string. */
        static final String OPTIONS = "CAST(CAST(:o AS text) AS jsonb)";

        /** What an entry waiting in the line meets, in SQL, given the line's {@link #parameters}. */
        static final String WAITING =
                "game = :g AND players = :n AND options IS NOT DISTINCT FROM " + OPTIONS + " AND table_id IS NULL";

        Map<String, Object> parameters() {
            Map<String, Object> parameters = new HashMap<>(); // Map.of refuses the defaults' null
            parameters.put("g", game);
            parameters.put("n", players);
            parameters.put("o", options);
            return parameters;
        }

        /**
         * The defaults' line keeps its key from before lines had options, so that a lobby of that release
         * still running during the rolling update takes the same lock for it.
         */
        String lockKey() {
            return "lobby.matchmaking/" + game + "/" + players + (options == null ? "" : "/" + options);
        }
    }

    /** Queues {@code player}; answers their entry, matched when they completed a group. */
    public Uni<QueueEntry> queue(String player, String game, Integer players, Map<String, String> options) {
        Games.Title title = TableService.title(game);
        if (players == null) {
            throw ProblemException.badField("players", "players (how many play at the table) is required");
        }
        if (players < title.minPlayers() || players > title.maxPlayers()) {
            throw ProblemException.badField(
                    "players",
                    title.name() + " is for " + title.minPlayers() + " to " + title.maxPlayers() + " players, not "
                            + players);
        }
        Map<String, String> normal = TableOptions.normalise(title, options);
        Line line = new Line(game, players, normal.equals(TableOptions.defaults(title)) ? null : write(normal));
        OffsetDateTime now = SqlValues.now();
        return Panache.withTransaction(() -> enqueue(player, line, now)
                        .chain(() -> lockLine(line))
                        .chain(() -> formGroups(line, normal, now))
                        .chain(groups -> find(player).map(entry -> new Outcome(entry, groups))))
                .invoke(outcome -> {
                    if (outcome.groups() > 0) {
                        relay.kick(); // the tables' events are committed now
                    }
                })
                .map(Outcome::entry);
    }

    private record Outcome(QueueEntry entry, int groups) {}

    /** The player's entry, or a 404 problem when they have none. */
    /** The player's entry, if they have one (waiting, or matched and pointing to the table). */
    public Uni<java.util.Optional<QueueEntry>> get(String player) {
        return Panache.withSession(() -> find(player)).map(java.util.Optional::ofNullable);
    }

    /** Takes a waiting player out of the queue; a matched entry stays (it points to the table). */
    public Uni<Void> leave(String player) {
        return Panache.withTransaction(() -> update(
                        "DELETE FROM matchmaking_entries WHERE player = :p AND table_id IS NULL", Map.of("p", player))
                .chain(deleted -> deleted == 1
                        ? Uni.createFrom().voidItem()
                        : find(player).map(entry -> {
                            if (entry == null) {
                                throw notQueued(player);
                            }
                            throw ProblemException.conflict(
                                            "already-matched",
                                            player + " was matched to table " + entry.tableId()
                                                    + "; there is nothing to leave")
                                    .with("tableId", entry.tableId());
                        })));
    }

    /** Writes the entry; a matched entry of the player's is replaced, a waiting one is a 409. */
    private Uni<Void> enqueue(String player, Line line, OffsetDateTime now) {
        Map<String, Object> parameters = line.parameters();
        parameters.put("p", player);
        parameters.put("at", now);
        return update("""
                        INSERT INTO matchmaking_entries (player, game, players, options, queued_at)
                        VALUES (:p, :g, :n, %s, :at)
                        ON CONFLICT (player) DO UPDATE SET game = excluded.game, players = excluded.players,
                            options = excluded.options, queued_at = excluded.queued_at, table_id = NULL, matched_at = NULL
                        WHERE matchmaking_entries.table_id IS NOT NULL""".formatted(Line.OPTIONS), parameters).map(written -> {
            if (written == 0) {
                throw ProblemException.conflict(
                        "already-queued",
                        player + " is already waiting for a game; " + "DELETE /api/v1/matchmaking leaves the queue");
            }
            return null;
        });
    }

    private Uni<Void> lockLine(Line line) {
        return rows("SELECT 1 FROM pg_advisory_xact_lock(hashtext(:line))", Map.of("line", line.lockKey()))
                .replaceWithVoid();
    }

    /**
     * Forms groups from the oldest waiting entries of the line while there are enough, at tables with
     * {@code options} (the line's, filled in); answers how many were formed.
     */
    private Uni<Integer> formGroups(Line line, Map<String, String> options, OffsetDateTime now) {
        return oldestWaiting(line)
                .chain(group -> group.size() < line.players()
                        ? Uni.createFrom().item(0)
                        : tables.openStarted(line.game(), group, options)
                                .chain(table -> matched(group, table.id, now))
                                .chain(() -> formGroups(line, options, now))
                                .map(more -> more + 1));
    }

    private Uni<List<String>> oldestWaiting(Line line) {
        return rows("""
                        SELECT player, queued_at FROM matchmaking_entries WHERE %s
                        ORDER BY queued_at, player LIMIT :n
                        FOR UPDATE SKIP LOCKED""".formatted(Line.WAITING), line.parameters())
                .map(found -> found.stream().map(r -> (String) r[0]).toList());
    }

    private Uni<Void> matched(List<String> group, String tableId, OffsetDateTime now) {
        return update(
                        "UPDATE matchmaking_entries SET table_id = :t, matched_at = :at WHERE player IN (:players)",
                        Map.of("t", tableId, "at", now, "players", group))
                .replaceWithVoid();
    }

    private Uni<QueueEntry> find(String player) {
        return rows("""
                        SELECT e.game, e.players, CAST(e.options AS text), e.queued_at, e.table_id, e.matched_at,
                            (SELECT count(*) FROM matchmaking_entries o
                             WHERE o.game = e.game AND o.players = e.players AND o.options IS NOT DISTINCT FROM e.options
                               AND o.table_id IS NULL AND (o.queued_at, o.player) <= (e.queued_at, e.player)) AS place,
                            (SELECT count(*) FROM matchmaking_entries o
                             WHERE o.game = e.game AND o.players = e.players AND o.options IS NOT DISTINCT FROM e.options
                               AND o.table_id IS NULL) AS line
                        FROM matchmaking_entries e WHERE e.player = :p""", Map.of("p", player))
                .map(found -> found.stream()
                        .findFirst()
                        .map(r -> {
                            String game = (String) r[0];
                            Map<String, String> options = r[2] == null
                                    ? TableOptions.defaults(Games.byId(game).orElseThrow())
                                    : read((String) r[2]);
                            boolean matched = r[4] != null;
                            return new QueueEntry(
                                    player,
                                    game,
                                    SqlValues.integer(r[1]),
                                    options,
                                    SqlValues.time(r[3]),
                                    (String) r[4],
                                    SqlValues.time(r[5]),
                                    matched ? null : SqlValues.count(r[6]),
                                    matched ? null : SqlValues.count(r[7]));
                        })
                        .orElse(null));
    }

    private String write(Map<String, String> options) {
        try {
            return json.writeValueAsString(options);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Map<String, String> read(String options) {
        try {
            return json.readValue(options, new TypeReference<TreeMap<String, String>>() {});
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ProblemException notQueued(String player) {
        return new ProblemException(
                404,
                "not-found",
                "Not found",
                player + " is not in the matchmaking queue",
                Map.of("rule", "not-queued"));
    }
}
