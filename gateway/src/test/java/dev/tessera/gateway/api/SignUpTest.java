package dev.tessera.gateway.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.gateway.TestPlayer;
import dev.tessera.infra.TestInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@QuarkusTest
class SignUpTest {

    @Test
    void signing_up_answers_the_player_and_a_token_whose_subject_is_the_player_id() {
        var response = given().contentType(ContentType.JSON)
                .body(Map.of("name", "signup-ana"))
                .post("/api/v1/players")
                .then()
                .statusCode(201)
                .contentType(ContentType.JSON)
                .extract();
        JsonPath body = response.jsonPath();
        String id = body.getString("id");
        assertTrue(response.header("Location").endsWith("/api/v1/players/" + id));
        assertEquals(id, UUID.fromString(id).toString());
        assertEquals("signup-ana", body.getString("name"));

        JsonPath claims = claims(body.getString("token"));
        assertEquals(id, claims.getString("sub"));
        assertEquals(id, claims.getString("upn"));
        long lifespan = claims.getLong("exp") - claims.getLong("iat");
        assertEquals(Duration.ofDays(7).toSeconds(), lifespan, "tokens last the configured 7 days");
        assertTrue(
                Instant.parse(body.getString("expiresAt")).isAfter(Instant.now().plus(Duration.ofDays(6))));

        // The token is the player's identity from now on.
        given().header("Authorization", "Bearer " + body.getString("token"))
                .get("/api/v1/players/me")
                .then()
                .statusCode(200)
                .body("id", equalTo(id))
                .body("name", equalTo("signup-ana"));
        // Anyone may look a player up by id: the name is public.
        given().header("Authorization", "Bearer " + body.getString("token"))
                .get("/api/v1/players/" + id)
                .then()
                .statusCode(200)
                .body("id", equalTo(id))
                .body("name", equalTo("signup-ana"));
    }

    @Test
    void a_taken_name_is_a_409_problem_whatever_its_case_and_nobody_is_stored_twice() {
        TestPlayer.signUp("signup-bob");
        for (String name : new String[] {"signup-bob", "SIGNUP-Bob"}) {
            given().contentType(ContentType.JSON)
                    .body(Map.of("name", name))
                    .post("/api/v1/players")
                    .then()
                    .statusCode(409)
                    .contentType("application/problem+json")
                    .body("rule", equalTo("name-taken"));
        }
        assertEquals(
                1,
                TestInfrastructure.postgres()
                        .count("tessera_gateway", "SELECT count(*) FROM players WHERE lower(name) = 'signup-bob'"));
    }

    @Test
    void a_bad_name_is_a_400_problem_naming_the_field_and_stores_nothing() {
        long before = players();
        for (String body : new String[] {
            "{\"name\": \"\"}",
            "{\"name\": \"two words\"}",
            "{\"name\": \"" + "x".repeat(41) + "\"}",
            "{\"name\": \"semi;colon\"}",
            "{}",
            "{\"name\": null}"
        }) {
            given().contentType(ContentType.JSON)
                    .body(body)
                    .post("/api/v1/players")
                    .then()
                    .statusCode(400)
                    .contentType("application/problem+json")
                    .body("field", equalTo("name"));
        }
        given().contentType(ContentType.JSON)
                .body("{\"name\": ")
                .post("/api/v1/players")
                .then()
                .statusCode(400)
                .contentType("application/problem+json");
        assertEquals(before, players());
    }

    @Test
    void an_unknown_player_is_a_404_problem() {
        String bearer = TestPlayer.signUp("signup-who").bearer();
        given().header("Authorization", bearer)
                .get("/api/v1/players/" + UUID.randomUUID())
                .then()
                .statusCode(404)
                .contentType("application/problem+json");
        given().header("Authorization", bearer)
                .get("/api/v1/players/not-a-uuid")
                .then()
                .statusCode(404)
                .contentType("application/problem+json");
        // Profiles are for registered players, like everything but signing up and the calculators.
        given().get("/api/v1/players/" + UUID.randomUUID())
                .then()
                .statusCode(401)
                .contentType("application/problem+json");
    }

    @Test
    void several_names_come_in_one_request_in_the_order_asked_without_ids_that_are_no_players() {
        TestPlayer ana = TestPlayer.signUp("names-ana");
        TestPlayer bob = TestPlayer.signUp("names-bob");
        given().header("Authorization", ana.bearer())
                .get("/api/v1/players?ids=" + bob.id() + ", bot-carrara-1," + UUID.randomUUID() + "," + ana.id() + ","
                        + bob.id())
                .then()
                .statusCode(200)
                .body("id", org.hamcrest.Matchers.contains(bob.id(), ana.id()))
                .body("name", org.hamcrest.Matchers.contains("names-bob", "names-ana"));
        String tooMany = String.join(
                ",",
                java.util.stream.Stream.generate(() -> UUID.randomUUID().toString())
                        .limit(101)
                        .toList());
        for (String ids : java.util.List.of("", ",", tooMany)) {
            given().header("Authorization", ana.bearer())
                    .get("/api/v1/players?ids=" + ids)
                    .then()
                    .statusCode(400)
                    .contentType("application/problem+json")
                    .body("field", equalTo("ids"));
        }
        given().header("Authorization", ana.bearer())
                .get("/api/v1/players")
                .then()
                .statusCode(400)
                .body("field", equalTo("ids"));
        given().get("/api/v1/players?ids=" + ana.id()).then().statusCode(401);
    }

    private static long players() {
        return TestInfrastructure.postgres().count("tessera_gateway", "SELECT count(*) FROM players");
    }

    static JsonPath claims(String jwt) {
        String[] parts = jwt.split("\\.");
        assertEquals(3, parts.length, "a signed JWT has three parts");
        return new JsonPath(new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8));
    }
}
