package dev.tessera.e2e;

import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A table's whole life through the public API, with the four services as separate processes. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TableLifeIT {
    private Platform platform;

    @BeforeAll
    void start() {
        platform = Platform.shared();
        RestAssured.baseURI = platform.gateway();
        RestAssured.port = -1;
    }

    @Test
    void a_table_goes_from_the_lobby_to_a_running_game_that_the_gateway_shows() {
        String tableId = startedTable("alhambra", List.of("ana", "bob", "cyd"));
        String gameId = awaitGame(tableId);

        given().header("X-Player", "ana").get("/api/v1/games/" + gameId).then().statusCode(200)
                .body("game", equalTo("alhambra"))
                .body("players", contains("ana", "bob", "cyd"))
                .body("version", equalTo(1))
                .body("state", notNullValue());
        given().get("/api/v1/games/" + gameId + "/events?from=0").then().statusCode(200)
                .body("[0].type", equalTo("tessera.game.GameStarted"))
                .body("[0].specversion", equalTo("1.0"))
                .body("[0].subject", equalTo(gameId))
                .body("[0].data", not(hasKey("seed")));

        String mover = moverOf(gameId, List.of("ana", "bob", "cyd"));
        String other = mover.equals("ana") ? "bob" : "ana";
        Map<String, Object> move = legalMoves(gameId, mover).get(0);

        // Rejections: nothing is written.
        given().header("X-Player", other).contentType(ContentType.JSON).body(Map.of("expectedVersion", 1, "move", move))
                .post("/api/v1/games/" + gameId + "/moves")
                .then().statusCode(422).contentType("application/problem+json").body("rule", equalTo("not-your-turn"));
        given().header("X-Player", "dan").post("/api/v1/tables/" + tableId + "/join")
                .then().statusCode(409).contentType("application/problem+json");
        given().get("/api/v1/tables/no-such-table").then().statusCode(404).contentType("application/problem+json");
        given().get("/api/v1/games/no-such-game").then().statusCode(404).contentType("application/problem+json");
        given().header("X-Player", "ana").contentType(ContentType.JSON).body("{\"game\": ")
                .post("/api/v1/tables").then().statusCode(400).contentType("application/problem+json");
        assertEquals(1, streamLength(gameId));

        int version = given().header("X-Player", mover).contentType(ContentType.JSON)
                .body(Map.of("expectedVersion", 1, "move", move)).post("/api/v1/games/" + gameId + "/moves")
                .then().statusCode(200).extract().path("version");
        assertEquals(version, streamLength(gameId));

        // scoring-service learns of every event through Kafka and keeps its own projection.
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() ->
                given().get(platform.url(Platform.Service.SCORING) + "/api/v1/scoring/games/" + gameId)
                        .then().statusCode(200).body("lastVersion", equalTo(version)).body("game", equalTo("alhambra")));
    }

    @Test
    void a_move_committed_but_not_published_when_game_service_dies_reaches_the_consumers_once_after_a_restart()
            throws InterruptedException {
        String gameId = awaitGame(startedTable("builders", List.of("eve", "fay")));
        String mover = moverOf(gameId, List.of("eve", "fay"));

        // game-service as it would be between a commit and its relay's publication: the relay never runs.
        platform.kill(Platform.Service.GAME);
        platform.start(Platform.Service.GAME, Map.of("TESSERA_OUTBOX_ENABLED", "false"));
        platform.awaitReady(Platform.Service.GAME);
        int version = given().header("X-Player", mover).contentType(ContentType.JSON)
                .body(Map.of("expectedVersion", 1, "move", legalMoves(gameId, mover).get(0)))
                .post("/api/v1/games/" + gameId + "/moves").then().statusCode(200).extract().path("version");
        assertTrue(version >= 2);
        assertTrue(platform.postgres().count("tessera_game",
                "SELECT count(*) FROM outbox WHERE record_key = '" + gameId + "' AND published_at IS NULL") >= 1);
        await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(5)).untilAsserted(() ->
                given().get(platform.url(Platform.Service.SCORING) + "/api/v1/scoring/games/" + gameId)
                        .then().body("lastVersion", equalTo(1)));

        platform.kill(Platform.Service.GAME);
        platform.start(Platform.Service.GAME, Map.of());
        platform.awaitReady(Platform.Service.GAME);

        await().atMost(Duration.ofSeconds(60)).untilAsserted(() ->
                given().get(platform.url(Platform.Service.SCORING) + "/api/v1/scoring/games/" + gameId)
                        .then().body("lastVersion", equalTo(version)));
        List<String> ids = given().get("/api/v1/games/" + gameId + "/events?from=1").then().extract().jsonPath().getList("id");
        for (String id : ids) {
            assertEquals(1, platform.postgres().count("tessera_scoring",
                    "SELECT count(*) FROM processed_events WHERE consumer = 'scoring.games' AND event_id = '" + id + "'"));
        }
        assertEquals(0, platform.postgres().count("tessera_game",
                "SELECT count(*) FROM outbox WHERE record_key = '" + gameId + "' AND published_at IS NULL"));
    }

    private String startedTable(String game, List<String> players) {
        String tableId = given().header("X-Player", players.get(0)).contentType(ContentType.JSON)
                .body(Map.of("game", game, "seats", players.size())).post("/api/v1/tables")
                .then().statusCode(201).body("status", equalTo("open")).extract().path("id");
        for (String p : players.subList(1, players.size())) {
            given().header("X-Player", p).post("/api/v1/tables/" + tableId + "/join").then().statusCode(200);
        }
        given().header("X-Player", players.get(0)).post("/api/v1/tables/" + tableId + "/start")
                .then().statusCode(200).body("status", equalTo("starting"));
        return tableId;
    }

    private String awaitGame(String tableId) {
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> given().get("/api/v1/tables/" + tableId)
                .then().statusCode(200).body("status", equalTo("playing")).body("gameId", notNullValue()));
        return given().get("/api/v1/tables/" + tableId).then().extract().path("gameId");
    }

    private String moverOf(String gameId, List<String> players) {
        return players.stream().filter(p -> !legalMoves(gameId, p).isEmpty()).findFirst().orElseThrow();
    }

    private List<Map<String, Object>> legalMoves(String gameId, String player) {
        JsonPath body = given().header("X-Player", player).get("/api/v1/games/" + gameId + "/legal-moves")
                .then().statusCode(200).extract().jsonPath();
        return body.getList("moves");
    }

    private long streamLength(String gameId) {
        return platform.postgres().count("tessera_game", "SELECT count(*) FROM events WHERE stream_id = '" + gameId + "'");
    }
}
