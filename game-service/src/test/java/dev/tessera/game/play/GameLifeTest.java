package dev.tessera.game.play;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.Topics;
import dev.tessera.events.lobby.TableStarted;
import dev.tessera.infra.TestInfrastructure;
import dev.tessera.infra.TestKafka;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

@QuarkusTest
class GameLifeTest {
    private static final String PLAYER = "X-Tessera-Player";
    private final EventCodec codec = new EventCodec();

    private String startTable(String game, List<String> players) {
        return startTable(game, players, Map.of());
    }

    private String startTable(String game, List<String> players, Map<String, String> options) {
        String tableId = UUID.randomUUID().toString();
        CloudEvent started = codec.envelope(
                "/tessera/lobby-service",
                tableId,
                4,
                new TableStarted(tableId, game, players, options),
                OffsetDateTime.now());
        String record = codec.write(started);
        TestKafka.produce(TestInfrastructure.bootstrapServers(), Topics.LOBBY_EVENTS, tableId, record);
        String gameId = GameService.gameIdOf(tableId);
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(
                        () -> given().get("/api/v1/games/" + gameId).then().statusCode(200));
        // The same record again, as a relay retry would deliver it: still one game, one GameStarted.
        TestKafka.produce(TestInfrastructure.bootstrapServers(), Topics.LOBBY_EVENTS, tableId, record);
        await().atMost(Duration.ofSeconds(20))
                .until(() -> TestInfrastructure.postgres()
                                .count(
                                        "tessera_game",
                                        "SELECT count(*) FROM processed_events WHERE event_id = '" + started.id() + "'")
                        == 1);
        return gameId;
    }

    @Test
    void a_started_table_becomes_a_game_whose_first_event_reaches_the_topic_without_its_seed_in_the_api() {
        String gameId = startTable("builders", List.of("ana", "bob"));
        given().get("/api/v1/games/" + gameId)
                .then()
                .body("game", equalTo("builders"))
                .body("version", equalTo(1))
                .body("over", equalTo(false));
        given().get("/api/v1/games/" + gameId + "/events?from=0")
                .then()
                .statusCode(200)
                .body("size()", equalTo(1))
                .body("[0].type", equalTo("tessera.game.GameStarted"))
                .body("[0].subject", equalTo(gameId))
                .body("[0].streamversion", equalTo(1))
                .body("[0].data", not(hasKey("seed")));
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertEquals(
                        List.of("tessera.game.GameStarted"),
                        TestKafka.readAll(TestInfrastructure.bootstrapServers(), Topics.GAME_EVENTS).stream()
                                .filter(r -> r.key().equals(gameId))
                                .map(r -> codec.readEnvelope(r.value()).type())
                                .toList()));
        assertEquals(1, events(gameId));
    }

    @Test
    void the_last_event_of_each_append_on_the_topic_says_whose_turn_it_is_and_the_history_does_not() {
        String gameId = startTable("alhambra", List.of("ana", "bob"));
        String mover = moves(gameId, "ana").isEmpty() ? "bob" : "ana";
        var answer = given().header(PLAYER, mover)
                .contentType(ContentType.JSON)
                .body(Map.of("expectedVersion", 1, "move", moves(gameId, mover).get(0)))
                .post("/api/v1/games/" + gameId + "/moves")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        String next = answer.getString("toAct");
        int version = answer.getInt("version");
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertEquals(
                        version,
                        TestKafka.readAll(TestInfrastructure.bootstrapServers(), Topics.GAME_EVENTS).stream()
                                .filter(r -> r.key().equals(gameId))
                                .count()));
        List<dev.tessera.events.CloudEvent> published =
                TestKafka.readAll(TestInfrastructure.bootstrapServers(), Topics.GAME_EVENTS).stream()
                        .filter(r -> r.key().equals(gameId))
                        .map(r -> codec.readEnvelope(r.value()))
                        .toList();
        // GameStarted, an append of its own, waits for the first player; the move's last event for the next one.
        assertEquals(mover, published.get(0).toact());
        assertEquals(next, published.get(published.size() - 1).toact());
        assertEquals(
                List.of(),
                published.subList(1, published.size() - 1).stream()
                        .filter(e -> e.toact() != null)
                        .toList(),
                "only an append's last event says it");
        // No clock at this table: no deadline.
        assertEquals(null, published.get(published.size() - 1).deadline());
        // The history (the events endpoint) leaves it out: it told the moment of publication.
        given().get("/api/v1/games/" + gameId + "/events?from=0")
                .then()
                .statusCode(200)
                .body("toact", everyItem(nullValue()));
    }

    @Test
    void a_legal_move_appends_events_and_a_stale_or_illegal_one_writes_nothing() {
        String gameId = startTable("builders", List.of("ana", "bob"));
        String mover = moves(gameId, "ana").isEmpty() ? "bob" : "ana";
        String other = mover.equals("ana") ? "bob" : "ana";
        JsonNode move = moves(gameId, mover).get(0);

        // Not your turn: 422 naming the rule, nothing written.
        given().header(PLAYER, other)
                .contentType(ContentType.JSON)
                .body(Map.of("expectedVersion", 1, "move", move))
                .post("/api/v1/games/" + gameId + "/moves")
                .then()
                .statusCode(422)
                .contentType("application/problem+json")
                .body("rule", equalTo("not-your-turn"));
        // Not a move at all: 400 naming the field.
        given().header(PLAYER, mover)
                .contentType(ContentType.JSON)
                .body(Map.of("expectedVersion", 1, "move", Map.of("type", "castle")))
                .post("/api/v1/games/" + gameId + "/moves")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("field", equalTo("move"));
        given().header(PLAYER, mover)
                .contentType(ContentType.JSON)
                .body(Map.of("move", move))
                .post("/api/v1/games/" + gameId + "/moves")
                .then()
                .statusCode(400)
                .body("field", equalTo("expectedVersion"));
        given().contentType(ContentType.JSON)
                .body(Map.of("expectedVersion", 1, "move", move))
                .post("/api/v1/games/" + gameId + "/moves")
                .then()
                .statusCode(401)
                .contentType("application/problem+json");
        given().header(PLAYER, mover)
                .contentType(ContentType.JSON)
                .body(Map.of("expectedVersion", 1, "move", move))
                .post("/api/v1/games/" + UUID.randomUUID() + "/moves")
                .then()
                .statusCode(404)
                .contentType("application/problem+json");
        assertEquals(1, events(gameId));

        int version = given().header(PLAYER, mover)
                .contentType(ContentType.JSON)
                .body(Map.of("expectedVersion", 1, "move", move))
                .post("/api/v1/games/" + gameId + "/moves")
                .then()
                .statusCode(200)
                .extract()
                .path("version");
        assertEquals(version, events(gameId));

        // The same move at the old version: 409 with the version to retry from.
        given().header(PLAYER, mover)
                .contentType(ContentType.JSON)
                .body(Map.of("expectedVersion", 1, "move", move))
                .post("/api/v1/games/" + gameId + "/moves")
                .then()
                .statusCode(409)
                .contentType("application/problem+json")
                .body("rule", equalTo("version-conflict"))
                .body("currentVersion", equalTo(version));
        assertEquals(version, events(gameId));

        // What the rules said is counted for the operators (tessera_moves_total{game, result, rule}).
        String metrics =
                given().get("/q/metrics").then().statusCode(200).extract().asString();
        org.junit.jupiter.api.Assertions.assertTrue(
                hasLine(metrics, "tessera_moves_total{", "result=\"rejected\"", "rule=\"not-your-turn\""),
                "rejections by rule");
        org.junit.jupiter.api.Assertions.assertTrue(
                hasLine(metrics, "tessera_moves_total{", "result=\"accepted\""), "accepted moves");
        org.junit.jupiter.api.Assertions.assertTrue(metrics.contains("tessera_outbox_pending"), "outbox lag");
        org.junit.jupiter.api.Assertions.assertTrue(
                metrics.contains("tessera_outbox_oldest_seconds"), "the age of the oldest row waiting");
        // A move's latency is a histogram (the p99 alert, deploy/prometheus): buckets for the moves' uri only.
        String moves = "uri=\"/api/v1/games/{id}/moves\"";
        org.junit.jupiter.api.Assertions.assertTrue(
                hasLine(metrics, "http_server_requests_seconds_bucket{", moves, "le=\"0.25\""),
                "a 250 ms bucket for the moves");
        org.junit.jupiter.api.Assertions.assertTrue(
                metrics.lines()
                        .filter(l -> l.startsWith("http_server_requests_seconds_bucket{"))
                        .allMatch(l -> l.contains(moves)),
                "no buckets for other requests");
    }

    /** Whether a line of {@code metrics} starts with {@code start} and holds every one of {@code parts}. */
    private static boolean hasLine(String metrics, String start, String... parts) {
        return metrics.lines()
                .anyMatch(l ->
                        l.startsWith(start) && java.util.Arrays.stream(parts).allMatch(l::contains));
    }

    /** The Builders' machines (game-service/docs/builders.md): a new game records its cards' edition; bad sends write nothing. */
    @Test
    void a_builders_game_records_its_edition_and_sending_a_machine_nobody_has_built_is_a_422_that_writes_nothing() {
        String gameId = startTable("builders", List.of("ana", "bob"));
        given().get("/api/v1/games/" + gameId + "/events?from=0").then().body("[0].data.options.edition", equalTo("2"));
        String mover = moves(gameId, "ana").isEmpty() ? "bob" : "ana";

        // At the start every machine (building cards 35 to 42) is in the display or the deck.
        given().header(PLAYER, mover)
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "expectedVersion", 1, "move", Map.of("type", "send-machine", "machine", 35, "building", 1)))
                .post("/api/v1/games/" + gameId + "/moves")
                .then()
                .statusCode(422)
                .contentType("application/problem+json")
                .body("rule", equalTo("machine-not-complete"));
        assertEquals(1, events(gameId));
    }

    /** Carrara's expansion (game-service/docs/carrara.md): its moves at a basic table are 422s that write nothing. */
    @Test
    void carraras_expansion_is_the_tables_option_and_its_moves_at_a_basic_table_write_nothing() {
        String basic = startTable("carrara", List.of("ana", "bob"), Map.of("expansion", "false"));
        for (Map<String, Object> move : List.<Map<String, Object>>of(
                Map.of("type", "skip-rotation"),
                Map.of("type", "value-category", "category", "land"),
                Map.of("type", "take-upgrade", "upgrade", "Pisa"))) {
            given().header(PLAYER, "ana")
                    .contentType(ContentType.JSON)
                    .body(Map.of("expectedVersion", 1, "move", move))
                    .post("/api/v1/games/" + basic + "/moves")
                    .then()
                    .statusCode(422)
                    .contentType("application/problem+json")
                    .body("rule", equalTo("expansion-not-in-play"));
        }
        assertEquals(1, events(basic));
        given().get("/api/v1/games/" + basic).then().body("state", not(hasKey("expansion")));

        String expansion = startTable("carrara", List.of("ana", "bob"), Map.of("expansion", "true"));
        given().get("/api/v1/games/" + expansion)
                .then()
                .body("state.expansion.largeBuildings.size()", equalTo(6))
                .body("state.expansion.upgradesLeft.size()", equalTo(8));
        given().header(PLAYER, "ana")
                .get("/api/v1/games/" + expansion + "/legal-moves")
                .then()
                .body("moves.type", org.hamcrest.Matchers.hasItem("skip-rotation"));
        given().header(PLAYER, "ana")
                .contentType(ContentType.JSON)
                .body(Map.of("expectedVersion", 1, "move", Map.of("type", "skip-rotation")))
                .post("/api/v1/games/" + expansion + "/moves")
                .then()
                .statusCode(200)
                .body("events[0].type", equalTo("tessera.carrara.RotationSkipped"));
    }

    @Test
    void of_two_concurrent_moves_at_the_same_version_exactly_one_wins() {
        String gameId = startTable("builders", List.of("ana", "bob"));
        String mover = moves(gameId, "ana").isEmpty() ? "bob" : "ana";
        List<JsonNode> legal = moves(gameId, mover);
        List<CompletableFuture<Response>> racing = List.of(legal.get(0), legal.get(legal.size() - 1)).stream()
                .map(m -> CompletableFuture.supplyAsync(() -> given().header(PLAYER, mover)
                        .contentType(ContentType.JSON)
                        .body(Map.of("expectedVersion", 1, "move", m))
                        .post("/api/v1/games/" + gameId + "/moves")))
                .toList();
        List<Integer> statuses =
                racing.stream().map(f -> f.join().statusCode()).sorted().toList();
        assertEquals(List.of(200, 409), statuses);
        int version = given().get("/api/v1/games/" + gameId).then().extract().path("version");
        assertEquals(version, events(gameId));
        assertFalse(version < 2);
    }

    @Test
    void
            the_view_the_legal_moves_and_every_accepted_move_say_whose_turn_it_is_and_a_mover_who_acts_again_gets_their_moves() {
        // Without a clock the rules are asked; with one the clock row written with each move says it.
        for (Map<String, String> options :
                List.of(Map.<String, String>of(), Map.of("clock", "turn-based", "moveHours", "72"))) {
            List<String> players = List.of("ana", "bob", "cyd");
            String gameId = startTable("builders", players, options);
            String toAct = given().header(PLAYER, "ana")
                    .get("/api/v1/games/" + gameId + "/legal-moves")
                    .then()
                    .statusCode(200)
                    .extract()
                    .path("toAct");
            java.util.Set<String> movers = new java.util.HashSet<>();
            int again = 0;
            for (int i = 0; i < 25; i++) {
                String named = toAct;
                org.junit.jupiter.api.Assertions.assertNotNull(
                        named, "someone may move in the first rounds of The Builders");
                movers.add(named);
                given().get("/api/v1/games/" + gameId).then().body("toAct", equalTo(named));
                for (String p : players) {
                    assertEquals(
                            p.equals(named),
                            !moves(gameId, p).isEmpty(),
                            p + " has legal moves exactly when named to act");
                }
                JsonNode move = moves(gameId, named).get(0);
                int version =
                        given().get("/api/v1/games/" + gameId).then().extract().path("version");
                Response moved = given().header(PLAYER, named)
                        .contentType(ContentType.JSON)
                        .body(Map.of("expectedVersion", version, "move", move))
                        .post("/api/v1/games/" + gameId + "/moves");
                moved.then().statusCode(200);
                toAct = moved.path("toAct");
                assertEquals(
                        toAct,
                        given().header(PLAYER, "cyd")
                                .get("/api/v1/games/" + gameId + "/legal-moves")
                                .then()
                                .extract()
                                .path("toAct"),
                        "the move's answer and the legal moves agree");
                List<JsonNode> next = moved.path("legalMoves") == null
                        ? null
                        : nodes(moved.jsonPath().getList("legalMoves"));
                if (named.equals(toAct)) {
                    again++;
                    assertEquals(
                            moves(gameId, named),
                            next,
                            "a mover who acts again gets their legal moves with the answer");
                } else {
                    org.junit.jupiter.api.Assertions.assertNull(next, "no moves listed when another player is to act");
                }
            }
            org.junit.jupiter.api.Assertions.assertTrue(movers.size() > 1, "the turn passed: " + movers);
            org.junit.jupiter.api.Assertions.assertTrue(again > 0, "a Builders turn has several actions");
        }
    }

    /**
     * The database lost the last commit of a game after acknowledging it: PostgreSQL killed while it ran without fsync
     * or with asynchronous commits, or a failover to a replica that lacked it. The game kept in memory is ahead of its
     * stream then; the move that finds out is a 409 with the stream's version, and the game plays on from there.
     */
    @Test
    void a_game_whose_last_commit_the_database_lost_plays_on_from_its_stream_after_one_409() throws Exception {
        String gameId = startTable("builders", List.of("ana", "bob"));
        int kept = play(gameId, 1);
        int lost = play(gameId, kept);
        try (java.sql.Connection connection = TestInfrastructure.postgres().connect("tessera_game");
                java.sql.Statement statement = connection.createStatement()) {
            statement.execute("DELETE FROM snapshots WHERE stream_id = '" + gameId + "' AND version > " + kept);
            statement.execute("DELETE FROM events WHERE stream_id = '" + gameId + "' AND version > " + kept);
        }
        given().get("/api/v1/games/" + gameId).then().body("version", equalTo(lost));

        String mover = moves(gameId, "ana").isEmpty() ? "bob" : "ana";
        given().header(PLAYER, mover)
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "expectedVersion", lost, "move", moves(gameId, mover).get(0)))
                .post("/api/v1/games/" + gameId + "/moves")
                .then()
                .statusCode(409)
                .body("rule", equalTo("version-conflict"))
                .body("currentVersion", equalTo(kept));
        assertEquals(kept, events(gameId));

        given().get("/api/v1/games/" + gameId).then().body("version", equalTo(kept));
        assertFalse(play(gameId, kept) <= kept);
    }

    /** Plays the first legal move of whoever is to act at {@code version}; answers the game's version after it. */
    private int play(String gameId, int version) {
        String mover = moves(gameId, "ana").isEmpty() ? "bob" : "ana";
        return given().header(PLAYER, mover)
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "expectedVersion", version, "move", moves(gameId, mover).get(0)))
                .post("/api/v1/games/" + gameId + "/moves")
                .then()
                .statusCode(200)
                .extract()
                .path("version");
    }

    private List<JsonNode> moves(String gameId, String player) {
        return nodes(given().header(PLAYER, player)
                .get("/api/v1/games/" + gameId + "/legal-moves")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("moves"));
    }

    private List<JsonNode> nodes(List<?> json) {
        return List.of(codec.mapper().convertValue(json, JsonNode[].class));
    }

    private long events(String gameId) {
        return TestInfrastructure.postgres()
                .count("tessera_game", "SELECT count(*) FROM events WHERE stream_id = '" + gameId + "'");
    }
}
