package dev.tessera.gateway.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import dev.tessera.gateway.FakeUpstreams;
import dev.tessera.gateway.TestPlayer;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The lobby's player-facing endpoints through the gateway: quick play, leaving and removing seats act as
 * the verified caller; profiles and leaderboards add the names the gateway keeps to the lobby's numbers.
 */
@QuarkusTest
class LobbyForwardingTest {

    @Test
    void quick_play_and_seat_changes_are_forwarded_as_the_caller_and_need_a_token() {
        TestPlayer kim = TestPlayer.signUp("lobby-kim");
        given().header("Authorization", kim.bearer())
                .contentType(ContentType.JSON)
                .body("{\"game\": \"alhambra\", \"players\": 3}")
                .post("/api/v1/matchmaking")
                .then()
                .statusCode(200)
                .body("method", equalTo("POST"))
                .body("uri", equalTo("/api/v1/matchmaking"))
                .body("player", equalTo(kim.id()));
        given().header("Authorization", kim.bearer())
                .get("/api/v1/matchmaking")
                .then()
                .statusCode(200)
                .body("method", equalTo("GET"))
                .body("player", equalTo(kim.id()));
        given().header("Authorization", kim.bearer())
                .delete("/api/v1/matchmaking")
                .then()
                .statusCode(200)
                .body("method", equalTo("DELETE"))
                .body("player", equalTo(kim.id()));
        given().header("Authorization", kim.bearer())
                .post("/api/v1/tables/t-9/leave")
                .then()
                .statusCode(200)
                .body("uri", equalTo("/api/v1/tables/t-9/leave"))
                .body("player", equalTo(kim.id()));
        given().header("Authorization", kim.bearer())
                .delete("/api/v1/tables/t-9/seats/someone")
                .then()
                .statusCode(200)
                .body("method", equalTo("DELETE"))
                .body("uri", equalTo("/api/v1/tables/t-9/seats/someone"))
                .body("player", equalTo(kim.id()));

        for (String path : new String[] {"/api/v1/matchmaking", "/api/v1/tables/t-9/leave"}) {
            given().contentType(ContentType.JSON)
                    .body("{}")
                    .post(path)
                    .then()
                    .statusCode(401)
                    .contentType("application/problem+json");
        }
        given().delete("/api/v1/matchmaking").then().statusCode(401).contentType("application/problem+json");
        given().delete("/api/v1/tables/t-9/seats/someone")
                .then()
                .statusCode(401)
                .contentType("application/problem+json");
        given().get("/api/v1/leaderboards/alhambra").then().statusCode(401).contentType("application/problem+json");
        given().get("/api/v1/players/" + kim.id() + "/games")
                .then()
                .statusCode(401)
                .contentType("application/problem+json");
    }

    @Test
    void a_profile_is_the_gateways_name_with_the_lobbys_ratings() {
        TestPlayer lea = TestPlayer.signUp("lobby-lea");
        FakeUpstreams.answer("GET", "/api/v1/players/" + lea.id(), """
                {"id": "%s", "gamesPlayed": 3, "gamesFinished": 2, "abandoned": 1,
                 "ratings": [{"game": "alhambra", "rating": 1516, "games": 2, "wins": 1, "abandoned": 1}]}""".formatted(lea.id()));
        given().header("Authorization", lea.bearer())
                .get("/api/v1/players/" + lea.id())
                .then()
                .statusCode(200)
                .body("id", equalTo(lea.id()))
                .body("name", equalTo("lobby-lea"))
                .body("gamesPlayed", equalTo(3))
                .body("abandoned", equalTo(1))
                .body("ratings[0].game", equalTo("alhambra"))
                .body("ratings[0].rating", equalTo(1516));
        given().header("Authorization", lea.bearer())
                .get("/api/v1/players/" + lea.id() + "/games?limit=5")
                .then()
                .statusCode(200)
                .body("uri", equalTo("/api/v1/players/" + lea.id() + "/games?limit=5"));
        given().header("Authorization", lea.bearer())
                .get("/api/v1/players/" + UUID.randomUUID())
                .then()
                .statusCode(404)
                .contentType("application/problem+json");
    }

    @Test
    void a_leaderboard_names_the_players_the_gateway_knows() {
        TestPlayer max = TestPlayer.signUp("lobby-max");
        FakeUpstreams.answer("GET", "/api/v1/leaderboards/carrara?limit=2", """
                {"game": "carrara", "entries": [{"rank": 1, "player": "%s", "rating": 1540, "games": 4},
                                                {"rank": 2, "player": "not-a-gateway-id", "rating": 1490, "games": 1}]}""".formatted(max.id()));
        given().header("Authorization", max.bearer())
                .get("/api/v1/leaderboards/carrara?limit=2")
                .then()
                .statusCode(200)
                .body("game", equalTo("carrara"))
                .body("entries[0].player", equalTo(max.id()))
                .body("entries[0].name", equalTo("lobby-max"))
                .body("entries[0].rating", equalTo(1540))
                .body("entries[1].name", nullValue());
    }
}
