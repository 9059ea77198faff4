package dev.tessera.scoring.stats;

import dev.tessera.kit.problem.ProblemException;
import dev.tessera.scoring.ServiceUnavailable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyQueryMetadata;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.HostInfo;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.jboss.logging.Logger;

/**
 * Reads a key of the statistics' stores from the instance whose task is active for it, so that every
 * instance of the application gives the same answer: {@link KafkaStreams#queryMetadataForKey} names the
 * active instance (by its {@code application.server}); this one reads its own store, pinned to the key's
 * partition, or asks that instance over HTTP at {@link #INTERNAL_PATH}, which answers from its active store
 * only and never forwards again. Standby copies are never read: they may lag, and two instances would then
 * disagree.
 *
 * <p>Anything that makes the authoritative value unreadable for a moment (no metadata while the group
 * rebalances, the active task still restoring, the active instance dead but not yet out of the group, an
 * instance that says it is no longer active) is retried until a deadline, then answered as a retryable
 * 503 ({@link ServiceUnavailable}), never as a missing or older value.
 *
 * <p>Plain Java (no CDI), so that a test can run a second instance of the application with it.
 */
public final class StatsQueries {
    private static final Logger LOG = Logger.getLogger(StatsQueries.class);

    /** Where an instance answers another's reads; not under /api/v1, so the gateway never exposes it. */
    public static final String INTERNAL_PATH = "/internal/stats/";
    /** The value type of each store, for reading another instance's answer. */
    static final Map<String, Class<?>> STORES = Map.of(
            StatsTopology.GAMES,
            GameTally.class,
            StatsTopology.TITLES,
            TitleTotals.class,
            StatsTopology.ROUNDS,
            RoundWalls.class,
            StatsTopology.WALLS,
            WallTotals.class);

    private static final Serializer<String> KEYS = new StringSerializer();
    private static final long PAUSE_MS = 200;
    /** Another instance answers from memory or local disk: two seconds means it is gone or stuck. */
    private static final Duration REMOTE_TIMEOUT = Duration.ofSeconds(2);

    private final KafkaStreams streams;
    private final HostInfo self;
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(1))
            .build();

    /** @param self this instance's {@code application.server}, as the other instances see it */
    public StatsQueries(KafkaStreams streams, HostInfo self) {
        this.streams = streams;
        this.self = self;
    }

    public HostInfo self() {
        return self;
    }

    /**
     * The statistics of {@code title} (a known title) as they stand now, whichever instance holds them: of its games
     * that are not sandbox games, and with {@code sandbox} of its sandbox games too (their totals, kept apart under
     * another key, added).
     */
    public GameStatistics statistics(String title, boolean sandbox, Duration patience) {
        long deadline = deadline(patience);
        TitleTotals totals = value(StatsTopology.TITLES, title, TitleTotals.class, deadline);
        // Only Alhambra has scoring rounds: the walls store holds no other title.
        boolean rounds = StatsTopology.ALHAMBRA.equals(title);
        WallTotals walls = rounds ? value(StatsTopology.WALLS, title, WallTotals.class, deadline) : null;
        if (sandbox) {
            TitleTotals practice =
                    value(StatsTopology.TITLES, StatsTopology.key(title, true), TitleTotals.class, deadline);
            totals = totals == null ? practice : totals.plus(practice);
            if (rounds) {
                WallTotals practiceWalls =
                        value(StatsTopology.WALLS, StatsTopology.key(title, true), WallTotals.class, deadline);
                walls = walls == null ? practiceWalls : walls.plus(practiceWalls);
            }
        }
        return GameStatistics.of(title, totals, walls);
    }

    /** What the statistics know of a game: its title, and whether it is a sandbox game. */
    public record StoredGame(String title, boolean sandbox) {}

    /** Game {@code gameId}'s title and whether it is a sandbox game; null when the statistics have not seen its GameStarted. */
    public StoredGame game(String gameId, Duration patience) {
        GameTally tally = value(StatsTopology.GAMES, gameId, GameTally.class, deadline(patience));
        return tally == null || tally.title == null ? null : new StoredGame(tally.title, tally.sandbox);
    }

    /** The title of game {@code gameId}; null when the statistics have not seen its GameStarted. */
    public String titleOf(String gameId, Duration patience) {
        StoredGame game = game(gameId, patience);
        return game == null ? null : game.title();
    }

    /**
     * The answer to another instance's read: the value of {@code key} in this instance's active store, as
     * JSON ({@code null} when the store holds no such key). A 503 if this instance is not (or not yet) the
     * active one for the key: the caller asks again, never this instance's standby or stale copy.
     */
    public byte[] localValue(String store, String key) {
        if (!STORES.containsKey(store)) {
            throw ProblemException.notFound("store", store);
        }
        try {
            KeyQueryMetadata where = where(store, key);
            if (!self.equals(where.activeHost())) {
                throw new NotNow("this instance is not the active one for the key", where.activeHost() + " is");
            }
            return JsonSerde.mapper().writeValueAsBytes(local(store, key, where.partition()));
        } catch (NotNow e) {
            throw unavailable(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Fails with a 503 at once unless the application is running or rebalancing (it answers nothing otherwise). */
    public void requireRunning() {
        KafkaStreams.State state = streams.state();
        if (!answering(state)) {
            throw unavailable(new NotNow("the statistics are not running", state.name()));
        }
    }

    /** {@code key}'s value in {@code store}, read where it is active; retried until {@code deadline} (System.nanoTime). */
    <V> V value(String store, String key, Class<V> type, long deadline) {
        while (true) {
            try {
                KeyQueryMetadata where = where(store, key);
                if (self.equals(where.activeHost())) {
                    return type.cast(local(store, key, where.partition()));
                }
                return remote(where.activeHost(), store, key, type);
            } catch (NotNow e) {
                if (System.nanoTime() > deadline || !answering(streams.state())) {
                    throw unavailable(e);
                }
                try {
                    Thread.sleep(PAUSE_MS);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw unavailable(e);
                }
            }
        }
    }

    private KeyQueryMetadata where(String store, String key) {
        KeyQueryMetadata where;
        try {
            where = streams.queryMetadataForKey(store, key, KEYS);
        } catch (InvalidStateStoreException | IllegalStateException e) {
            throw new NotNow("the statistics are starting or stopping", e.getMessage());
        }
        if (where == null
                || KeyQueryMetadata.NOT_AVAILABLE.equals(where)
                || where.activeHost() == null
                || where.activeHost().port() < 0) {
            throw new NotNow("the statistics are being rebalanced", "no metadata for " + store);
        }
        return where;
    }

    /** This instance's active store for the key's partition: an exception, never a miss, if that task is not here and running. */
    private Object local(String store, String key, int partition) {
        try {
            ReadOnlyKeyValueStore<String, Object> active = streams.store(
                    StoreQueryParameters.fromNameAndType(store, QueryableStoreTypes.<String, Object>keyValueStore())
                            .withPartition(partition));
            return active.get(key);
        } catch (InvalidStateStoreException e) {
            throw new NotNow("the statistics are being restored or rebalanced", e.getMessage());
        }
    }

    private <V> V remote(HostInfo host, String store, String key, Class<V> type) {
        String authority =
                host.host().contains(":") ? "[" + host.host() + "]:" + host.port() : host.host() + ":" + host.port();
        URI uri = URI.create("http://" + authority + INTERNAL_PATH + store + "?key="
                + URLEncoder.encode(key, StandardCharsets.UTF_8));
        HttpResponse<byte[]> answer;
        try {
            answer = http.send(
                    HttpRequest.newBuilder(uri).timeout(REMOTE_TIMEOUT).GET().build(),
                    HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new NotNow("the instance holding these statistics did not answer", uri + ": " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NotNow("interrupted", uri.toString());
        }
        if (answer.statusCode() != 200) {
            // 503: not active there (any more), or restoring; 404: an instance without this endpoint. Ask again.
            throw new NotNow(
                    "the instance holding these statistics could not answer", uri + " answered " + answer.statusCode());
        }
        try {
            return JsonSerde.mapper().readValue(answer.body(), type);
        } catch (IOException e) {
            throw new NotNow("the instance holding these statistics answered unreadably", uri + ": " + e.getMessage());
        }
    }

    private ServiceUnavailable unavailable(NotNow e) {
        KafkaStreams.State state = streams.state();
        LOG.debugf("statistics unavailable (%s): %s; %s", state, e.getMessage(), e.detail);
        // The public answer names no host: the detail goes to the log only.
        return new ServiceUnavailable(
                "statistics not available right now: " + e.getMessage() + "; retry shortly",
                1,
                Map.of("state", state.name()));
    }

    private static boolean answering(KafkaStreams.State state) {
        return state == KafkaStreams.State.RUNNING || state == KafkaStreams.State.REBALANCING;
    }

    private static long deadline(Duration patience) {
        return System.nanoTime() + patience.toNanos();
    }

    /** A moment's unavailability: retried until the deadline. No stack trace, it is expected during any rebalance. */
    private static final class NotNow extends RuntimeException {
        final String detail;

        NotNow(String reason, String detail) {
            super(reason, null, false, false);
            this.detail = detail;
        }
    }
}
