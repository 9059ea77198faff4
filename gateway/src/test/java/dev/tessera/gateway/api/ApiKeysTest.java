package dev.tessera.gateway.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tessera.gateway.TestPlayer;
import dev.tessera.infra.TestInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** A program acts as a registered player with an API key, until the player revokes it. */
@QuarkusTest
class ApiKeysTest {

    @Test
    void an_api_key_acts_as_its_player_in_either_header_until_it_is_revoked() throws Exception {
        TestPlayer eve = TestPlayer.signUp("keys-eve");
        var created = given().header("Authorization", eve.bearer())
                .post("/api/v1/players/me/api-keys")
                .then()
                .statusCode(201)
                .body("key", startsWith("tsk_"))
                .extract()
                .jsonPath();
        String key = created.getString("key");
        String keyId = created.getString("id");

        given().header("X-Api-Key", key)
                .get("/api/v1/players/me")
                .then()
                .statusCode(200)
                .body("id", equalTo(eve.id()));
        given().header("Authorization", "Bearer " + key)
                .get("/api/v1/players/me")
                .then()
                .statusCode(200)
                .body("id", equalTo(eve.id()));
        // Listed by id, never shown again; only its hash is stored.
        given().header("X-Api-Key", key)
                .get("/api/v1/players/me/api-keys")
                .then()
                .statusCode(200)
                .body("id", contains(keyId))
                .body("[0].key", equalTo(null));
        String hash = HexFormat.of()
                .formatHex(MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8)));
        assertEquals(
                1,
                TestInfrastructure.postgres()
                        .count(
                                "tessera_gateway",
                                "SELECT count(*) FROM api_keys WHERE key_hash = '" + hash + "' AND player_id = '"
                                        + eve.id() + "'"));
        assertEquals(
                0,
                TestInfrastructure.postgres()
                        .count("tessera_gateway", "SELECT count(*) FROM api_keys WHERE key_hash = '" + key + "'"));

        // Somebody else cannot revoke it.
        TestPlayer fay = TestPlayer.signUp("keys-fay");
        given().header("Authorization", fay.bearer())
                .delete("/api/v1/players/me/api-keys/" + keyId)
                .then()
                .statusCode(404)
                .contentType("application/problem+json");
        given().header("X-Api-Key", key).get("/api/v1/players/me").then().statusCode(200);

        given().header("Authorization", eve.bearer())
                .delete("/api/v1/players/me/api-keys/" + keyId)
                .then()
                .statusCode(204);
        AuthenticationTest.unauthenticated(
                given().header("X-Api-Key", key).get("/api/v1/players/me").then());
        AuthenticationTest.unauthenticated(given().header("Authorization", "Bearer " + key)
                .get("/api/v1/players/me")
                .then());
        given().header("Authorization", eve.bearer())
                .get("/api/v1/players/me/api-keys")
                .then()
                .statusCode(200)
                .body("$", empty());
        given().header("Authorization", eve.bearer())
                .delete("/api/v1/players/me/api-keys/" + keyId)
                .then()
                .statusCode(404)
                .contentType("application/problem+json");
    }
}
