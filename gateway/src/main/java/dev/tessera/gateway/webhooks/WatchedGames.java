package dev.tessera.gateway.webhooks;

import io.smallrye.common.annotation.Identifier;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.KafkaConsumerRebalanceListener;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Collection;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;

/**
 * The games some subscriber plays in (the rows of {@code webhook_games}), in memory, so that the webhooks' consumer
 * passes over the records of every other game by their key, unread. Loaded again whenever the consumer is assigned
 * partitions: another instance may have added games to the ones it takes over.
 */
@ApplicationScoped
@Identifier(WatchedGames.LISTENER)
public class WatchedGames implements KafkaConsumerRebalanceListener {
    static final String LISTENER = "webhooks.rebalance";

    @Inject
    Pool pool;

    private final Set<String> games = ConcurrentHashMap.newKeySet();
    private volatile boolean stale = true;

    @Override
    public void onPartitionsAssigned(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        stale = true;
    }

    /** Loads the games from the database if partitions were assigned since the last load. */
    Uni<Void> refreshIfStale() {
        if (!stale) {
            return Uni.createFrom().voidItem();
        }
        stale = false;
        return pool.preparedQuery("SELECT game_id FROM webhook_games")
                .execute()
                .invoke(rows -> {
                    games.clear();
                    rows.forEach(row -> games.add(row.getString(0)));
                })
                .onFailure()
                .invoke(() -> stale = true)
                .replaceWithVoid();
    }

    boolean contains(String gameId) {
        return gameId != null && games.contains(gameId);
    }

    void add(String gameId) {
        games.add(gameId);
    }

    void remove(String gameId) {
        games.remove(gameId);
    }
}
