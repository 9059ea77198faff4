package dev.tessera.gateway.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.benmanes.caffeine.cache.Ticker;
import io.smallrye.jwt.auth.principal.DefaultJWTCallerPrincipal;
import io.smallrye.jwt.auth.principal.JWTAuthContextInfo;
import io.smallrye.jwt.auth.principal.JWTCallerPrincipal;
import io.smallrye.jwt.auth.principal.JWTCallerPrincipalFactory;
import io.smallrye.jwt.auth.principal.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.junit.jupiter.api.Test;

/**
 * The cache of verified tokens without Quarkus: a stand-in verifier that counts its calls and, like
 * smallrye-jwt, refuses unknown tokens and tokens past their {@code exp}; and a clock the test moves.
 */
class VerifiedTokensTest {
    private static final Instant START = Instant.parse("2026-03-01T12:00:00Z");

    private final Time time = new Time();
    private final Verifier verifier = new Verifier();
    private final JWTAuthContextInfo settings = new JWTAuthContextInfo();

    private VerifiedTokens tokens(long maxSize, Duration maxAge) {
        VerifiedTokens tokens = new VerifiedTokens();
        tokens.maxSize = maxSize;
        tokens.maxAge = maxAge;
        tokens.verifier = verifier;
        tokens.clock = time;
        tokens.ticker = time;
        tokens.init();
        return tokens;
    }

    @Test
    void a_token_is_verified_once_then_served_from_the_cache() throws Exception {
        VerifiedTokens tokens = tokens(100, Duration.ofMinutes(5));
        verifier.valid("t1", START.plusSeconds(3600));

        JWTCallerPrincipal first = tokens.parse("t1", settings);
        JWTCallerPrincipal second = tokens.parse("t1", settings);
        JWTCallerPrincipal third = tokens.parse("t1", settings);

        assertEquals(1, verifier.calls("t1"));
        assertSame(first, second);
        assertSame(first, third);
        assertEquals(2, tokens.hits());
        assertEquals(1, tokens.misses());
    }

    @Test
    void an_entry_lives_until_the_tokens_exp_and_not_a_moment_longer() throws Exception {
        VerifiedTokens tokens = tokens(100, Duration.ofMinutes(5));
        verifier.valid("t1", START.plusSeconds(60));
        tokens.parse("t1", settings);

        time.advance(Duration.ofSeconds(59).plusMillis(999));
        tokens.parse("t1", settings);
        assertEquals(1, verifier.calls("t1"));

        time.advance(Duration.ofMillis(1));
        assertFalse(tokens.holds("t1"));
        assertThrows(ParseException.class, () -> tokens.parse("t1", settings));
        assertEquals(2, verifier.calls("t1"));
    }

    @Test
    void an_entry_lives_at_most_max_age_then_the_token_is_verified_again() throws Exception {
        VerifiedTokens tokens = tokens(100, Duration.ofMinutes(5));
        verifier.valid("t1", START.plus(Duration.ofDays(7)));
        tokens.parse("t1", settings);

        time.advance(Duration.ofMinutes(5).minusMillis(1));
        tokens.parse("t1", settings);
        assertEquals(1, verifier.calls("t1"));

        time.advance(Duration.ofMillis(1));
        tokens.parse("t1", settings);
        assertEquals(2, verifier.calls("t1"));
        tokens.parse("t1", settings);
        assertEquals(2, verifier.calls("t1"), "verified again, and kept again");
    }

    @Test
    void the_wall_clock_decides_even_when_the_cache_timer_lags() throws Exception {
        // The wall clock jumps (NTP) while the monotonic ticker Caffeine uses does not: exp still wins.
        VerifiedTokens tokens = tokens(100, Duration.ofMinutes(5));
        verifier.valid("t1", START.plusSeconds(60));
        tokens.parse("t1", settings);

        time.jumpWallClock(Duration.ofSeconds(61));
        assertThrows(ParseException.class, () -> tokens.parse("t1", settings));
        assertEquals(2, verifier.calls("t1"));
    }

    @Test
    void with_a_token_age_limit_an_entry_ends_when_the_token_is_too_old() throws Exception {
        VerifiedTokens tokens = tokens(100, Duration.ofMinutes(5));
        settings.setTokenAge(30L);
        verifier.valid("t1", START.plusSeconds(3600));
        tokens.parse("t1", settings);

        time.advance(Duration.ofSeconds(29));
        tokens.parse("t1", settings);
        assertEquals(1, verifier.calls("t1"));
        time.advance(Duration.ofSeconds(1));
        tokens.parse("t1", settings);
        assertEquals(2, verifier.calls("t1"));
    }

    @Test
    void a_token_that_fails_is_never_kept() {
        VerifiedTokens tokens = tokens(100, Duration.ofMinutes(5));
        for (int i = 1; i <= 3; i++) {
            assertThrows(ParseException.class, () -> tokens.parse("forged", settings));
            assertEquals(i, verifier.calls("forged"));
        }
        assertFalse(tokens.holds("forged"));
        assertEquals(0, tokens.size());
        assertEquals(3, tokens.misses());
        assertEquals(0, tokens.hits());
    }

    @Test
    void a_token_accepted_past_its_exp_within_the_clock_skew_is_not_kept() throws Exception {
        VerifiedTokens tokens = tokens(100, Duration.ofMinutes(5));
        verifier.skew = Duration.ofSeconds(60);
        verifier.valid("t1", START.minusSeconds(10));
        tokens.parse("t1", settings);
        tokens.parse("t1", settings);
        assertEquals(2, verifier.calls("t1"));
        assertEquals(0, tokens.size());
    }

    @Test
    void a_verification_with_other_settings_is_not_reused() throws Exception {
        VerifiedTokens tokens = tokens(100, Duration.ofMinutes(5));
        verifier.valid("t1", START.plusSeconds(3600));
        tokens.parse("t1", settings);
        tokens.parse("t1", new JWTAuthContextInfo());
        assertEquals(2, verifier.calls("t1"));
    }

    @Test
    void at_most_max_size_tokens_are_kept() throws Exception {
        VerifiedTokens tokens = tokens(3, Duration.ofMinutes(5));
        for (int i = 0; i < 50; i++) {
            verifier.valid("t" + i, START.plusSeconds(3600));
            tokens.parse("t" + i, settings);
        }
        assertTrue(tokens.size() <= 3, "kept " + tokens.size());
        assertTrue(tokens.size() > 0);
    }

    @Test
    void max_size_0_turns_the_cache_off_and_a_negative_setting_stops_the_start() throws Exception {
        VerifiedTokens tokens = tokens(0, Duration.ofMinutes(5));
        verifier.valid("t1", START.plusSeconds(3600));
        tokens.parse("t1", settings);
        tokens.parse("t1", settings);
        assertEquals(2, verifier.calls("t1"));
        assertEquals(0, tokens.size());

        assertThrows(IllegalStateException.class, () -> tokens(-1, Duration.ofMinutes(5)));
        assertThrows(IllegalStateException.class, () -> tokens(10, Duration.ofMinutes(-5)));
    }

    /** Stands in for smallrye-jwt: knows which tokens are genuine, checks exp (with a skew), counts its calls. */
    private class Verifier extends JWTCallerPrincipalFactory {
        private final Map<String, Instant> genuine = new HashMap<>();
        private final Map<String, Integer> calls = new HashMap<>();
        Duration skew = Duration.ZERO;

        void valid(String token, Instant exp) {
            genuine.put(token, exp);
        }

        int calls(String token) {
            return calls.getOrDefault(token, 0);
        }

        @Override
        public JWTCallerPrincipal parse(String token, JWTAuthContextInfo authContextInfo) throws ParseException {
            calls.merge(token, 1, Integer::sum);
            Instant exp = genuine.get(token);
            if (exp == null) {
                throw new ParseException("signature does not verify");
            }
            if (!time.instant().isBefore(exp.plus(skew))) {
                throw new ParseException("expired");
            }
            JwtClaims claims = new JwtClaims();
            claims.setSubject("player");
            claims.setIssuedAt(NumericDate.fromSeconds(START.getEpochSecond()));
            claims.setExpirationTime(NumericDate.fromSeconds(exp.getEpochSecond()));
            claims.setClaim("raw_token", token);
            return new DefaultJWTCallerPrincipal(claims);
        }
    }

    /** A wall clock and a Caffeine ticker that the test moves, together or (a clock jump) not. */
    private static class Time extends Clock implements Ticker {
        private Instant now = START;
        private long nanos = 1_000_000_000L;

        void advance(Duration d) {
            now = now.plus(d);
            nanos += d.toNanos();
        }

        void jumpWallClock(Duration d) {
            now = now.plus(d);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public long read() {
            return nanos;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }
}
