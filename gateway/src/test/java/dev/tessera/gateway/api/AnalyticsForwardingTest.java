package dev.tessera.gateway.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import dev.tessera.gateway.TestPlayer;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * Statistics and exports go to scoring-service (unreachable in these tests: the e2e suite has the real
 * one): registered players only, and a service that does not answer is a 503 problem naming no host.
 */
@QuarkusTest
class AnalyticsForwardingTest {

    @Test
    void statistics_and_exports_need_a_player_and_say_when_scoring_service_is_away() {
        given().get("/api/v1/stats/alhambra").then().statusCode(401).contentType("application/problem+json");
        given().get("/api/v1/exports/events?game=alhambra")
                .then()
                .statusCode(401)
                .contentType("application/problem+json");
        String bearer = TestPlayer.signUp("stats-sam").bearer();
        given().header("Authorization", bearer)
                .get("/api/v1/stats/alhambra")
                .then()
                .statusCode(503)
                .contentType("application/problem+json")
                .body("status", equalTo(503));
        given().header("Authorization", bearer)
                .get("/api/v1/exports/events?game=alhambra&from=2026-01-01T00:00:00Z")
                .then()
                .statusCode(503)
                .contentType("application/problem+json")
                .header("Retry-After", "1")
                .body("detail", containsString("scoring"))
                .body("detail", not(containsString("127.0.0.1")));
    }
}
