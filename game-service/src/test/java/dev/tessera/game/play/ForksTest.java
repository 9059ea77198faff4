package dev.tessera.game.play;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.EventCodec;
import dev.tessera.game.LegalMoves;
import dev.tessera.game.StartedTables;
import dev.tessera.infra.TestInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Forks of finished games: a sandbox game at exactly the position asked for, that continues with the draws the
 * original would have made, played at every seat by its forker alone, with no clock.
 */
@QuarkusTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ForksTest {
    private static final String PLAYER = "X-Tessera-Player";
    private static final List<String> PLAYERS = List.of("ana", "bob");
    private static final Map<String, String> CLOCK = Map.of("clock", "turn-based", "moveHours", "72");

    private final EventCodec codec = new EventCodec();

    /** A finished game of The Builders (which ends without scoring-service), played to its end with a clock. */
    private String finished;
    /** The move played at each version of {@link #finished}, by whom. */
    private final TreeMap<Long, Played> played = new TreeMap<>();

    private record Played(String player, JsonNode move, long after) {}

    /** Plays {@link #finished} once, for every test (RestAssured knows the application's port only in a test). */
    @BeforeEach
    void play_a_game_to_its_end() {
        if (finished != null) {
            return;
        }
        finished = StartedTables.start("builders", PLAYERS, CLOCK);
        Random random = new Random(11);
        long version = 1;
        while (!view(finished, "ana", "").path("over").asBoolean()) {
            version = moveOnce(finished, version, random);
        }
    }

    @Test
    void a_fork_is_the_finished_game_at_that_version_and_plays_on_with_the_same_draws() {
        long at = played.ceilingKey(played.lastKey() / 2);
        Played next = played.get(at);
        io.restassured.response.ExtractableResponse<io.restassured.response.Response> created =
                fork(finished, at, "cy").statusCode(201).extract();
        JsonNode fork = read(created.asString());
        String forkId = fork.path("gameId").asText();
        assertTrue(created.header("Location").endsWith("/api/v1/games/" + forkId), created.header("Location"));
        assertNotEquals(finished, forkId);
        assertEquals(at, fork.path("version").asLong());
        assertTrue(fork.path("sandbox").asBoolean());
        assertEquals(finished, fork.path("fork").path("gameId").asText());
        assertEquals(at, fork.path("fork").path("at").asLong());
        assertEquals("cy", fork.path("fork").path("player").asText());
        assertTrue(fork.path("tableId").isNull());
        assertEquals(
                view(finished, "", "?at=" + at + "&perspective=all").path("state"),
                fork.path("state"),
                "the forker sees every seat of the position the original had at " + at);
        assertEquals(
                view(finished, "", "?at=" + at).path("state"),
                view(forkId, "ana", "").path("state"),
                "anyone else, the original's players too, sees a fork as a spectator");

        List<JsonNode> originalEvents = events(finished);
        List<JsonNode> forkEvents = events(forkId);
        assertEquals(at, forkEvents.size());
        assertTrue(forkEvents.get(0).path("data").path("sandbox").asBoolean());
        assertFalse(forkEvents.get(0).path("data").has("seed"), "the seed stays hidden in a fork too");
        for (int v = 1; v < at; v++) {
            assertEquals(originalEvents.get(v).path("data"), forkEvents.get(v).path("data"), "version " + (v + 1));
        }

        // The forker plays the seat to move, and the same move draws what the original drew.
        List<JsonNode> legal = legal(forkId, "cy");
        assertTrue(legal.contains(next.move()), next.move() + " is legal in the fork as it was in the original");
        JsonNode answer = given().header(PLAYER, "cy")
                .contentType(ContentType.JSON)
                .body(Map.of("expectedVersion", at, "move", next.move()))
                .post("/api/v1/games/" + forkId + "/moves")
                .then()
                .statusCode(200)
                .extract()
                .as(JsonNode.class);
        assertEquals(next.after(), answer.path("version").asLong());
        List<JsonNode> continued = events(forkId);
        for (int v = (int) at; v < next.after(); v++) {
            assertEquals(originalEvents.get(v).path("type"), continued.get(v).path("type"));
            assertEquals(originalEvents.get(v).path("data"), continued.get(v).path("data"), "version " + (v + 1));
        }
        String toAct = answer.path("toAct").asText();
        assertTrue(PLAYERS.contains(toAct), "a seat is to act: " + answer);
        assertEquals(
                legal(forkId, "cy").size(), answer.path("legalMoves").size(), "the forker acts next, whoever's turn");

        assertEquals(
                0,
                TestInfrastructure.postgres()
                        .count("tessera_game", "SELECT count(*) FROM game_clocks WHERE game_id = '" + forkId + "'"),
                "a fork has no clock, though the original had one");
    }

    @Test
    void only_the_forker_plays_a_fork_and_a_refused_move_writes_nothing() {
        long at = played.firstKey();
        String forkId = fork(finished, at, "cy").statusCode(201).extract().path("gameId");
        JsonNode move = played.get(at).move();
        for (String player : PLAYERS) {
            given().header(PLAYER, player)
                    .contentType(ContentType.JSON)
                    .body(Map.of("expectedVersion", at, "move", move))
                    .post("/api/v1/games/" + forkId + "/moves")
                    .then()
                    .statusCode(422)
                    .contentType("application/problem+json")
                    .body("rule", equalTo("not-a-player"))
                    .body("detail", containsString("cy"));
            assertEquals(List.of(), legal(forkId, player));
        }
        assertEquals(at, eventCount(forkId), "nothing was written");
    }

    @Test
    void a_running_game_a_version_it_does_not_have_or_no_version_is_refused_and_nothing_is_written() {
        String running = StartedTables.start("carrara", PLAYERS, Map.of());
        long streams = streams();
        fork(running, 1, "cy")
                .statusCode(409)
                .contentType("application/problem+json")
                .body("rule", equalTo("game-in-progress"));
        long end = eventCount(finished);
        for (long at : List.of(0L, -3L, end + 1)) {
            fork(finished, at, "cy")
                    .statusCode(400)
                    .contentType("application/problem+json")
                    .body("field", equalTo("at"));
        }
        // A version among one move's events is a position nobody ever stood at.
        Map.Entry<Long, Played> longMove = played.entrySet().stream()
                .filter(e -> e.getValue().after() - e.getKey() > 1)
                .findFirst()
                .orElseThrow();
        fork(finished, longMove.getKey() + 1, "cy")
                .statusCode(400)
                .body("field", equalTo("at"))
                .body("detail", containsString("among the events of one move"));
        given().header(PLAYER, "cy")
                .contentType(ContentType.JSON)
                .body("{}")
                .post("/api/v1/games/" + finished + "/forks")
                .then()
                .statusCode(400)
                .body("field", equalTo("at"));
        fork(UUID.randomUUID().toString(), 1, "cy").statusCode(404);
        given().contentType(ContentType.JSON)
                .body(Map.of("at", 1))
                .post("/api/v1/games/" + finished + "/forks")
                .then()
                .statusCode(401);
        assertEquals(streams, streams(), "no fork was written");
    }

    private io.restassured.response.ValidatableResponse fork(String gameId, long at, String player) {
        return given().header(PLAYER, player)
                .contentType(ContentType.JSON)
                .body(Map.of("at", at))
                .post("/api/v1/games/" + gameId + "/forks")
                .then();
    }

    private long streams() {
        return TestInfrastructure.postgres().count("tessera_game", "SELECT count(*) FROM events WHERE version = 1");
    }

    private long eventCount(String gameId) {
        return TestInfrastructure.postgres()
                .count("tessera_game", "SELECT count(*) FROM events WHERE stream_id = '" + gameId + "'");
    }

    /** One random legal move of whoever may move, remembered; the game's version after it. */
    private long moveOnce(String gameId, long version, Random random) {
        for (String p : PLAYERS) {
            List<JsonNode> legal = legal(gameId, p);
            if (!legal.isEmpty()) {
                JsonNode move = legal.get(random.nextInt(legal.size()));
                long after = ((Number) given().header(PLAYER, p)
                                .contentType(ContentType.JSON)
                                .body(Map.of("expectedVersion", version, "move", move))
                                .post("/api/v1/games/" + gameId + "/moves")
                                .then()
                                .statusCode(200)
                                .extract()
                                .path("version"))
                        .longValue();
                played.put(version, new Played(p, move, after));
                return after;
            }
        }
        throw new AssertionError("nobody may move in " + gameId + " at " + version);
    }

    private static List<JsonNode> legal(String gameId, String player) {
        return LegalMoves.of(gameId, player);
    }

    private List<JsonNode> events(String gameId) {
        List<JsonNode> events = new ArrayList<>();
        read(given().get("/api/v1/games/" + gameId + "/events")
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString())
                .forEach(events::add);
        return events;
    }

    private JsonNode view(String gameId, String viewer, String query) {
        var request = viewer.isEmpty() ? given() : given().header(PLAYER, viewer);
        return read(request.get("/api/v1/games/" + gameId + query)
                .then()
                .statusCode(200)
                .extract()
                .asString());
    }

    private JsonNode read(String body) {
        try {
            return codec.mapper().readTree(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
