package dev.tessera.gateway.auth;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.github.benmanes.caffeine.cache.Ticker;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import io.smallrye.jwt.auth.principal.DefaultJWTCallerPrincipalFactory;
import io.smallrye.jwt.auth.principal.JWTAuthContextInfo;
import io.smallrye.jwt.auth.principal.JWTCallerPrincipal;
import io.smallrye.jwt.auth.principal.JWTCallerPrincipalFactory;
import io.smallrye.jwt.auth.principal.ParseException;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.LongAdder;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.jwt.Claims;

/**
 * Remembers the tokens already verified, so that a client sending the same token on every request pays for
 * the RSA signature check once (it was 11 % of the gateway's CPU under load). This is smallrye-jwt's
 * extension point for the verification ({@link JWTCallerPrincipalFactory}, selected as a CDI alternative):
 * on a miss it hands the token to smallrye-jwt's own {@link DefaultJWTCallerPrincipalFactory}, which checks
 * the signature and the claims exactly as without this class, and keeps the verified principal under the
 * exact token string. Only a successful verification is kept; a token that fails is checked again each time.
 *
 * <p>An entry lives until the token's {@code exp} (or, with {@code mp.jwt.verify.token.age}, until the token
 * is that old), never past it, and at most {@code tessera.auth.token-cache.max-age}, after which the token is
 * verified again (so a change of the verification key takes effect within that time). Past the deadline an
 * entry is never served, whatever Caffeine has evicted yet: the token goes back to smallrye-jwt, which refuses
 * it as it always did (the clock skew it allows, {@code mp.jwt.verify.clock.skew}, is applied there, never
 * here). At most {@code tessera.auth.token-cache.max-size} tokens are kept; 0 turns the cache off.
 */
@Startup
@ApplicationScoped
@Alternative
@Priority(1)
public class VerifiedTokens extends JWTCallerPrincipalFactory {
    static final String METER = "tessera.gateway.token.cache";

    @ConfigProperty(name = "tessera.auth.token-cache.max-size")
    long maxSize;

    @ConfigProperty(name = "tessera.auth.token-cache.max-age")
    Duration maxAge;

    /** Who really verifies; replaced in unit tests. */
    JWTCallerPrincipalFactory verifier = new DefaultJWTCallerPrincipalFactory();
    /** The wall clock tokens' {@code exp} is compared with, and the ticker Caffeine times entries by. */
    Clock clock = Clock.systemUTC();

    Ticker ticker = Ticker.systemTicker();

    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();
    private Cache<String, Verified> cache;

    /** A verified token: the principal, the settings it was verified with, and when it must be verified again. */
    private record Verified(JWTCallerPrincipal principal, JWTAuthContextInfo settings, Instant until) {}

    @PostConstruct
    void init() {
        if (maxSize < 0 || maxAge == null || maxAge.isNegative()) {
            throw new IllegalStateException("tessera.auth.token-cache.max-size and tessera.auth.token-cache.max-age "
                    + "must be 0 or more (0 turns the cache off)");
        }
        if (!enabled()) {
            return;
        }
        cache = Caffeine.newBuilder()
                .maximumSize(maxSize)
                .ticker(ticker)
                // Evictions run on the calling thread: a little bookkeeping, never anything blocking.
                .executor(Runnable::run)
                .expireAfter(Expiry.<String, Verified>writing((token, verified) -> lifetime(verified)))
                .build();
    }

    @Inject
    void measure(MeterRegistry registry) {
        FunctionCounter.builder(METER, hits, LongAdder::sum)
                .tag("result", "hit")
                .description("Bearer tokens found verified in the cache (no RSA check)")
                .register(registry);
        FunctionCounter.builder(METER, misses, LongAdder::sum)
                .tag("result", "miss")
                .description("Bearer tokens verified by smallrye-jwt (RSA check), whether they passed or not")
                .register(registry);
        Gauge.builder(METER + ".size", this, VerifiedTokens::size)
                .description("Verified bearer tokens held in the cache")
                .register(registry);
    }

    @Override
    public JWTCallerPrincipal parse(String token, JWTAuthContextInfo settings) throws ParseException {
        if (!enabled()) {
            misses.increment();
            return verifier.parse(token, settings);
        }
        Verified verified = cache.getIfPresent(token);
        if (verified != null) {
            // Same settings (the application's, always, unless someone calls JWTParser with settings of their own),
            // and still before the deadline by the wall clock, whatever the ticker says.
            if (verified.settings() == settings && clock.instant().isBefore(verified.until())) {
                hits.increment();
                return verified.principal();
            }
            cache.asMap().remove(token, verified);
        }
        misses.increment();
        JWTCallerPrincipal principal = verifier.parse(token, settings); // a failure is thrown, and not kept
        Instant until = deadline(principal, settings);
        if (until != null && clock.instant().isBefore(until)) {
            cache.put(token, new Verified(principal, settings, until));
        }
        return principal;
    }

    /**
     * The first moment the verification may no longer be reused: the token's {@code exp}, or the end of its
     * allowed age, or {@code max-age} from now, whichever comes first; null when the token says nothing usable.
     */
    private Instant deadline(JWTCallerPrincipal principal, JWTAuthContextInfo settings) {
        Long exp = seconds(principal.getClaim(Claims.exp.name()));
        if (exp == null) {
            return null;
        }
        Instant until = Instant.ofEpochSecond(exp);
        Long tokenAge = settings.getTokenAge();
        if (tokenAge != null) {
            Long iat = seconds(principal.getClaim(Claims.iat.name()));
            if (iat == null) {
                return null;
            }
            until = min(until, Instant.ofEpochSecond(iat).plusSeconds(tokenAge));
        }
        return min(until, clock.instant().plus(maxAge));
    }

    private Duration lifetime(Verified verified) {
        Duration left = Duration.between(clock.instant(), verified.until());
        return left.isNegative() ? Duration.ZERO : left;
    }

    private static Long seconds(Object claim) {
        return claim instanceof Number number ? number.longValue() : null;
    }

    private static Instant min(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }

    private boolean enabled() {
        return maxSize > 0 && !maxAge.isZero() && !maxAge.isNegative();
    }

    /** Requests served from the cache. */
    long hits() {
        return hits.sum();
    }

    /** Tokens handed to smallrye-jwt for verification (the RSA check), valid or not. */
    long misses() {
        return misses.sum();
    }

    /** Whether a verification of this token is kept and would be served now. */
    boolean holds(String token) {
        Verified verified = cache == null ? null : cache.getIfPresent(token);
        return verified != null && clock.instant().isBefore(verified.until());
    }

    /** How many tokens are kept (expired and evicted ones removed first). */
    long size() {
        if (cache == null) {
            return 0;
        }
        cache.cleanUp();
        return cache.estimatedSize();
    }
}
