package dev.tessera.gateway.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import dev.tessera.gateway.TestPlayer;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.List;
import org.junit.jupiter.api.Test;

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
        given().header("Authorization", gus.bearer())
                .header("X-Tessera-Player", hal.id())
                .contentType(ContentType.JSON)
                .body("{\"game\": \"alhambra\", \"seats\": 3}")
                .post("/api/v1/tables")
                .then()
                .statusCode(200)
                .body("method", equalTo("POST"))
                .body("uri", equalTo("/api/v1/tables"))
                .body("player", equalTo(gus.id()))
                .body("playerHeaders", equalTo(1));
        given().header("Authorization", gus.bearer())
                .header("X-Tessera-Player", hal.id())
                .contentType(ContentType.JSON)
                .body("{\"expectedVersion\": 1, \"move\": {}}")
                .post("/api/v1/games/g-1/moves")
                .then()
                .statusCode(200)
                .body("uri", equalTo("/api/v1/games/g-1/moves"))
                .body("player", equalTo(gus.id()));
    }

    @Test
    void reading_needs_a_registered_player_who_is_forwarded_as_themselves_never_as_the_one_a_client_names() {
        TestPlayer ivy = TestPlayer.signUp("fwd-ivy");
        TestPlayer jay = TestPlayer.signUp("fwd-jay");
        // Nothing reaches a service without a credential, whatever header the client makes up.
        given().header("X-Tessera-Player", ivy.id())
                .get("/api/v1/games/g-2")
                .then()
                .statusCode(401)
                .contentType("application/problem+json");
        given().header("X-Tessera-Player", ivy.id())
                .get("/api/v1/tables?status=open")
                .then()
                .statusCode(401);
        // A registered player not at the game (a spectator there) is forwarded as themselves.
        given().header("Authorization", jay.bearer())
                .header("X-Tessera-Player", ivy.id())
                .get("/api/v1/games/g-2")
                .then()
                .statusCode(200)
                .body("uri", equalTo("/api/v1/games/g-2"))
                .body("player", equalTo(jay.id()))
                .body("playerHeaders", equalTo(1));
        given().header("Authorization", jay.bearer())
                .get("/api/v1/tables?status=open")
                .then()
                .statusCode(200)
                .body("uri", equalTo("/api/v1/tables?status=open"));
    }

    @Test
    void an_api_key_acts_for_its_player_upstream_too() {
        TestPlayer jo = TestPlayer.signUp("fwd-jo");
        String key = given().header("Authorization", jo.bearer())
                .post("/api/v1/players/me/api-keys")
                .then()
                .statusCode(201)
                .extract()
                .path("key");
        given().header("X-Api-Key", key)
                .post("/api/v1/tables/t-1/join")
                .then()
                .statusCode(200)
                .body("uri", equalTo("/api/v1/tables/t-1/join"))
                .body("player", equalTo(jo.id()));
    }

    @Test
    void a_past_position_is_asked_of_game_service_as_the_caller_and_a_bad_one_is_refused_before_it() {
        TestPlayer kim = TestPlayer.signUp("fwd-kim");
        given().header("Authorization", kim.bearer())
                .get("/api/v1/games/g-3?at=12&perspective=all")
                .then()
                .statusCode(200)
                .body("uri", equalTo("/api/v1/games/g-3?at=12&perspective=all"))
                .body("player", equalTo(kim.id()));
        given().header("Authorization", kim.bearer())
                .get("/api/v1/games/g-3?perspective=own")
                .then()
                .statusCode(200)
                .body("uri", equalTo("/api/v1/games/g-3?perspective=own"));
        for (String[] bad :
                new String[][] {{"at=0", "at"}, {"at=-3", "at"}, {"at=x", "at"}, {"perspective=everyone", "perspective"}
                }) {
            // the stand-in would answer 200: a 400 here was answered by the gateway itself
            given().header("Authorization", kim.bearer())
                    .get("/api/v1/games/g-3?" + bad[0])
                    .then()
                    .statusCode(400)
                    .contentType("application/problem+json")
                    .body("field", equalTo(bad[1]));
        }
    }

    @Test
    void legal_moves_since_a_version_are_asked_of_game_service_with_it_and_a_bad_one_is_refused_before_it() {
        TestPlayer lu = TestPlayer.signUp("fwd-lu");
        given().header("Authorization", lu.bearer())
                .get("/api/v1/games/g-4/legal-moves?minVersion=17")
                .then()
                .statusCode(200)
                .body("uri", equalTo("/api/v1/games/g-4/legal-moves?minVersion=17"))
                .body("player", equalTo(lu.id()));
        given().header("Authorization", lu.bearer())
                .get("/api/v1/games/g-4/legal-moves")
                .then()
                .statusCode(200)
                .body("uri", equalTo("/api/v1/games/g-4/legal-moves"));
        for (String bad : List.of("-1", "x", "1.5")) {
            // the stand-in would answer 200: a 400 here was answered by the gateway itself
            given().header("Authorization", lu.bearer())
                    .get("/api/v1/games/g-4/legal-moves?minVersion=" + bad)
                    .then()
                    .statusCode(400)
                    .contentType("application/problem+json")
                    .body("field", equalTo("minVersion"));
        }
    }

    @Test
    void
            the_game_now_since_a_version_is_asked_of_game_service_with_it_and_a_bad_one_or_one_beside_a_past_view_refused() {
        TestPlayer mo = TestPlayer.signUp("fwd-mo");
        given().header("Authorization", mo.bearer())
                .get("/api/v1/games/g-5?minVersion=23")
                .then()
                .statusCode(200)
                .body("uri", equalTo("/api/v1/games/g-5?minVersion=23"))
                .body("player", equalTo(mo.id()));
        given().header("Authorization", mo.bearer())
                .get("/api/v1/games/g-5?perspective=own&minVersion=0")
                .then()
                .statusCode(200)
                .body("uri", equalTo("/api/v1/games/g-5?perspective=own&minVersion=0"));
        for (String bad :
                List.of("minVersion=-1", "minVersion=x", "at=3&minVersion=3", "perspective=all&minVersion=3")) {
            // the stand-in would answer 200: a 400 here was answered by the gateway itself
            given().header("Authorization", mo.bearer())
                    .get("/api/v1/games/g-5?" + bad)
                    .then()
                    .statusCode(400)
                    .contentType("application/problem+json")
                    .body("field", equalTo("minVersion"));
        }
    }
}
