package dev.tessera.lobby;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.Topics;
import dev.tessera.events.game.GameStarted;
import dev.tessera.events.scoring.FinalStandings;
import dev.tessera.infra.TestInfrastructure;
import dev.tessera.infra.TestKafka;
import dev.tessera.lobby.players.PlayersReadModel;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@QuarkusTest
class TablesTest {
    private static final String PLAYER = "X-Tessera-Player";
    private final EventCodec codec = new EventCodec();

    @Test
    void a_table_is_opened_joined_and_started_and_each_step_is_published() {
        String id = given().header(PLAYER, "ana")
                .contentType(ContentType.JSON)
                .body(Map.of("game", "alhambra", "seats", 3))
                .when()
                .post("/api/v1/tables")
                .then()
                .statusCode(201)
                .body("host", equalTo("ana"))
                .body("status", equalTo("open"))
                .extract()
                .path("id");
        given().header(PLAYER, "bob")
                .post("/api/v1/tables/" + id + "/join")
                .then()
                .statusCode(200);
        given().header(PLAYER, "ana")
                .post("/api/v1/tables/" + id + "/start")
                .then()
                .statusCode(200)
                .body("status", equalTo("starting"))
                .body("players", contains("ana", "bob"));

        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            List<CloudEvent> events = lobbyEvents(id);
            assertEquals(
                    Lobby.STARTED_BY_TWO, events.stream().map(CloudEvent::type).toList());
            assertEquals(
                    List.of(1L, 2L, 3L, 4L),
                    events.stream().map(CloudEvent::streamversion).toList());
            JsonNode started = events.get(3).data();
            assertEquals("alhambra", started.get("game").asText());
            assertEquals("[\"ana\",\"bob\"]", started.get("players").toString());
        });
    }

    @Test
    void bad_requests_are_problems_naming_the_field_or_rule_and_publish_nothing() {
        given().header(PLAYER, "ana")
                .contentType(ContentType.JSON)
                .body(Map.of("game", "chess", "seats", 2))
                .post("/api/v1/tables")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("field", equalTo("game"));
        given().header(PLAYER, "ana")
                .contentType(ContentType.JSON)
                .body(Map.of("game", "carrara", "seats", 5))
                .post("/api/v1/tables")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("field", equalTo("seats"));
        given().header(PLAYER, "ana")
                .contentType(ContentType.JSON)
                .body("{\"game\": \"alhambra\", \"seats\": ")
                .post("/api/v1/tables")
                .then()
                .statusCode(400)
                .contentType("application/problem+json");
        given().header(PLAYER, "ana")
                .post("/api/v1/tables/no-such-table/join")
                .then()
                .statusCode(404)
                .contentType("application/problem+json");
        // Filters name their field as the body's do; a NUL byte never reaches PostgreSQL (it was a 500).
        given().header(PLAYER, "ana")
                .get("/api/v1/tables?game=chess")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("field", equalTo("game"));
        given().urlEncodingEnabled(false)
                .header(PLAYER, "ana")
                .get("/api/v1/tables?game=%00")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("field", equalTo("game"));
        given().urlEncodingEnabled(false)
                .header(PLAYER, "ana")
                .post("/api/v1/tables/abc%00def/join")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("field", equalTo("id"));

        String id = given().header(PLAYER, "ana")
                .contentType(ContentType.JSON)
                .body(Map.of("game", "builders", "seats", 2))
                .post("/api/v1/tables")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        given().header(PLAYER, "ana")
                .post("/api/v1/tables/" + id + "/start")
                .then()
                .statusCode(409)
                .contentType("application/problem+json")
                .body("rule", equalTo("too-few-players"));
        given().header(PLAYER, "ana")
                .post("/api/v1/tables/" + id + "/join")
                .then()
                .statusCode(409)
                .body("rule", equalTo("already-seated"));
        given().header(PLAYER, "bob")
                .post("/api/v1/tables/" + id + "/join")
                .then()
                .statusCode(200);
        given().header(PLAYER, "cyd")
                .post("/api/v1/tables/" + id + "/join")
                .then()
                .statusCode(409)
                .body("rule", equalTo("table-full"));
        given().header(PLAYER, "bob")
                .post("/api/v1/tables/" + id + "/start")
                .then()
                .statusCode(403)
                .body("rule", equalTo("not-host"));
        given().header(PLAYER, "ana")
                .post("/api/v1/tables/" + id + "/start")
                .then()
                .statusCode(200);
        given().header(PLAYER, "cyd")
                .post("/api/v1/tables/" + id + "/join")
                .then()
                .statusCode(409)
                .body("rule", equalTo("table-started"));

        // Only the accepted steps were published: opened, two seats, started.
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertEquals(4, lobbyEvents(id).size()));
        assertEquals(
                Lobby.STARTED_BY_TWO,
                lobbyEvents(id).stream().map(CloudEvent::type).toList());
    }

    @Test
    void game_started_delivered_twice_marks_the_table_playing_once() {
        String id = given().header(PLAYER, "ana")
                .contentType(ContentType.JSON)
                .body(Map.of("game", "alhambra", "seats", 2))
                .post("/api/v1/tables")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        given().header(PLAYER, "bob")
                .post("/api/v1/tables/" + id + "/join")
                .then()
                .statusCode(200);
        given().header(PLAYER, "ana")
                .post("/api/v1/tables/" + id + "/start")
                .then()
                .statusCode(200);

        String gameId = "game-of-" + id;
        CloudEvent started = codec.envelope(
                "/tessera/game-service",
                gameId,
                1,
                new GameStarted(gameId, id, "alhambra", List.of("ana", "bob"), 42L, Map.of(), null),
                OffsetDateTime.now());
        String record = codec.write(started);
        TestKafka.produce(TestInfrastructure.bootstrapServers(), Topics.GAME_EVENTS, gameId, record);
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> given().get("/api/v1/tables/" + id)
                        .then()
                        .body("status", equalTo("playing"))
                        .body("gameId", equalTo(gameId)));
        String updatedAt = updatedAt(id);

        TestKafka.produce(TestInfrastructure.bootstrapServers(), Topics.GAME_EVENTS, gameId, record);
        await().atMost(Duration.ofSeconds(20)).until(() -> processed(started.id()) == 1);
        // The consumer has moved past the duplicate (a later record is processed) and the table is unchanged.
        CloudEvent marker = codec.envelope(
                "/tessera/game-service",
                "other",
                1,
                new GameStarted("other", "no-table", "alhambra", List.of("x", "y"), 1L, Map.of(), null),
                OffsetDateTime.now());
        TestKafka.produce(TestInfrastructure.bootstrapServers(), Topics.GAME_EVENTS, gameId, codec.write(marker));
        await().atMost(Duration.ofSeconds(20)).until(() -> processed(marker.id()) == 1);
        assertEquals(updatedAt, updatedAt(id));
        assertEquals(1, processed(started.id()));
    }

    @Test
    void final_standings_finish_the_table() {
        String id = given().header(PLAYER, "ana")
                .contentType(ContentType.JSON)
                .body(Map.of("game", "builders", "seats", 2))
                .post("/api/v1/tables")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        given().header(PLAYER, "bob")
                .post("/api/v1/tables/" + id + "/join")
                .then()
                .statusCode(200);
        given().header(PLAYER, "ana")
                .post("/api/v1/tables/" + id + "/start")
                .then()
                .statusCode(200);
        String gameId = "game-of-" + id;
        TestKafka.produce(
                TestInfrastructure.bootstrapServers(),
                Topics.GAME_EVENTS,
                gameId,
                codec.write(codec.envelope(
                        "/tessera/game-service",
                        gameId,
                        1,
                        new GameStarted(gameId, id, "builders", List.of("ana", "bob"), 1L, Map.of(), null),
                        OffsetDateTime.now())));
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> given().get("/api/v1/tables/" + id).then().body("status", equalTo("playing")));
        CloudEvent standings = codec.envelope(
                "/tessera/scoring-service",
                gameId,
                1,
                new FinalStandings(
                        gameId,
                        "builders",
                        List.of(new FinalStandings.Standing("bob", 20, 1), new FinalStandings.Standing("ana", 18, 2))),
                OffsetDateTime.now());
        TestKafka.produce(TestInfrastructure.bootstrapServers(), Topics.SCORING_EVENTS, gameId, codec.write(standings));
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> given().get("/api/v1/tables/" + id).then().body("status", equalTo("finished")));
        String finishedAt = updatedAt(id);
        // Delivered again: recorded once, and the table is left as it was.
        TestKafka.produce(TestInfrastructure.bootstrapServers(), Topics.SCORING_EVENTS, gameId, codec.write(standings));
        CloudEvent marker = codec.envelope(
                "/tessera/scoring-service",
                "other-game",
                1,
                new FinalStandings("other-game", "builders", List.of()),
                OffsetDateTime.now());
        TestKafka.produce(TestInfrastructure.bootstrapServers(), Topics.SCORING_EVENTS, gameId, codec.write(marker));
        await().atMost(Duration.ofSeconds(20)).until(() -> processed(marker.id()) == 1);
        assertEquals(1, processed(standings.id()));
        assertEquals(finishedAt, updatedAt(id));
    }

    /**
     * GameEnded (game-events) and FinalStandings (scoring-events) both finish the table. One instance applies them one
     * after the other, but with several instances the two topics' partitions go to different ones, whose transactions
     * meet. Made to meet here: a test transaction holds the table's row lock until the consumer waits on it, then
     * finishes the table itself (as another instance would) and commits, so the consumer's UPDATE finds the row
     * changed since it read it. Nothing may be lost: the game's ratings are applied, both events are recorded as
     * applied, and nothing goes to the dead-letter topic.
     */
    @Test
    void game_ended_and_final_standings_finishing_a_table_at_once_are_both_applied() throws Exception {
        String ana = Lobby.player("ana");
        String bob = Lobby.player("bob");
        String id = Lobby.startedTable("builders", ana, bob);
        String gameId = "game-of-" + id;
        OffsetDateTime now = OffsetDateTime.now();
        Lobby.produce(Lobby.gameEvent(
                gameId, 1, new GameStarted(gameId, id, "builders", List.of(ana, bob), 1L, Map.of(), null), now));
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> given().get("/api/v1/tables/" + id).then().body("status", equalTo("playing")));

        CloudEvent ended = Lobby.gameEnded(gameId, bob, ana, now.plusMinutes(1));
        CloudEvent standings = Lobby.finalStandings(gameId, bob, ana, now.plusMinutes(1));
        try (Connection lock = TestInfrastructure.postgres().connect("tessera_lobby")) {
            lock.setAutoCommit(false);
            try (Statement statement = lock.createStatement()) {
                statement.execute("SELECT id FROM game_tables WHERE id = '" + id + "' FOR UPDATE");
            }
            Lobby.produce(ended);
            TestKafka.produce(
                    TestInfrastructure.bootstrapServers(), Topics.SCORING_EVENTS, gameId, codec.write(standings));
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> Lobby.count("SELECT count(*) FROM pg_stat_activity"
                                    + " WHERE datname = 'tessera_lobby' AND cardinality(pg_blocking_pids(pid)) > 0")
                            == 1);
            try (Statement statement = lock.createStatement()) {
                statement.execute("UPDATE game_tables SET status = 'FINISHED', row_version = row_version + 1,"
                        + " updated_at = now() WHERE id = '" + id + "'");
            }
            lock.commit();
        }

        await().atMost(Duration.ofSeconds(30)).until(() -> Lobby.processed(PlayersReadModel.CONSUMER, ended.id()) == 1);
        assertEquals(1, Lobby.processed("lobby.table-status", ended.id()));
        await().atMost(Duration.ofSeconds(10)).until(() -> Lobby.processed("lobby.standings", standings.id()) == 1);
        given().get("/api/v1/tables/" + id).then().body("status", equalTo("finished"));
        // The consumer's first try, which would have published TableFinished, was rolled back with its change; on the
        // table the other instance had finished (here without an event of its own) it published nothing.
        assertEquals(
                0,
                Lobby.count("SELECT count(*) FROM outbox WHERE record_key = '" + id
                        + "' AND payload LIKE '%tessera.lobby.TableFinished%'"));
        given().get("/api/v1/players/" + bob)
                .then()
                .statusCode(200)
                .body("ratings.find { it.game == 'builders' }.rating", equalTo(1516));
        assertTrue(
                TestKafka.readAll(TestInfrastructure.bootstrapServers(), "lobby-service.dlq").stream()
                        .noneMatch(r -> r.value().contains(gameId)),
                "a record of the game went to the dead-letter topic");
    }

    @Test
    void a_record_that_is_not_a_cloud_event_goes_to_the_dead_letter_topic_and_consumption_goes_on() {
        TestKafka.produce(TestInfrastructure.bootstrapServers(), Topics.GAME_EVENTS, "junk", "{not json");
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertTrue(
                        TestKafka.readAll(TestInfrastructure.bootstrapServers(), "lobby-service.dlq").stream()
                                .anyMatch(r -> r.value().equals("{not json")
                                        && r.headers().lastHeader("dead-letter-reason") != null)));
        game_started_delivered_twice_marks_the_table_playing_once();
    }

    /**
     * The lobby needs a game's start and end, not its moves: a record whose type header names a move is passed over
     * without its value being read. Were it read, this one (not JSON) would go to the dead-letter topic.
     */
    @Test
    void a_move_is_passed_over_by_its_type_header_unread() {
        String key = "game-" + UUID.randomUUID();
        TestKafka.produceAll(
                TestInfrastructure.bootstrapServers(),
                Topics.GAME_EVENTS,
                key,
                List.of("{a move, unread"),
                Map.of(CloudEvent.TYPE_HEADER, "tessera.alhambra.TilePlaced"));
        // The next record of the same game (same partition) is applied: the move's record was consumed before it.
        CloudEvent next = codec.envelope(
                "/tessera/game-service",
                key,
                2,
                new GameStarted(key, "no-table", "alhambra", List.of("x", "y"), 1L, Map.of(), null),
                OffsetDateTime.now());
        TestKafka.produce(TestInfrastructure.bootstrapServers(), Topics.GAME_EVENTS, key, codec.write(next));
        await().atMost(Duration.ofSeconds(20)).until(() -> processed(next.id()) == 1);
        assertTrue(
                TestKafka.readAll(TestInfrastructure.bootstrapServers(), "lobby-service.dlq").stream()
                        .noneMatch(r -> key.equals(r.key())),
                "the move's record was read (and dead-lettered)");
    }

    private List<CloudEvent> lobbyEvents(String tableId) {
        return TestKafka.readAll(TestInfrastructure.bootstrapServers(), Topics.LOBBY_EVENTS).stream()
                .filter(r -> r.key().equals(tableId))
                .map(r -> codec.readEnvelope(r.value()))
                .toList();
    }

    /** Times the event was applied to the tables (other consumers of the same record keep their own count). */
    private long processed(String eventId) {
        return TestInfrastructure.postgres()
                .count(
                        "tessera_lobby",
                        "SELECT count(*) FROM processed_events WHERE event_id = '" + eventId
                                + "' AND consumer IN ('lobby.table-status', 'lobby.standings')");
    }

    private String updatedAt(String tableId) {
        return String.valueOf(TestInfrastructure.postgres()
                .count(
                        "tessera_lobby",
                        "SELECT (extract(epoch FROM updated_at) * 1000000)::bigint FROM game_tables WHERE id = '"
                                + tableId + "'"));
    }
}
