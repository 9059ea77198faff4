package dev.tessera.gateway.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * The web client is static files at / (META-INF/resources): served with a strict Content-Security-Policy, while the
 * API under /api/v1 and /q/* answer exactly as before, problems included. The browser tests in e2e (WebClientIT)
 * play whole games through it.
 */
@QuarkusTest
class WebClientServingTest {

    private static final String CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    @Test
    void the_page_and_its_modules_are_served_at_the_root_with_a_policy_that_allows_only_this_origin() {
        given().get("/")
                .then()
                .statusCode(200)
                .contentType(startsWith("text/html"))
                .header("Content-Security-Policy", CSP)
                .header("X-Content-Type-Options", "nosniff")
                .header("Cache-Control", "no-cache")
                .body(containsString("<script type=\"module\" src=\"app/main.js\"></script>"));
        for (String module : new String[] {
            "app/main.js",
            "app/api.js",
            "app/live.js",
            "app/game.js",
            "app/lobby.js",
            "app/boards/alhambra.js",
            "app/boards/carrara.js",
            "app/boards/builders.js",
            "app/boards/generic.js"
        }) {
            // A module script is refused by the browser unless it comes as JavaScript.
            given().get("/" + module)
                    .then()
                    .statusCode(200)
                    .contentType(startsWith("text/javascript"))
                    .header("Content-Security-Policy", CSP);
        }
        given().get("/app/style.css").then().statusCode(200).contentType(startsWith("text/css"));
    }

    @Test
    void a_file_that_does_not_exist_is_the_usual_404_problem() {
        given().get("/app/nothing-here.js")
                .then()
                .statusCode(404)
                .contentType("application/problem+json")
                .body("type", equalTo("https://tessera.dev/problems/not-found"));
    }

    @Test
    void the_api_and_q_answer_as_before_without_the_pages_headers() {
        given().get("/api/v1/players/me")
                .then()
                .statusCode(401)
                .contentType("application/problem+json")
                .header("Content-Security-Policy", nullValue());
        given().get("/api/v1/nothing-here")
                .then()
                .statusCode(404)
                .contentType("application/problem+json")
                .header("Content-Security-Policy", nullValue());
        // Swagger UI runs inline scripts: the page's policy would break it.
        given().get("/q/openapi").then().statusCode(200).header("Content-Security-Policy", nullValue());
    }

    @Test
    void a_credential_that_does_not_verify_is_still_refused_at_the_root_as_everywhere() {
        given().header("Authorization", "Bearer not-a-token")
                .get("/")
                .then()
                .statusCode(401)
                .contentType("application/problem+json");
    }
}
