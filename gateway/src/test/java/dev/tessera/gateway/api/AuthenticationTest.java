package dev.tessera.gateway.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.nullValue;

import dev.tessera.gateway.TestPlayer;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import io.smallrye.jwt.build.Jwt;
import java.nio.charset.StandardCharsets;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/**
 * Who may do what: acting needs a verified player (a token or an API key), and a credential that does
 * not verify is a 401 problem wherever it is sent.
 */
@QuarkusTest
class AuthenticationTest {
    private static final String UNAUTHENTICATED = "https://tessera.dev/problems/unauthenticated";

    @Test
    void every_action_without_a_credential_is_a_401_problem() {
        for (var request : Map.of(
                        "POST /api/v1/tables",
                        "{\"game\": \"alhambra\", \"seats\": 3}",
                        "POST /api/v1/tables/t/join",
                        "",
                        "POST /api/v1/tables/t/start",
                        "",
                        "GET /api/v1/games/g/legal-moves",
                        "",
                        "POST /api/v1/games/g/moves",
                        "{\"expectedVersion\": 1, \"move\": {}}",
                        "GET /api/v1/players/me",
                        "",
                        "POST /api/v1/players/me/tokens",
                        "",
                        "POST /api/v1/players/me/api-keys",
                        "",
                        "GET /api/v1/players/me/api-keys",
                        "",
                        "DELETE /api/v1/players/me/api-keys/" + UUID.randomUUID(),
                        "")
                .entrySet()) {
            String[] methodAndPath = request.getKey().split(" ");
            var spec = given().contentType(ContentType.JSON).header("X-Player", "ana");
            if (!request.getValue().isEmpty()) {
                spec.body(request.getValue());
            }
            unauthenticated(spec.request(methodAndPath[0], methodAndPath[1]).then());
        }
    }

    @Test
    void a_token_that_does_not_verify_is_a_401_problem() throws Exception {
        TestPlayer cyd = TestPlayer.signUp("auth-cyd");
        String issuer = ConfigProvider.getConfig().getValue("tessera.auth.issuer", String.class);
        Instant now = Instant.now();

        String expired = Jwt.issuer(issuer)
                .subject(cyd.id())
                .upn(cyd.id())
                .issuedAt(now.minus(Duration.ofDays(8)))
                .expiresAt(now.minus(Duration.ofHours(1)))
                .sign();
        var generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        String otherKey = Jwt.issuer(issuer)
                .subject(cyd.id())
                .upn(cyd.id())
                .expiresIn(3600)
                .sign(generator.generateKeyPair().getPrivate());
        String otherIssuer = Jwt.issuer("https://elsewhere.example")
                .subject(cyd.id())
                .upn(cyd.id())
                .expiresIn(3600)
                .sign();
        String[] parts = cyd.token().split("\\.");
        String claims = new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8)
                .replace(cyd.id(), UUID.randomUUID().toString());
        String tampered = parts[0] + "."
                + Base64.getUrlEncoder().withoutPadding().encodeToString(claims.getBytes(StandardCharsets.UTF_8)) + "."
                + parts[2];
        String unsigned = parts[0] + "." + parts[1] + ".";

        for (String token :
                new String[] {expired, otherKey, otherIssuer, tampered, unsigned, "not-a-token", "tsk_not-a-key"}) {
            unauthenticated(given().header("Authorization", "Bearer " + token)
                    .get("/api/v1/players/me")
                    .then());
            unauthenticated(given().header("Authorization", "Bearer " + token)
                    .contentType(ContentType.JSON)
                    .body("{\"game\": \"alhambra\", \"seats\": 3}")
                    .post("/api/v1/tables")
                    .then());
            // Not even a spectator view: a client with a broken credential should learn it, not be shown less.
            unauthenticated(given().header("Authorization", "Bearer " + token)
                    .get("/api/v1/games/g")
                    .then());
            unauthenticated(given().header("Authorization", "Bearer " + token)
                    .get("/api/v1/tables")
                    .then());
        }
        unauthenticated(given().header("X-Api-Key", "tsk_not-a-key")
                .get("/api/v1/players/me")
                .then());
        // The real token still works.
        given().header("Authorization", cyd.bearer())
                .get("/api/v1/players/me")
                .then()
                .statusCode(200)
                .body("id", equalTo(cyd.id()));
    }

    @Test
    void a_fresh_token_can_be_had_with_a_valid_one() {
        TestPlayer dan = TestPlayer.signUp("auth-dan");
        String fresh = given().header("Authorization", dan.bearer())
                .post("/api/v1/players/me/tokens")
                .then()
                .statusCode(201)
                .extract()
                .path("token");
        given().header("Authorization", "Bearer " + fresh)
                .get("/api/v1/players/me")
                .then()
                .statusCode(200)
                .body("id", equalTo(dan.id()))
                .body("name", equalTo("auth-dan"));
    }

    @Test
    void the_openapi_document_declares_how_to_authenticate() {
        given().accept("application/json")
                .get("/q/openapi")
                .then()
                .statusCode(200)
                .body("components.securitySchemes.bearer.type", equalTo("http"))
                .body("components.securitySchemes.bearer.scheme", equalTo("bearer"))
                .body("components.securitySchemes.apiKey.in", equalTo("header"))
                .body("components.securitySchemes.apiKey.name", equalTo("X-Api-Key"))
                .body("paths.'/api/v1/tables'.post.security", hasItems(hasKey("bearer"), hasKey("apiKey")))
                .body("paths.'/api/v1/games/{id}/moves'.post.security", hasItems(hasKey("bearer"), hasKey("apiKey")))
                .body("paths.'/api/v1/players'.post.security", nullValue())
                .body("paths.'/api/v1/calculators/alhambra/wall'.post.security", nullValue());
    }

    static void unauthenticated(ValidatableResponse response) {
        response.statusCode(401)
                .contentType("application/problem+json")
                .header("WWW-Authenticate", "Bearer")
                .body("type", equalTo(UNAUTHENTICATED))
                .body("status", equalTo(401));
    }
}
