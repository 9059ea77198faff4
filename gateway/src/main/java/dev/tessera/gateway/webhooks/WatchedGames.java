package dev.tessera.gateway.webhooks;

import io.smallrye.common.annotation.Identifier;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.KafkaConsumerRebalanceListener;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;

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
    static final long OWNERS_FOR = 2_000;

    @Inject
    Pool pool;

    private final Set<String> games = ConcurrentHashMap.newKeySet();
    private final Set<String> tables = ConcurrentHashMap.newKeySet();
    private volatile Set<String> owners = Set.of();
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
            rows = pool.preparedQuery(
                            "SELECT game_id, true FROM webhook_games UNION ALL SELECT table_id, false FROM webhook_tables")
                    .execute()
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
        return rows.chain(() -> pool.preparedQuery("SELECT DISTINCT owner::text FROM webhook_subscriptions")
                .execute()
                .invoke(found -> {
                    Set<String> read = ConcurrentHashMap.newKeySet();
                    found.forEach(row -> read.add(row.getString(0)));
                    owners = read;
                    ownersRead = System.currentTimeMillis();
                })
                .replaceWithVoid());
    }

    /** Subscribes a player now, on this instance (a subscription just made here). */
    void subscribed(String owner) {
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
