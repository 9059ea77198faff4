package dev.tessera.lobby.matchmaking;

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

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

import static dev.tessera.lobby.sql.NativeSql.rows;
import static dev.tessera.lobby.sql.NativeSql.update;

/**
 * Quick play. A player queues for a game and a player count; as soon as that many wait for the same
 * game and count, the oldest of them get a table, opened, filled and started in the transaction that
 * completed the group (the same lobby events as doing it by hand), with the first queued as host.
 * <p>
 * Two guards keep this right with several lobby instances. Each line (game, player count) is locked
 * with a transaction-scoped advisory lock taken after the caller's entry is written: whichever request
 * takes the lock last sees every entry written before it, so a group that two simultaneous requests
 * complete is never left waiting. The entries are then taken oldest first with
 * {@code FOR UPDATE SKIP LOCKED}, so no entry is ever used twice, even one that a concurrent
 * {@code DELETE} holds.
 */
@ApplicationScoped
public class MatchmakingService {

    @Inject
    TableService tables;

    @Inject
    OutboxRelay relay;

    /** Queues {@code player}; answers their entry, matched when they completed a group. */
    public Uni<QueueEntry> queue(String player, String game, Integer players) {
        Games.Title title = TableService.title(game);
        if (players == null) {
            throw ProblemException.badField("players", "players (how many play at the table) is required");
        }
        if (players < title.minPlayers() || players > title.maxPlayers()) {
            throw ProblemException.badField("players", title.name() + " is for " + title.minPlayers() + " to "
                    + title.maxPlayers() + " players, not " + players);
        }
        OffsetDateTime now = SqlValues.now();
        Map<String, String> options = TableOptions.defaults(title);
        return Panache.withTransaction(() -> enqueue(player, game, players, now)
                        .chain(() -> lockLine(game, players))
                        .chain(() -> formGroups(game, players, options, now))
                        .chain(groups -> find(player).map(entry -> new Outcome(entry, groups))))
                .invoke(outcome -> {
                    if (outcome.groups() > 0) {
                        relay.kick(); // the tables' events are committed now
                    }
                })
                .map(Outcome::entry);
    }

    private record Outcome(QueueEntry entry, int groups) {
    }

    /** The player's entry, or a 404 problem when they have none. */
    public Uni<QueueEntry> get(String player) {
        return Panache.withSession(() -> find(player)).onItem().ifNull().failWith(() -> notQueued(player));
    }

    /** Takes a waiting player out of the queue; a matched entry stays (it points to the table). */
    public Uni<Void> leave(String player) {
        return Panache.withTransaction(() -> update("DELETE FROM matchmaking_entries WHERE player = :p AND table_id IS NULL",
                Map.of("p", player))
                .chain(deleted -> deleted == 1 ? Uni.createFrom().voidItem() : find(player).map(entry -> {
                    if (entry == null) {
                        throw notQueued(player);
                    }
                    throw ProblemException.conflict("already-matched", player + " was matched to table "
                            + entry.tableId() + "; there is nothing to leave").with("tableId", entry.tableId());
                })));
    }

    /** Writes the entry; a matched entry of the player's is replaced, a waiting one is a 409. */
    private Uni<Void> enqueue(String player, String game, int players, OffsetDateTime now) {
        return update("""
                        INSERT INTO matchmaking_entries (player, game, players, queued_at) VALUES (:p, :g, :n, :at)
                        ON CONFLICT (player) DO UPDATE SET game = excluded.game, players = excluded.players,
                            queued_at = excluded.queued_at, table_id = NULL, matched_at = NULL
                        WHERE matchmaking_entries.table_id IS NOT NULL""",
                Map.of("p", player, "g", game, "n", players, "at", now))
                .map(written -> {
                    if (written == 0) {
                        throw ProblemException.conflict("already-queued", player + " is already waiting for a game; "
                                + "DELETE /api/v1/matchmaking leaves the queue");
                    }
                    return null;
                });
    }

    private Uni<Void> lockLine(String game, int players) {
        return rows("SELECT 1 FROM pg_advisory_xact_lock(hashtext(:line))",
                Map.of("line", "lobby.matchmaking/" + game + "/" + players)).replaceWithVoid();
    }

    /** Forms groups from the oldest waiting entries while there are enough; answers how many were formed. */
    private Uni<Integer> formGroups(String game, int players, Map<String, String> options, OffsetDateTime now) {
        return oldestWaiting(game, players).chain(group -> group.size() < players
                ? Uni.createFrom().item(0)
                : tables.openStarted(game, group, options)
                        .chain(table -> matched(group, table.id, now))
                        .chain(() -> formGroups(game, players, options, now))
                        .map(more -> more + 1));
    }

    private Uni<List<String>> oldestWaiting(String game, int players) {
        return rows("""
                        SELECT player, queued_at FROM matchmaking_entries
                        WHERE game = :g AND players = :n AND table_id IS NULL
                        ORDER BY queued_at, player LIMIT :n
                        FOR UPDATE SKIP LOCKED""", Map.of("g", game, "n", players))
                .map(found -> found.stream().map(r -> (String) r[0]).toList());
    }

    private Uni<Void> matched(List<String> group, String tableId, OffsetDateTime now) {
        return update("UPDATE matchmaking_entries SET table_id = :t, matched_at = :at WHERE player IN (:players)",
                Map.of("t", tableId, "at", now, "players", group)).replaceWithVoid();
    }

    private Uni<QueueEntry> find(String player) {
        return rows("""
                        SELECT e.game, e.players, e.queued_at, e.table_id, e.matched_at,
                            (SELECT count(*) FROM matchmaking_entries o
                             WHERE o.game = e.game AND o.players = e.players AND o.table_id IS NULL
                               AND (o.queued_at, o.player) <= (e.queued_at, e.player)) AS place,
                            (SELECT count(*) FROM matchmaking_entries o
                             WHERE o.game = e.game AND o.players = e.players AND o.table_id IS NULL) AS line
                        FROM matchmaking_entries e WHERE e.player = :p""", Map.of("p", player))
                .map(found -> found.stream().findFirst().map(r -> {
                    boolean matched = r[3] != null;
                    return new QueueEntry(player, (String) r[0], SqlValues.integer(r[1]), SqlValues.time(r[2]),
                            (String) r[3], SqlValues.time(r[4]), matched ? null : SqlValues.count(r[5]),
                            matched ? null : SqlValues.count(r[6]));
                }).orElse(null));
    }

    private static ProblemException notQueued(String player) {
        return new ProblemException(404, "not-found", "Not found", player + " is not in the matchmaking queue",
                Map.of("rule", "not-queued"));
    }
}
