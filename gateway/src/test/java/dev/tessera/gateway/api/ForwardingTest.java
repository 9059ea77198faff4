package dev.tessera.gateway.api;

import dev.tessera.gateway.TestPlayer;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

/**
 * What reaches the services: the verified player in X-Tessera-Player, and never a value a client put
 * there. The services are stand-ins here (FakeUpstreams) that answer with what they received.
 */
@QuarkusTest
class ForwardingTest {

    @Test
    void the_authenticated_player_is_forwarded_and_a_client_sent_player_header_is_not() {
        TestPlayer gus = TestPlayer.signUp("fwd-gus");
        TestPlayer hal = TestPlayer.signUp("fwd-hal");
        given().header("Authorization", gus.bearer()).header("X-Tessera-Player", hal.id())
                .contentType(ContentType.JSON).body("{\"game\": \"alhambra\", \"seats\": 3}")
                .post("/api/v1/tables").then().statusCode(200)
                .body("method", equalTo("POST")).body("uri", equalTo("/api/v1/tables"))
                .body("player", equalTo(gus.id())).body("playerHeaders", equalTo(1));
        given().header("Authorization", gus.bearer()).header("X-Tessera-Player", hal.id())
                .contentType(ContentType.JSON).body("{\"expectedVersion\": 1, \"move\": {}}")
                .post("/api/v1/games/g-1/moves").then().statusCode(200)
                .body("uri", equalTo("/api/v1/games/g-1/moves")).body("player", equalTo(gus.id()));
    }

    @Test
    void a_spectator_is_forwarded_without_a_player_even_when_the_client_names_one() {
        TestPlayer ivy = TestPlayer.signUp("fwd-ivy");
        given().header("X-Tessera-Player", ivy.id()).get("/api/v1/games/g-2").then().statusCode(200)
                .body("uri", equalTo("/api/v1/games/g-2")).body("player", nullValue()).body("playerHeaders", equalTo(0));
        given().header("Authorization", ivy.bearer()).get("/api/v1/games/g-2").then().statusCode(200)
                .body("player", equalTo(ivy.id()));
        given().header("X-Tessera-Player", ivy.id()).get("/api/v1/tables?status=open").then().statusCode(200)
                .body("uri", equalTo("/api/v1/tables?status=open")).body("player", nullValue());
    }

    @Test
    void an_api_key_acts_for_its_player_upstream_too() {
        TestPlayer jo = TestPlayer.signUp("fwd-jo");
        String key = given().header("Authorization", jo.bearer()).post("/api/v1/players/me/api-keys")
                .then().statusCode(201).extract().path("key");
        given().header("X-Api-Key", key).post("/api/v1/tables/t-1/join").then().statusCode(200)
                .body("uri", equalTo("/api/v1/tables/t-1/join")).body("player", equalTo(jo.id()));
    }
}
