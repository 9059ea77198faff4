package dev.tessera.kit.observe;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Duration;

/**
 * A move's latency as a histogram: the requests that post a move ({@code http_server_requests_seconds} with the uri
 * {@value #MOVES}, in the gateway and in game-service) get the buckets {@code http_server_requests_seconds_bucket}, so
 * that Prometheus can work out a percentile over any window and any number of instances (the move-latency alert, the
 * dashboard). Fixed buckets around what matters (the alert's 250 ms among them) rather than Micrometer's 70-odd
 * percentile buckets: a dozen series per status. Other requests keep a count, a sum and a maximum only.
 */
@Singleton
public class MoveLatency {
    /** The moves' uri template, as Quarkus REST tags it in both services. */
    public static final String MOVES = "/api/v1/games/{id}/moves";

    static final Duration[] BUCKETS = {
        Duration.ofMillis(5),
        Duration.ofMillis(10),
        Duration.ofMillis(25),
        Duration.ofMillis(50),
        Duration.ofMillis(100),
        Duration.ofMillis(250),
        Duration.ofMillis(500),
        Duration.ofSeconds(1),
        Duration.ofMillis(2500),
        Duration.ofSeconds(5),
        Duration.ofSeconds(10)
    };

    @Produces
    @Singleton
    MeterFilter moveBuckets() {
        double[] nanos = new double[BUCKETS.length];
        for (int i = 0; i < BUCKETS.length; i++) {
            nanos[i] = BUCKETS[i].toNanos();
        }
        DistributionStatisticConfig buckets = DistributionStatisticConfig.builder()
                .serviceLevelObjectives(nanos)
                .build();
        return new MeterFilter() {
            @Override
            public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
                if ("http.server.requests".equals(id.getName()) && MOVES.equals(id.getTag("uri"))) {
                    return buckets.merge(config);
                }
                return config;
            }
        };
    }
}
