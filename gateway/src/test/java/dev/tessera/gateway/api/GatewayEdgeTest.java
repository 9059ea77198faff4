package dev.tessera.gateway.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

/**
 * What the gateway answers by itself. The services behind it are not running in this test (lobby and
 * game are stand-ins that echo what they receive, scoring's two addresses are closed ports); the end-to-end
 * tests cover the full path.
 */
@QuarkusTest
class GatewayEdgeTest {

    @Test
    void naming_oneself_in_a_header_is_no_longer_an_identity() {
        given().contentType(ContentType.JSON)
                .header("X-Player", "ana")
                .body("{\"game\": \"alhambra\", \"seats\": 3}")
                .post("/api/v1/tables")
                .then()
                .statusCode(401)
                .contentType("application/problem+json")
                .body("type", equalTo("https://tessera.dev/problems/unauthenticated"));
    }

    @Test
    void a_service_none_of_whose_instances_answers_is_a_retryable_503_problem_that_names_no_host() {
        // scoring's two instances (127.0.0.1:1 and :2) are both dead
        given().contentType(ContentType.JSON)
                .body("{}")
                .post("/api/v1/calculators/alhambra/wall")
                .then()
                .statusCode(503)
                .contentType("application/problem+json")
                .header("Retry-After", "1")
                .body("type", equalTo("https://tessera.dev/problems/service-unavailable"))
                .body("detail", not(containsString("localhost")))
                .body("detail", not(containsString("127.0.0.1")))
                .body("detail", containsString("scoring"));
    }

    @Test
    void bad_query_values_are_rejected_at_the_edge() {
        String bearer = dev.tessera.gateway.TestPlayer.signUp("edge-eve").bearer();
        for (String from : new String[] {"-1", "abc", "1.5", "99999999999999999999"}) {
            given().header("Authorization", bearer)
                    .get("/api/v1/games/g/events?from=" + from)
                    .then()
                    .statusCode(400)
                    .contentType("application/problem+json")
                    .body("field", equalTo("from"));
        }
    }

    /**
     * A NUL byte (or any control character) in an id or a query value used to reach PostgreSQL, which refuses it: a
     * 500. Now each is a 400 naming the parameter, from the gateway itself: the services behind it here echo every
     * request with a 200, so a 400 means nothing was forwarded.
     */
    @Test
    void what_cannot_be_an_id_or_a_value_is_refused_at_the_edge_naming_the_parameter() {
        String bearer = dev.tessera.gateway.TestPlayer.signUp("edge-nul").bearer();
        String move = "{\"expectedVersion\": 1, \"move\": {}}";
        String[][] requests = {
            {"GET", "/api/v1/tables/abc%00def", "id"},
            {"POST", "/api/v1/tables/abc%00def/join", "id"},
            {"POST", "/api/v1/tables/abc%00def/leave", "id"},
            {"POST", "/api/v1/tables/abc%00def/start", "id"},
            {"DELETE", "/api/v1/tables/abc%00def/seats/p", "id"},
            {"DELETE", "/api/v1/tables/t-9/seats/a%00b", "player"},
            {"GET", "/api/v1/tables?game=%00", "game"},
            {"GET", "/api/v1/tables?status=open%0A", "status"},
            {"GET", "/api/v1/games/abc%00def", "id"},
            {"GET", "/api/v1/games/abc%00def/events", "id"},
            {"GET", "/api/v1/games/abc%00def/legal-moves", "id"},
            {"POST", "/api/v1/games/abc%00def/moves", "id"},
            {"GET", "/api/v1/games/abc%20def", "id"},
            {"GET", "/api/v1/games/" + "x".repeat(65), "id"},
            {"GET", "/api/v1/players/%7F", "id"},
        };
        for (String[] r : requests) {
            io.restassured.specification.RequestSpecification request = given().urlEncodingEnabled(false)
                    .header("Authorization", bearer)
                    .contentType(ContentType.JSON);
            if (r[0].equals("POST")) {
                request.body(move);
            }
            request.request(r[0], r[1])
                    .then()
                    .statusCode(400)
                    .contentType("application/problem+json")
                    .body("type", equalTo("https://tessera.dev/problems/invalid-field"))
                    .body("field", equalTo(r[2]));
        }
        // what an id may look like still goes through (the stand-in echoes it)
        given().header("Authorization", bearer)
                .get("/api/v1/games/3f2b8c1e-5d4a-4e9b-9c7d-2a1b0c9d8e7f")
                .then()
                .statusCode(200)
                .body("uri", equalTo("/api/v1/games/3f2b8c1e-5d4a-4e9b-9c7d-2a1b0c9d8e7f"));
    }

    /** The answers SharedAnswers declares for every operation are problems like any other error. */
    @Test
    void a_wrong_method_accept_or_content_type_is_a_problem() {
        String bearer = dev.tessera.gateway.TestPlayer.signUp("edge-how").bearer();
        given().header("Authorization", bearer)
                .contentType(ContentType.JSON)
                .body("{}")
                .put("/api/v1/tables")
                .then()
                .statusCode(405)
                .contentType("application/problem+json");
        given().header("Authorization", bearer)
                .accept("text/csv")
                .get("/api/v1/tables")
                .then()
                .statusCode(406)
                .contentType("application/problem+json");
        given().header("Authorization", bearer)
                .contentType("text/plain")
                .body("game=alhambra")
                .post("/api/v1/tables")
                .then()
                .statusCode(415)
                .contentType("application/problem+json");
    }

    @Test
    void the_openapi_document_lists_the_public_api() {
        given().accept("application/json")
                .get("/q/openapi")
                .then()
                .statusCode(200)
                .body("paths", hasKey("/api/v1/tables"))
                .body("paths", hasKey("/api/v1/games/{id}/moves"))
                .body("paths", hasKey("/api/v1/calculators/alhambra/placement"));
        given().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
    }
}
