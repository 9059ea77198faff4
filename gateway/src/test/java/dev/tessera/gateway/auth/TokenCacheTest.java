package dev.tessera.gateway.auth;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.gateway.TestPlayer;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.ValidatableResponse;
import io.smallrye.jwt.build.Jwt;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/**
 * Bearer tokens are verified once and then served from {@link VerifiedTokens}, through the whole HTTP path.
 * smallrye-jwt allows a clock skew of 60 s by default, during which it still accepts a token past its exp;
 * this test runs with the smallest it takes, 1 s (0 means the default), so that an expired token is refused
 * within a couple of seconds.
 */
@QuarkusTest
@TestProfile(TokenCacheTest.ShortClockSkew.class)
class TokenCacheTest {
    private static final Duration SKEW = Duration.ofSeconds(1);

    public static class ShortClockSkew implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("mp.jwt.verify.clock.skew", String.valueOf(SKEW.toSeconds()));
        }
    }

    @Inject
    VerifiedTokens tokens;

    @Test
    void a_token_used_again_is_verified_once() {
        TestPlayer ana = TestPlayer.signUp("cache-ana");
        long hits = tokens.hits();
        long misses = tokens.misses();

        for (int i = 0; i < 3; i++) {
            me(ana.token()).statusCode(200).body("id", equalTo(ana.id())).body("name", equalTo("cache-ana"));
        }

        assertEquals(misses + 1, tokens.misses(), "verified (RSA) once");
        assertEquals(hits + 2, tokens.hits(), "then served from the cache");
        assertTrue(tokens.holds(ana.token()));
        // Another player's token is a verification of its own, and the cache tells them apart.
        TestPlayer bob = TestPlayer.signUp("cache-bob");
        me(bob.token()).statusCode(200).body("id", equalTo(bob.id()));
        me(ana.token()).statusCode(200).body("id", equalTo(ana.id()));
        assertEquals(misses + 2, tokens.misses());

        given().get("/q/metrics")
                .then()
                .statusCode(200)
                .body(containsString("tessera_gateway_token_cache_total{result=\"hit\""))
                .body(containsString("tessera_gateway_token_cache_total{result=\"miss\""))
                .body(containsString("tessera_gateway_token_cache_size"));
    }

    @Test
    void a_cached_token_is_refused_once_it_expires() throws Exception {
        TestPlayer cyd = TestPlayer.signUp("cache-cyd");
        // exp in whole seconds, 0.5 to 1.5 s from now: long enough to be cached, short enough to wait for.
        long exp = Instant.now().plusMillis(500).getEpochSecond() + 1;
        String shortLived = Jwt.issuer(issuer())
                .subject(cyd.id())
                .upn(cyd.id())
                .groups(Set.of(Tokens.PLAYER_GROUP))
                .expiresAt(exp)
                .sign();

        me(shortLived).statusCode(200).body("id", equalTo(cyd.id()));
        assertTrue(tokens.holds(shortLived), "the token is cached while it is valid");
        me(shortLived).statusCode(200);

        // Until just past its exp and the skew: 2.7 s at most.
        Instant refused = Instant.ofEpochSecond(exp).plus(SKEW).plusMillis(200);
        Thread.sleep(Math.max(0, Duration.between(Instant.now(), refused).toMillis()));
        long hits = tokens.hits();
        long misses = tokens.misses();
        unauthenticated(me(shortLived));
        unauthenticated(me(shortLived));
        assertEquals(hits, tokens.hits(), "an expired token is never served from the cache");
        assertEquals(misses + 2, tokens.misses(), "it goes back to smallrye-jwt, which refuses it each time");
        assertFalse(tokens.holds(shortLived));
    }

    @Test
    void a_tampered_token_is_refused_though_the_genuine_one_is_cached() {
        TestPlayer dan = TestPlayer.signUp("cache-dan");
        me(dan.token()).statusCode(200);
        assertTrue(tokens.holds(dan.token()));

        String[] parts = dan.token().split("\\.");
        // The signature changed (one character in its middle), the claims left as they are.
        char[] signature = parts[2].toCharArray();
        int middle = signature.length / 2;
        signature[middle] = signature[middle] == 'A' ? 'B' : 'A';
        String badSignature = parts[0] + "." + parts[1] + "." + new String(signature);
        // The claims changed (another player), the genuine signature kept.
        String claims = new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8)
                .replace(dan.id(), UUID.randomUUID().toString());
        String otherClaims = parts[0] + "."
                + Base64.getUrlEncoder().withoutPadding().encodeToString(claims.getBytes(StandardCharsets.UTF_8)) + "."
                + parts[2];
        // The genuine token with something appended: not the same string, so not the cached verification.
        String appended = dan.token() + "A";

        long hits = tokens.hits();
        long misses = tokens.misses();
        for (String forged : new String[] {badSignature, otherClaims, appended}) {
            unauthenticated(me(forged));
            unauthenticated(me(forged));
            assertFalse(tokens.holds(forged), "a failed verification is never kept");
        }
        assertEquals(hits, tokens.hits());
        assertEquals(misses + 6, tokens.misses(), "each forged token verified, and refused, every time");

        // The genuine token is still cached and still works.
        me(dan.token()).statusCode(200).body("id", equalTo(dan.id()));
        assertEquals(hits + 1, tokens.hits());
    }

    private static ValidatableResponse me(String token) {
        return given().header("Authorization", "Bearer " + token)
                .get("/api/v1/players/me")
                .then();
    }

    private static void unauthenticated(ValidatableResponse response) {
        response.statusCode(401)
                .contentType("application/problem+json")
                .header("WWW-Authenticate", "Bearer")
                .body("type", equalTo("https://tessera.dev/problems/unauthenticated"))
                .body("status", equalTo(401));
    }

    private static String issuer() {
        return ConfigProvider.getConfig().getValue("tessera.auth.issuer", String.class);
    }
}
