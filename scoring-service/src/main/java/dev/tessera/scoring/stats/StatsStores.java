package dev.tessera.scoring.stats;

import dev.tessera.kit.problem.ProblemException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

import java.time.Duration;
import java.util.Map;

/**
 * Interactive queries of the statistics' state stores in this instance. With one instance every key is
 * here; with several, each holds some partitions' keys (see scoring-service/README.md).
 */
@ApplicationScoped
public class StatsStores {
    @Inject
    KafkaStreams streams;

    /**
     * Also answer from standby copies of the stores: with {@code num.standby.replicas} = instances − 1 every
     * instance holds every key, so any instance answers for every title (at most the replication lag behind).
     */
    @org.eclipse.microprofile.config.inject.ConfigProperty(name = "scoring.stats.serve-standbys", defaultValue = "false")
    boolean serveStandbys;

    /** The statistics of {@code game} (a known title) as they stand now. */
    public GameStatistics statistics(String game) {
        return read(() -> GameStatistics.of(game, store(StatsTopology.TITLES, TitleTotals.class).get(game),
                store(StatsTopology.WALLS, WallTotals.class).get(game)));
    }

    /** The title of game {@code gameId}; null when the statistics have not seen its GameStarted. */
    public String titleOf(String gameId) {
        return read(() -> {
            GameTally tally = store(StatsTopology.GAMES, GameTally.class).get(gameId);
            return tally == null ? null : tally.title;
        });
    }

    private <V> ReadOnlyKeyValueStore<String, V> store(String name, Class<V> type) {
        StoreQueryParameters<ReadOnlyKeyValueStore<String, V>> query =
                StoreQueryParameters.fromNameAndType(name, QueryableStoreTypes.<String, V>keyValueStore());
        return streams.store(serveStandbys ? query.enableStaleStores() : query);
    }

    /** A store of {@code streams} for reading; fails with {@link InvalidStateStoreException} while it is not queryable. */
    public static <V> ReadOnlyKeyValueStore<String, V> store(KafkaStreams streams, String name, Class<V> type) {
        return streams.store(StoreQueryParameters.fromNameAndType(name, QueryableStoreTypes.<String, V>keyValueStore()));
    }

    private interface Query<T> {
        T run();
    }

    /**
     * Runs a query, waiting up to {@link #PATIENCE} for the stores to become queryable (a rebalance is
     * usually over in a second or two); then a 503 problem.
     */
    private <T> T read(Query<T> query) {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (true) {
            try {
                return query.run();
            } catch (InvalidStateStoreException e) {
                // Starting, restoring from the changelogs, or rebalancing: the answer would be partial.
                KafkaStreams.State state = streams.state();
                if (System.nanoTime() > deadline || !(state == KafkaStreams.State.REBALANCING || state == KafkaStreams.State.RUNNING)) {
                    throw new ProblemException(503, "statistics-unavailable", "Statistics not available yet",
                            "the statistics are being restored or rebalanced (" + state + "); retry shortly",
                            Map.of("state", state.name()));
                }
                try {
                    Thread.sleep(200);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    private static final Duration PATIENCE = Duration.ofSeconds(5);
}
