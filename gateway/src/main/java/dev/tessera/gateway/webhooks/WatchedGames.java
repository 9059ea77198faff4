package dev.tessera.gateway.webhooks;

import dev.tessera.kit.db.StorageUnavailable;
import io.smallrye.common.annotation.Identifier;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.KafkaConsumerRebalanceListener;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;
import org.jboss.logging.Logger;

/**
 * What the webhooks' consumer needs to know before it reads a record, in memory, so that a platform without
 * subscribers pays nothing but a look-up per record: the games and tables some subscriber is at (the rows of {@code
 * webhook_games} and {@code webhook_tables}), loaded again whenever the consumer is assigned partitions (another
 * instance may have added some to the ones it takes over); and the players who have a subscription, read again at
 * most every {@link #OWNERS_FOR} while records come (a subscription made on another instance is known within that).
 */
@ApplicationScoped
@Identifier(WatchedGames.LISTENER)
public class WatchedGames implements KafkaConsumerRebalanceListener {
    static final String LISTENER = "webhooks.rebalance";
    private static final Logger LOG = Logger.getLogger(WatchedGames.class);
    static final long OWNERS_FOR = 2_000;
    /** How far this instance's clock may be from a producer's (record timestamps are the producer's). */
    static final long CLOCK_SKEW = 1_000;

    @Inject
    Pool pool;

    private final Set<String> games = ConcurrentHashMap.newKeySet();
    private final Set<String> tables = ConcurrentHashMap.newKeySet();
    private volatile Set<String> owners = Set.of();
    /** When the last read of the subscribers began (this instance's clock). */
    private volatile long ownersRead;

    private volatile boolean stale = true;

    @Override
    public void onPartitionsAssigned(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        stale = true;
    }

    /** Reads again what is out of date: the rows after an assignment, the subscribers after {@link #OWNERS_FOR}. */
    Uni<Void> refresh() {
        Uni<Void> rows = Uni.createFrom().voidItem();
        if (stale) {
            stale = false;
            rows = waitFor(
                            pool.preparedQuery("SELECT game_id, true FROM webhook_games"
                                            + " UNION ALL SELECT table_id, false FROM webhook_tables")
                                    .execute(),
                            "the games and tables followed")
                    .invoke(found -> {
                        games.clear();
                        tables.clear();
                        found.forEach(row -> (row.getBoolean(1) ? games : tables).add(row.getString(0)));
                    })
                    .onFailure()
                    .invoke(() -> stale = true)
                    .replaceWithVoid();
        }
        if (System.currentTimeMillis() - ownersRead < OWNERS_FOR) {
            return rows;
        }
        long reading = System.currentTimeMillis();
        return rows.chain(() -> waitFor(
                        pool.preparedQuery("SELECT DISTINCT owner::text FROM webhook_subscriptions")
                                .execute(),
                        "the subscribers")
                .invoke(found -> {
                    Set<String> read = ConcurrentHashMap.newKeySet();
                    found.forEach(row -> read.add(row.getString(0)));
                    owners = read;
                    ownersRead = reading;
                })
                .replaceWithVoid());
    }

    /**
     * Whether any of {@code players} has a subscription, for a record made at {@code recordTime} (its timestamp, epoch
     * ms): from memory when it says yes or was read after the record was made; otherwise from the database, since a
     * subscription may have been made on another instance in between (a player who subscribes, then sits down at a
     * table at once). Such a record is a table's or a game's start, a few per game, never a move.
     */
    Uni<Boolean> subscribed(List<String> players, long recordTime) {
        if (anySubscribed(players) || recordTime + CLOCK_SKEW < ownersRead) {
            return Uni.createFrom().item(anySubscribed(players));
        }
        // Players are UUIDs (a bot's seat has a name of its own, and no subscription).
        UUID[] ids = players.stream()
                .map(WatchedGames::uuid)
                .filter(java.util.Objects::nonNull)
                .toArray(UUID[]::new);
        if (ids.length == 0) {
            return Uni.createFrom().item(false);
        }
        return waitFor(
                        pool.preparedQuery(
                                        "SELECT DISTINCT owner::text FROM webhook_subscriptions WHERE owner = ANY($1)")
                                .execute(Tuple.of((Object) ids)),
                        "a table's or a game's players' subscriptions")
                .map(found -> {
                    found.forEach(row -> subscribed(row.getString(0)));
                    return found.size() > 0;
                });
    }

    /**
     * Follows a game ({@code game}) or a table, or stops, as its row in {@code webhook_games} or {@code webhook_tables}
     * says now: after a record of it that another instance applied.
     */
    Uni<Void> sync(String id, boolean game) {
        String sql = game
                ? "SELECT 1 FROM webhook_games WHERE game_id = $1"
                : "SELECT 1 FROM webhook_tables WHERE table_id = $1";
        return waitFor(pool.preparedQuery(sql).execute(Tuple.of(id)), game ? "a game's row" : "a table's row")
                .invoke(found -> {
                    Set<String> set = game ? games : tables;
                    if (found.size() > 0) {
                        set.add(id);
                    } else {
                        set.remove(id);
                    }
                })
                .replaceWithVoid();
    }

    /** A read the consumer cannot do without: while the database is out of reach, the consumer waits for it. */
    private static <T> Uni<T> waitFor(Uni<T> read, String what) {
        return StorageUnavailable.waitFor(
                read, LOG, () -> "the webhooks' consumer waits for the database to read " + what);
    }

    private static UUID uuid(String player) {
        try {
            return UUID.fromString(player);
        } catch (IllegalArgumentException notOne) {
            return null;
        }
    }

    /** Subscribes a player now, on this instance (a subscription just made here). */
    void subscribed(String owner) {
        if (owners.contains(owner)) {
            return;
        }
        Set<String> now = ConcurrentHashMap.newKeySet();
        now.addAll(owners);
        now.add(owner);
        owners = now;
    }

    boolean anySubscribed(List<String> players) {
        Set<String> o = owners;
        return players.stream().anyMatch(o::contains);
    }

    boolean game(String gameId) {
        return gameId != null && games.contains(gameId);
    }

    boolean table(String tableId) {
        return tableId != null && tables.contains(tableId);
    }

    void watchGame(String gameId) {
        games.add(gameId);
    }

    void unwatchGame(String gameId) {
        games.remove(gameId);
    }

    void watchTable(String tableId) {
        tables.add(tableId);
    }

    void unwatchTable(String tableId) {
        tables.remove(tableId);
    }
}
