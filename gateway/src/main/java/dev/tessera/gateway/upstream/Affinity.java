package dev.tessera.gateway.upstream;

import io.smallrye.stork.api.ServiceInstance;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Which instance a request about one game goes to: game-service keeps the games it served lately folded in memory
 * ({@code FoldedGames}), so every request about a game should reach the same instance, from every gateway alike.
 * <p>
 * Rendezvous (highest-random-weight) hashing: each instance gets a weight from the game id and its own address
 * ({@code host:port}), and the highest weight wins. The choice depends on nothing but these two, never on a gateway's
 * own state (Stork's instance ids, counters), so every gateway makes the same one; an instance that leaves takes only
 * its own games with it, each to its second choice (the same from every gateway), and they come back when it does.
 * <p>
 * One exception, a gateway's own: an instance whose call failed (no connection, its own 503, no answer) comes after
 * the others for {@link #PASS_OVER} after its last failure, then is tried first again. Without it, every move of the
 * games that prefer an instance cut off from its database (or replaced by a release that cannot read them) would
 * be refused for as long as it lasts, where Stork's least-response-time passes such an instance over; and every
 * request of those games would wait for a connection to an instance whose host is gone. The gateways see the
 * same failures, so they still agree but for a few seconds.
 */
final class Affinity {
    /** How long an instance that failed comes after the others: one call in that time finds out whether it is back. */
    static final Duration PASS_OVER = Duration.ofSeconds(5);

    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    /** Each failed instance's address, with the time ({@link #clock}, ns) of its last failure. */
    private final Map<String, Long> failedAt = new ConcurrentHashMap<>();

    private final LongSupplier clock;

    Affinity() {
        this(System::nanoTime);
    }

    Affinity(LongSupplier clock) {
        this.clock = clock;
    }

    /** The instance of {@code instances} (not empty) that {@code key}'s next request goes to. */
    ServiceInstance first(String key, Collection<ServiceInstance> instances) {
        long now = clock.getAsLong();
        return instances.stream()
                .min(Comparator.comparing((ServiceInstance i) -> failedLately(address(i), now))
                        .thenComparing(Affinity::address, preference(key)))
                .orElseThrow();
    }

    /** A call to {@code instance} failed now. */
    void failed(ServiceInstance instance) {
        failedAt.put(address(instance), clock.getAsLong());
    }

    private boolean failedLately(String address, long now) {
        Long at = failedAt.get(address);
        if (at == null) {
            return false;
        }
        if (now - at < PASS_OVER.toNanos()) {
            return true;
        }
        failedAt.remove(address, at); // an address DNS no longer gives is not kept for ever
        return false;
    }

    static String address(ServiceInstance instance) {
        return instance.getHost() + ":" + instance.getPort();
    }

    /** {@code addresses} ({@code host:port}) in {@code key}'s order of preference, its first choice first. */
    static List<String> rank(String key, Collection<String> addresses) {
        return addresses.stream().sorted(preference(key)).toList();
    }

    /** Highest weight first; equal weights (all but impossible) by address, so that the order is still total. */
    private static Comparator<String> preference(String key) {
        return (a, b) -> {
            int byWeight = Long.compareUnsigned(weight(key, b), weight(key, a));
            return byWeight != 0 ? byWeight : a.compareTo(b);
        };
    }

    /**
     * The weight of the instance at {@code address} for {@code key}: the same in every JVM, release and platform, since
     * the gateways must agree. 64-bit FNV-1a over the UTF-8 bytes of the key's length, the key and the address (the
     * length keeps ("ab", "c:1") and ("a", "bc:1") apart), then MurmurHash3's 64-bit finalizer (fmix64). FNV-1a
     * alone is stable and quick but mixes weakly: a difference in the last bytes (game ids one character apart,
     * addresses in the last digit of an IP or a port) is multiplied once only and barely reaches the top bits, which
     * decide the comparison, so such keys would rank instances alike. fmix64, a bijection, makes each input bit flip
     * every output bit with probability close to 1/2: the weights behave as independent for each key and instance, and
     * the keys spread evenly. Not {@code String.hashCode} (32 bits, weak mixing), and no library for it.
     */
    static long weight(String key, String address) {
        byte[] k = key.getBytes(StandardCharsets.UTF_8);
        long h = FNV_OFFSET;
        for (int shift = 24; shift >= 0; shift -= 8) {
            h = (h ^ ((k.length >>> shift) & 0xff)) * FNV_PRIME;
        }
        h = fnv1a(h, k);
        h = fnv1a(h, address.getBytes(StandardCharsets.UTF_8));
        return fmix64(h);
    }

    private static long fnv1a(long h, byte[] bytes) {
        for (byte b : bytes) {
            h = (h ^ (b & 0xff)) * FNV_PRIME;
        }
        return h;
    }

    private static long fmix64(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }
}
