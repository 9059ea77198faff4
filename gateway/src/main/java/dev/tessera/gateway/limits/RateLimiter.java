package dev.tessera.gateway.limits;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.OptionalLong;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * A token bucket per caller (Bucket4j): each caller may send {@code tessera.limits.burst} requests at once,
 * and the bucket refills at {@code tessera.limits.requests-per-second}. The buckets live in a bounded
 * cache (Caffeine); a bucket left alone long enough to be full again is dropped, since a new one is the same.
 */
@ApplicationScoped
public class RateLimiter {

    @ConfigProperty(name = "tessera.limits.enabled")
    boolean enabled;

    @ConfigProperty(name = "tessera.limits.requests-per-second")
    long requestsPerSecond;

    @ConfigProperty(name = "tessera.limits.burst")
    long burst;

    @ConfigProperty(name = "tessera.limits.max-callers")
    long maxCallers;

    private Bandwidth bandwidth;
    private Cache<String, Bucket> buckets;

    @PostConstruct
    void init() {
        if (requestsPerSecond < 1 || burst < 1 || maxCallers < 1) {
            throw new IllegalStateException(
                    "tessera.limits.requests-per-second, tessera.limits.burst and "
                            + "tessera.limits.max-callers must be 1 or more (set tessera.limits.enabled=false to turn limits off)");
        }
        bandwidth = Bandwidth.builder()
                .capacity(burst)
                .refillGreedy(requestsPerSecond, Duration.ofSeconds(1))
                .build();
        // An empty bucket is full again after burst / rate seconds; one idle that long can be forgotten.
        Duration refillTime = Duration.ofNanos(ceilDiv(burst * 1_000_000_000L, requestsPerSecond));
        buckets = Caffeine.newBuilder()
                .maximumSize(maxCallers)
                .expireAfterAccess(refillTime.plusSeconds(1))
                .build();
    }

    public boolean enabled() {
        return enabled;
    }

    public long requestsPerSecond() {
        return requestsPerSecond;
    }

    public long burst() {
        return burst;
    }

    /**
     * Takes one request from the caller's bucket.
     *
     * @return empty when the request may go on, else how many seconds (1 or more) until it could
     */
    public OptionalLong acquire(String caller) {
        if (!enabled) {
            return OptionalLong.empty();
        }
        ConsumptionProbe probe = buckets.get(
                        caller, c -> Bucket.builder().addLimit(bandwidth).build())
                .tryConsumeAndReturnRemaining(1);
        if (probe.isConsumed()) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(Math.max(1, ceilDiv(probe.getNanosToWaitForRefill(), 1_000_000_000L)));
    }

    /** {@code Math.ceilDiv} is Java 18; a and b are positive here. */
    private static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }
}
