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
 * What the gateway answers by itself. The services behind it are not running in this test (their
 * addresses point at closed ports); the end-to-end tests cover the full path.
 */
@QuarkusTest
class GatewayEdgeTest {

    @Test
    void acting_without_naming_a_player_is_401_problem() {
        given().contentType(ContentType.JSON).body("{\"game\": \"alhambra\", \"seats\": 3}")
                .post("/api/v1/tables")
                .then().statusCode(401).contentType("application/problem+json")
                .body("type", equalTo("https://tessera.dev/problems/unauthenticated"));
        given().contentType(ContentType.JSON).header("X-Player", "no spaces allowed")
                .body("{}").post("/api/v1/tables")
                .then().statusCode(400).body("field", equalTo("X-Player"));
    }

    @Test
    void a_service_that_does_not_answer_is_a_503_problem_that_names_no_host() {
        given().get("/api/v1/tables/some-table")
                .then().statusCode(503).contentType("application/problem+json")
                .body("detail", not(containsString("localhost")))
                .body("detail", not(containsString("127.0.0.1")))
                .body("detail", containsString("lobby"));
    }

    @Test
    void bad_query_values_are_rejected_at_the_edge() {
        given().get("/api/v1/games/g/events?from=-1")
                .then().statusCode(400).contentType("application/problem+json").body("field", equalTo("from"));
        given().get("/api/v1/games/g/events?from=abc")
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
