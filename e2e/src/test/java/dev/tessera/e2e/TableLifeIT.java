package dev.tessera.e2e;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.infra.TestKafka;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** A table's whole life through the public API, with the four services as separate processes. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TableLifeIT {
    private Platform platform;

    @BeforeAll
    void start() {
        platform = Platform.shared();
        Platform.useGateway();
    }

    @Test
    void a_table_goes_from_the_lobby_to_a_running_game_that_the_gateway_shows() {
        Account ana = Account.signUp("life-ana");
        Account bob = Account.signUp("life-bob");
        Account cyd = Account.signUp("life-cyd");
        Account dan = Account.signUp("life-dan");
        List<Account> seated = List.of(ana, bob, cyd);
        String tableId = startedTable("alhambra", seated);
        String gameId = awaitGame(tableId);
        // lobby-service said so on the table's stream, in the transaction that made it playing.
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertEquals(
                        List.of(
                                "tessera.lobby.TableOpened",
                                "tessera.lobby.PlayerSeated",
                                "tessera.lobby.PlayerSeated",
                                "tessera.lobby.PlayerSeated",
                                "tessera.lobby.TableStarted",
                                "tessera.lobby.PlayBegan " + gameId),
                        TestKafka.readKey(platform.bootstrapServers(), "lobby-events", tableId).stream()
                                .map(r -> JsonPath.from(r.value()))
                                .map(e -> (e.getString("type") + " " + e.getString("data.gameId")).replace(" null", ""))
                                .toList()));

        ana.as()
                .get("/api/v1/games/" + gameId)
                .then()
                .statusCode(200)
                .body("game", equalTo("alhambra"))
                .body("players", contains(ana.id(), bob.id(), cyd.id()))
                .body("version", equalTo(1))
                .body("state", notNullValue());
        // Each player sees their own hand only; a spectator (a registered player at no table) sees no hand at all.
        ana.as()
                .get("/api/v1/games/" + gameId)
                .then()
                .body("state.players.find { it.id == '" + ana.id() + "' }.hand", notNullValue())
                .body("state.players.find { it.id == '" + bob.id() + "' }.hand", nullValue());
        given().get("/api/v1/games/" + gameId)
                .then()
                .statusCode(200)
                .body("players", contains(ana.id(), bob.id(), cyd.id()))
                .body("state.players.hand", everyItem(nullValue()));
        given().get("/api/v1/games/" + gameId + "/events?from=0")
                .then()
                .statusCode(200)
                .body("[0].type", equalTo("tessera.game.GameStarted"))
                .body("[0].specversion", equalTo("1.0"))
                .body("[0].subject", equalTo(gameId))
                .body("[0].data", not(hasKey("seed")));

        Account mover = moverOf(gameId, seated);
        Account other = mover == ana ? bob : ana;
        Map<String, Object> move = legalMoves(gameId, mover).get(0);

        // Rejections: nothing is written.
        // The mover's move with another seated player's token: the token decides who acts, and it is not their turn.
        other.as()
                .contentType(ContentType.JSON)
                .body(Map.of("expectedVersion", 1, "move", move))
                .post("/api/v1/games/" + gameId + "/moves")
                .then()
                .statusCode(422)
                .contentType("application/problem+json")
                .body("rule", equalTo("not-your-turn"));
        // Without a token, or naming the mover in headers the gateway no longer trusts: nobody acts.
        Platform.anonymously(() -> given().contentType(ContentType.JSON)
                .body(Map.of("expectedVersion", 1, "move", move))
                .header("X-Player", mover.id())
                .header("X-Tessera-Player", mover.id())
                .post("/api/v1/games/" + gameId + "/moves")
                .then()
                .statusCode(401)
                .contentType("application/problem+json")
                .body("type", equalTo("https://tessera.dev/problems/unauthenticated")));
        // Nor does anyone read without a credential.
        Platform.anonymously(() ->
                given().get("/api/v1/games/" + gameId).then().statusCode(401).contentType("application/problem+json"));
        dan.as()
                .post("/api/v1/tables/" + tableId + "/join")
                .then()
                .statusCode(409)
                .contentType("application/problem+json");
        given().get("/api/v1/tables/no-such-table").then().statusCode(404).contentType("application/problem+json");
        given().get("/api/v1/games/no-such-game").then().statusCode(404).contentType("application/problem+json");
        ana.as()
                .contentType(ContentType.JSON)
                .body("{\"game\": ")
                .post("/api/v1/tables")
                .then()
                .statusCode(400)
                .contentType("application/problem+json");
        assertEquals(1, streamLength(gameId));

        int version = mover.as()
                .contentType(ContentType.JSON)
                .body(Map.of("expectedVersion", 1, "move", move))
                .post("/api/v1/games/" + gameId + "/moves")
                .then()
                .statusCode(200)
                .extract()
                .path("version");
        assertEquals(version, streamLength(gameId));

        // scoring-service learns of every event through Kafka and keeps its own projection.
        await().atMost(Duration.ofSeconds(60))
                .untilAsserted(
                        () -> given().get(platform.url(Platform.Service.SCORING) + "/api/v1/scoring/games/" + gameId)
                                .then()
                                .statusCode(200)
                                .body("lastVersion", equalTo(version))
                                .body("game", equalTo("alhambra")));
    }

    @Test
    void quick_play_forms_and_starts_a_table_for_three_strangers_who_each_learn_it() {
        List<Account> strangers = Tables.signUp("quick-ann", "quick-bo", "quick-cy");
        for (Account p : strangers.subList(0, 2)) {
            p.as().contentType(ContentType.JSON)
                    .body(Map.of("game", "carrara", "players", 3))
                    .post("/api/v1/matchmaking")
                    .then()
                    .statusCode(202)
                    .body("status", equalTo("queued"));
        }
        // Queuing twice is refused, and changes nothing.
        strangers
                .get(0)
                .as()
                .contentType(ContentType.JSON)
                .body(Map.of("game", "carrara", "players", 3))
                .post("/api/v1/matchmaking")
                .then()
                .statusCode(409)
                .contentType("application/problem+json")
                .body("rule", equalTo("already-queued"));
        String tableId = strangers
                .get(2)
                .as()
                .contentType(ContentType.JSON)
                .body(Map.of("game", "carrara", "players", 3))
                .post("/api/v1/matchmaking")
                .then()
                .statusCode(201)
                .body("status", equalTo("matched"))
                .extract()
                .path("tableId");
        for (Account p : strangers) {
            p.as().get("/api/v1/matchmaking").then().statusCode(200).body("tableId", equalTo(tableId));
        }
        String gameId = Tables.gameOf(tableId);
        given().get("/api/v1/tables/" + tableId)
                .then()
                .body("players", contains(strangers.stream().map(Account::id).toArray()));
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> given().get("/api/v1/games/" + gameId)
                        .then()
                        .statusCode(200)
                        .body(
                                "players",
                                contains(strangers.stream().map(Account::id).toArray())));
    }

    @Test
    void a_move_committed_but_not_published_when_game_service_dies_reaches_the_consumers_once_after_a_restart()
            throws InterruptedException {
        List<Account> players = List.of(Account.signUp("life-eve"), Account.signUp("life-fay"));
        String gameId = awaitGame(startedTable("builders", players));
        Account mover = moverOf(gameId, players);

        // game-service as it would be between a commit and its relay's publication: the relay never runs.
        platform.kill(Platform.Service.GAME);
        platform.start(Platform.Service.GAME, Map.of("TESSERA_OUTBOX_ENABLED", "false"));
        platform.awaitReady(Platform.Service.GAME);
        int version = mover.as()
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "expectedVersion", 1, "move", legalMoves(gameId, mover).get(0)))
                .post("/api/v1/games/" + gameId + "/moves")
                .then()
                .statusCode(200)
                .extract()
                .path("version");
        assertTrue(version >= 2);
        assertTrue(platform.postgres()
                        .count(
                                "tessera_game",
                                "SELECT count(*) FROM outbox WHERE record_key = '" + gameId
                                        + "' AND published_at IS NULL")
                >= 1);
        await().during(Duration.ofSeconds(2))
                .atMost(Duration.ofSeconds(5))
                .untilAsserted(
                        () -> given().get(platform.url(Platform.Service.SCORING) + "/api/v1/scoring/games/" + gameId)
                                .then()
                                .body("lastVersion", equalTo(1)));

        platform.kill(Platform.Service.GAME);
        platform.start(Platform.Service.GAME, Map.of());
        platform.awaitReady(Platform.Service.GAME);

        await().atMost(Duration.ofSeconds(60))
                .untilAsserted(
                        () -> given().get(platform.url(Platform.Service.SCORING) + "/api/v1/scoring/games/" + gameId)
                                .then()
                                .body("lastVersion", equalTo(version)));
        // Each event reached the topic once (the relay after the restart published what the dead one had not);
        // scoring-service applied them all (lastVersion above), and its transactional part once: GameStarted is
        // recorded as processed once, while the move's events only move the game on, which is idempotent itself.
        List<String> ids = given().get("/api/v1/games/" + gameId + "/events?from=0")
                .then()
                .extract()
                .jsonPath()
                .getList("id");
        List<String> published = TestKafka.readKey(platform.bootstrapServers(), "game-events", gameId).stream()
                .map(r -> JsonPath.from(r.value()).getString("id"))
                .toList();
        for (String id : ids) {
            assertEquals(1, published.stream().filter(id::equals).count(), "event " + id + " on game-events");
        }
        assertEquals(
                1,
                platform.postgres()
                        .count(
                                "tessera_scoring",
                                "SELECT count(*) FROM processed_events WHERE consumer = 'scoring.games' AND event_id = '"
                                        + ids.get(0) + "'"));
        assertEquals(
                0,
                platform.postgres()
                        .count(
                                "tessera_game",
                                "SELECT count(*) FROM outbox WHERE record_key = '" + gameId
                                        + "' AND published_at IS NULL"));
    }

    private String startedTable(String game, List<Account> players) {
        String tableId = players.get(0)
                .as()
                .contentType(ContentType.JSON)
                .body(Map.of("game", game, "seats", players.size()))
                .post("/api/v1/tables")
                .then()
                .statusCode(201)
                .body("status", equalTo("open"))
                .extract()
                .path("id");
        for (Account p : players.subList(1, players.size())) {
            p.as().post("/api/v1/tables/" + tableId + "/join").then().statusCode(200);
        }
        players.get(0)
                .as()
                .post("/api/v1/tables/" + tableId + "/start")
                .then()
                .statusCode(200)
                .body("status", equalTo("starting"));
        return tableId;
    }

    private String awaitGame(String tableId) {
        await().atMost(Duration.ofSeconds(60))
                .untilAsserted(() -> given().get("/api/v1/tables/" + tableId)
                        .then()
                        .statusCode(200)
                        .body("status", equalTo("playing"))
                        .body("gameId", notNullValue()));
        return given().get("/api/v1/tables/" + tableId).then().extract().path("gameId");
    }

    private Account moverOf(String gameId, List<Account> players) {
        return players.stream()
                .filter(p -> !legalMoves(gameId, p).isEmpty())
                .findFirst()
                .orElseThrow();
    }

    private List<Map<String, Object>> legalMoves(String gameId, Account player) {
        JsonPath body = player.as()
                .get("/api/v1/games/" + gameId + "/legal-moves")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        return body.getList("moves");
    }

    private long streamLength(String gameId) {
        return platform.postgres()
                .count("tessera_game", "SELECT count(*) FROM events WHERE stream_id = '" + gameId + "'");
    }
}
