package dev.tessera.scoring.stats;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.HostInfo;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Interactive queries of the statistics' state stores, answered the same by every instance: each key is
 * read on the instance whose task is active for it ({@link StatsQueries}; see scoring-service/README.md,
 * "Several instances").
 */
@ApplicationScoped
public class StatsStores {
    /** How long a request waits for a rebalance or a restore to end before its 503 (usually a second or two). */
    public static final Duration PATIENCE = Duration.ofSeconds(5);

    @Inject
    KafkaStreams streams;

    /** This instance's address for the other instances, as Kafka Streams advertises it. */
    @ConfigProperty(name = "quarkus.kafka-streams.application-server")
    String applicationServer;

    private StatsQueries queries;

    @PostConstruct
    void init() {
        queries = new StatsQueries(streams, HostInfo.buildFromEndpoint(applicationServer));
    }

    /** The statistics of {@code game} (a known title) as they stand now; of its sandbox games too with {@code sandbox}. */
    public GameStatistics statistics(String game, boolean sandbox) {
        return queries.statistics(game, sandbox, PATIENCE);
    }

    /** The title of game {@code gameId}; null when the statistics have not seen its GameStarted. */
    public String titleOf(String gameId) {
        return titleOf(gameId, PATIENCE);
    }

    /** As {@link #titleOf(String)}, waiting up to {@code patience} for the instance that holds the game. */
    public String titleOf(String gameId, Duration patience) {
        return queries.titleOf(gameId, patience);
    }

    /** Game {@code gameId}'s title and whether it is a sandbox game, waiting up to {@code patience}; null when not seen. */
    public StatsQueries.StoredGame game(String gameId, Duration patience) {
        return queries.game(gameId, patience);
    }

    /** Another instance's read of this one's active store ({@link StatsQueries#localValue}). */
    public byte[] localValue(String store, String key) {
        return queries.localValue(store, key);
    }

    /** A 503 at once unless the statistics are running or rebalancing. */
    public void requireRunning() {
        queries.requireRunning();
    }

    /** A store of {@code streams} for reading; fails with {@link InvalidStateStoreException} while it is not queryable. */
    public static <V> ReadOnlyKeyValueStore<String, V> store(KafkaStreams streams, String name, Class<V> type) {
        return streams.store(
                StoreQueryParameters.fromNameAndType(name, QueryableStoreTypes.<String, V>keyValueStore()));
    }
}
