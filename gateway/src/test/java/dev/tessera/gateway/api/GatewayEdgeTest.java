package dev.tessera.gateway.api;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;

/**
 * What the gateway answers by itself. The services behind it are not running in this test (lobby and
 * game are stand-ins that echo what they receive, scoring's two addresses are closed ports); the end-to-end
 * tests cover the full path.
 */
@QuarkusTest
class GatewayEdgeTest {

    @Test
    void naming_oneself_in_a_header_is_no_longer_an_identity() {
        given().contentType(ContentType.JSON).header("X-Player", "ana").body("{\"game\": \"alhambra\", \"seats\": 3}")
                .post("/api/v1/tables")
                .then().statusCode(401).contentType("application/problem+json")
                .body("type", equalTo("https://tessera.dev/problems/unauthenticated"));
    }

    @Test
    void a_service_none_of_whose_instances_answers_is_a_retryable_503_problem_that_names_no_host() {
        // scoring's two instances (127.0.0.1:1 and :2) are both dead
        given().contentType(ContentType.JSON).body("{}").post("/api/v1/calculators/alhambra/wall")
                .then().statusCode(503).contentType("application/problem+json").header("Retry-After", "1")
                .body("type", equalTo("https://tessera.dev/problems/service-unavailable"))
                .body("detail", not(containsString("localhost")))
                .body("detail", not(containsString("127.0.0.1")))
                .body("detail", containsString("scoring"));
    }

    @Test
    void bad_query_values_are_rejected_at_the_edge() {
        String bearer = dev.tessera.gateway.TestPlayer.signUp("edge-eve").bearer();
        given().header("Authorization", bearer).get("/api/v1/games/g/events?from=-1")
                .then().statusCode(400).contentType("application/problem+json").body("field", equalTo("from"));
        given().header("Authorization", bearer).get("/api/v1/games/g/events?from=abc")
                .then().statusCode(404);
    }

    @Test
    void the_openapi_document_lists_the_public_api() {
        given().accept("application/json").get("/q/openapi")
                .then().statusCode(200)
                .body("paths", hasKey("/api/v1/tables"))
                .body("paths", hasKey("/api/v1/games/{id}/moves"))
                .body("paths", hasKey("/api/v1/calculators/alhambra/placement"));
        given().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
    }
}
