package dev.tessera.gateway.limits;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.gateway.Scraped;
import dev.tessera.gateway.TestPlayer;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Rate limits, with a small limit of this test's own (a burst of 5, refilled at 1 a second); every other
 * test runs with a limit far above what it sends. The gateway here trusts X-Forwarded-For, as it would
 * behind a proxy, so each test can call from an address of its own.
 */
@QuarkusTest
@TestProfile(RateLimitTest.SmallLimit.class)
class RateLimitTest {
    private static final int BURST = 5;
    private static final String LIMITED = "tessera_rate_limited_total";

    public static class SmallLimit implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of(
                    "tessera.limits.requests-per-second", "1",
                    "tessera.limits.burst", String.valueOf(BURST),
                    "quarkus.http.proxy.proxy-address-forwarding", "true",
                    "quarkus.http.proxy.allow-x-forwarded", "true");
        }
    }

    @Test
    void a_player_over_the_limit_gets_429_with_retry_after_and_another_player_does_not() {
        String address = "203.0.113.10";
        TestPlayer ana = signUp("rl-ana-", address);
        TestPlayer bob = signUp("rl-bob-", address);

        Supplier<Response> anaCalls = () -> given().header("X-Forwarded-For", address)
                .header("Authorization", ana.bearer())
                .get("/api/v1/players/me");
        double playersLimited = Scraped.value(LIMITED, "caller=\"player\"");
        double addressesLimited = Scraped.value(LIMITED, "caller=\"address\"");
        Response limited = untilLimited(anaCalls);
        limited.then()
                .statusCode(429)
                .contentType("application/problem+json")
                .body("type", equalTo("https://tessera.dev/problems/rate-limited"))
                .body("status", equalTo(429))
                .body("instance", equalTo("/api/v1/players/me"))
                .body("detail", containsString("retry in"));
        long retryAfter = Long.parseLong(limited.header("Retry-After"));
        assertTrue(retryAfter >= 1 && retryAfter <= 2, "Retry-After " + retryAfter);
        assertEquals(retryAfter, limited.jsonPath().getLong("retryAfter"));
        // Operators see it: one more refusal of a player, none of an address.
        assertEquals(playersLimited + 1, Scraped.value(LIMITED, "caller=\"player\""));
        assertEquals(addressesLimited, Scraped.value(LIMITED, "caller=\"address\""));

        // Bob, from the very same address, is limited as himself, and so is an anonymous caller there (a calculator).
        given().header("X-Forwarded-For", address)
                .header("Authorization", bob.bearer())
                .get("/api/v1/players/me")
                .then()
                .statusCode(200)
                .body("id", equalTo(bob.id()));
        given().header("X-Forwarded-For", address)
                .contentType(ContentType.JSON)
                .body(WALL)
                .post("/api/v1/calculators/alhambra/placement")
                .then()
                .statusCode(200);

        // The bucket refills: after Retry-After, Ana may call again.
        await().atMost(Duration.ofSeconds(retryAfter + 3))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> anaCalls.get().statusCode() == 200);
    }

    @Test
    void anonymous_callers_are_limited_by_address_and_q_never() {
        String address = "198.51.100.20";
        double addressesLimited = Scraped.value(LIMITED, "caller=\"address\"");
        Response limited = untilLimited(() -> given().header("X-Forwarded-For", address)
                .contentType(ContentType.JSON)
                .body(WALL)
                .post("/api/v1/calculators/alhambra/placement"));
        limited.then()
                .statusCode(429)
                .contentType("application/problem+json")
                .body("type", equalTo("https://tessera.dev/problems/rate-limited"));
        // Even a path that does not exist counts: the limit applies before the request is matched.
        given().header("X-Forwarded-For", address)
                .get("/api/v1/no-such-thing")
                .then()
                .statusCode(429)
                .contentType("application/problem+json");
        for (int i = 0; i < 3 * BURST; i++) {
            given().header("X-Forwarded-For", address)
                    .get("/q/health/live")
                    .then()
                    .statusCode(200);
        }
        given().header("X-Forwarded-For", address).get("/q/metrics").then().statusCode(200);
        assertEquals(addressesLimited + 2, Scraped.value(LIMITED, "caller=\"address\""), "the two 429s above");
        given().header("X-Forwarded-For", "198.51.100.21")
                .contentType(ContentType.JSON)
                .body(WALL)
                .post("/api/v1/calculators/alhambra/placement")
                .then()
                .statusCode(200);
    }

    /** A calculator request (forwarded to game-service's stand-in): the calculators are anonymous. */
    private static final String WALL = "{}";

    /** Calls until the answer is a 429, checking that the whole burst went through first. */
    private static Response untilLimited(Supplier<Response> call) {
        int ok = 0;
        for (int i = 0; i < 10 * BURST; i++) {
            Response response = call.get();
            if (response.statusCode() == 429) {
                assertTrue(ok >= BURST, "limited after " + ok + " requests, before the burst of " + BURST);
                return response;
            }
            assertEquals(200, response.statusCode(), response.asString());
            ok++;
        }
        throw new AssertionError("never limited in " + ok + " requests");
    }

    private static TestPlayer signUp(String prefix, String address) {
        var body = given().header("X-Forwarded-For", address)
                .contentType(ContentType.JSON)
                .body(Map.of("name", prefix + UUID.randomUUID().toString().substring(0, 8)))
                .post("/api/v1/players")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath();
        return new TestPlayer(body.getString("id"), body.getString("name"), body.getString("token"));
    }
}
