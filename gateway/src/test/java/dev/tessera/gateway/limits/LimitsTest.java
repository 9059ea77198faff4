package dev.tessera.gateway.limits;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.gateway.TestPlayer;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The size limit on request bodies (64 KiB) and CORS (the tests allow the origin https://play.tessera.test). */
@QuarkusTest
class LimitsTest {
    private static final String ALLOWED = "https://play.tessera.test";
    private static final int LIMIT = 64 * 1024;

    @Test
    void a_body_over_the_limit_is_a_413_problem() {
        TestPlayer kim =
                TestPlayer.signUp("lim-kim-" + UUID.randomUUID().toString().substring(0, 8));
        given().header("Authorization", kim.bearer())
                .contentType(ContentType.JSON)
                .body(json(LIMIT + 1))
                .post("/api/v1/tables")
                .then()
                .statusCode(413)
                .contentType("application/problem+json")
                .body("type", equalTo("https://tessera.dev/problems/payload-too-large"))
                .body("status", equalTo(413))
                .body("maxBytes", equalTo(LIMIT))
                .body("detail", containsString(String.valueOf(LIMIT)));
        // Refused before anything else: without a credential too.
        given().contentType(ContentType.JSON)
                .body(json(2 * LIMIT))
                .post("/api/v1/calculators/alhambra/wall")
                .then()
                .statusCode(413)
                .contentType("application/problem+json");
        // Up to the limit is fine.
        given().header("Authorization", kim.bearer())
                .contentType(ContentType.JSON)
                .body(json(LIMIT))
                .post("/api/v1/tables")
                .then()
                .statusCode(200)
                .body("uri", equalTo("/api/v1/tables"))
                .body("player", equalTo(kim.id()));
    }

    @Test
    void a_chunked_body_that_grows_over_the_limit_is_a_413_problem() throws Exception {
        byte[] body = json(2 * LIMIT).getBytes(StandardCharsets.UTF_8);
        // A stream of unknown length is sent chunked, without Content-Length.
        HttpRequest request = HttpRequest.newBuilder(
                        URI.create(RestAssured.baseURI + ":" + RestAssured.port + "/api/v1/calculators/alhambra/wall"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body)))
                .build();
        HttpResponse<String> response = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .build()
                .send(request, HttpResponse.BodyHandlers.ofString());
        assertEquals(413, response.statusCode(), response.body());
        assertEquals(
                "application/problem+json",
                response.headers().firstValue("Content-Type").orElse(""));
        assertTrue(response.body().contains("https://tessera.dev/problems/payload-too-large"), response.body());

        // A chunked body within the limit reaches the resource whole.
        String name = "lim-chunked-" + UUID.randomUUID().toString().substring(0, 8);
        byte[] signUp = ("{\"name\": \"" + name + "\"}").getBytes(StandardCharsets.UTF_8);
        HttpResponse<String> created = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .build()
                .send(
                        HttpRequest.newBuilder(
                                        URI.create(RestAssured.baseURI + ":" + RestAssured.port + "/api/v1/players"))
                                .header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(signUp)))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertEquals(201, created.statusCode(), created.body());
        assertTrue(created.body().contains(name), created.body());
    }

    @Test
    void a_preflight_from_an_allowed_origin_gets_the_cors_headers() {
        given().header("Origin", ALLOWED)
                .header("Access-Control-Request-Method", "POST")
                .header("Access-Control-Request-Headers", "authorization,content-type")
                .options("/api/v1/tables")
                .then()
                .statusCode(200)
                .header("Access-Control-Allow-Origin", ALLOWED)
                .header("Access-Control-Allow-Methods", containsString("POST"))
                .header("Access-Control-Allow-Headers", containsString("Authorization"));
    }

    @Test
    void a_preflight_from_another_origin_does_not() {
        given().header("Origin", "https://elsewhere.example")
                .header("Access-Control-Request-Method", "POST")
                .options("/api/v1/tables")
                .then()
                .log()
                .ifValidationFails()
                .statusCode(403)
                .header("Access-Control-Allow-Origin", nullValue())
                .header("Access-Control-Allow-Headers", nullValue());
    }

    @Test
    void a_browser_may_read_the_headers_it_needs_and_the_problems() {
        given().header("Origin", ALLOWED)
                .header("Authorization", TestPlayer.signUp("cors-ann").bearer())
                .get("/api/v1/tables")
                .then()
                .statusCode(200)
                .header("Access-Control-Allow-Origin", ALLOWED)
                .header("Access-Control-Expose-Headers", containsString("Retry-After"))
                .header("Access-Control-Expose-Headers", containsString("Location"))
                .header("Access-Control-Expose-Headers", containsString("WWW-Authenticate"));
        given().header("Origin", ALLOWED)
                .contentType(ContentType.JSON)
                .body("{}")
                .post("/api/v1/tables")
                .then()
                .statusCode(401)
                .contentType("application/problem+json")
                .header("Access-Control-Allow-Origin", ALLOWED);
        given().header("Origin", ALLOWED)
                .contentType(ContentType.JSON)
                .body(json(LIMIT + 1))
                .post("/api/v1/tables")
                .then()
                .statusCode(413)
                .contentType("application/problem+json")
                .header("Access-Control-Allow-Origin", ALLOWED);
        given().header("Origin", "https://elsewhere.example")
                .get("/api/v1/tables")
                .then()
                .header("Access-Control-Allow-Origin", nullValue());
    }

    /** A JSON object of exactly {@code bytes} bytes. */
    private static String json(int bytes) {
        String start = "{\"game\": \"alhambra\", \"seats\": 3, \"pad\": \"";
        String end = "\"}";
        return start + "x".repeat(bytes - start.length() - end.length()) + end;
    }
}
