package dev.tessera.game.play;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.EventCodec;
import dev.tessera.game.StartedTables;
import dev.tessera.infra.TestInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Any past position: {@code ?at=} answers, for every version, exactly the view each viewer got at that version,
 * whether the game is kept in memory, rebuilt from a snapshot (every 5 events in tests) or folded from its start.
 */
@QuarkusTest
class PastPositionsTest {
    private static final List<String> PLAYERS = List.of("ana", "bob");
    /** Who looks: the two players and a spectator (no player header). */
    private static final List<String> VIEWERS = List.of("ana", "bob", "");

    @jakarta.inject.Inject
    FoldedGames folded;

    private final EventCodec codec = new EventCodec();

    @ParameterizedTest
    @ValueSource(strings = {"alhambra", "carrara", "builders"})
    void every_view_a_viewer_got_comes_back_the_same_at_its_version(String title) {
        String gameId = StartedTables.start(title, PLAYERS, Map.of());
        Map<String, Map<Long, JsonNode>> seen = new HashMap<>();
        long version = 1;
        record(gameId, seen);
        Random random = new Random(17);
        while (version < 24) {
            version = moveOnce(gameId, version, random);
            record(gameId, seen);
        }
        for (boolean kept : List.of(true, false)) {
            if (!kept) {
                folded.forget(gameId); // from the latest snapshot when it is not past the version, else from the start
            }
            for (String viewer : VIEWERS) {
                for (Map.Entry<Long, JsonNode> then : seen.get(viewer).entrySet()) {
                    JsonNode past = view(gameId, viewer, "?at=" + then.getKey());
                    assertEquals(then.getKey(), past.path("version").asLong());
                    assertEquals(
                            then.getValue(),
                            shown(past),
                            title + " at " + then.getKey() + " as " + (viewer.isEmpty() ? "a spectator" : viewer)
                                    + (kept ? "" : ", folded again"));
                }
            }
        }
        assertNotEquals(
                shown(view(gameId, "ana", "?at=1")), shown(view(gameId, "ana", "?at=" + version)), "the game moved on");
    }

    @Test
    void a_past_view_hides_what_the_view_hid_then_and_every_hand_only_after_the_end() {
        String gameId = StartedTables.start("alhambra", PLAYERS, Map.of());
        JsonNode asBob = view(gameId, "bob", "?at=1").path("state").path("players");
        assertEquals("ana", asBob.get(0).path("id").asText());
        assertEquals(true, asBob.get(0).path("hand").isNull(), "bob never sees ana's hand");
        assertEquals(true, asBob.get(1).path("hand").isArray(), "bob sees his own");
        given().get("/api/v1/games/" + gameId + "?at=1&perspective=all")
                .then()
                .statusCode(409)
                .contentType("application/problem+json")
                .body("rule", equalTo("game-in-progress"));
    }

    @Test
    void a_version_that_is_not_one_of_the_game_or_an_unknown_perspective_is_a_problem_and_writes_nothing() {
        String gameId = StartedTables.start("carrara", PLAYERS, Map.of());
        long version = moveOnce(gameId, 1, new Random(3));
        for (String at : List.of("0", "-1", "abc", "1.5", Long.toString(version + 1))) {
            given().get("/api/v1/games/" + gameId + "?at=" + at)
                    .then()
                    .statusCode(400)
                    .contentType("application/problem+json")
                    .body("field", equalTo("at"))
                    .body("detail", containsString("at is a version"));
        }
        given().get("/api/v1/games/" + gameId + "?perspective=mine")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("field", equalTo("perspective"));
        given().get("/api/v1/games/" + gameId + "?at=" + (version + 7))
                .then()
                .statusCode(400)
                .body("detail", containsString("1 to " + version));
        given().get("/api/v1/games/" + gameId).then().body("version", equalTo((int) version));
        assertEquals(
                version,
                TestInfrastructure.postgres()
                        .count("tessera_game", "SELECT count(*) FROM events WHERE stream_id = '" + gameId + "'"),
                "nothing was written");
        given().get("/api/v1/games/" + UUID.randomUUID() + "?at=1").then().statusCode(404);
    }

    @Test
    void the_history_has_one_line_per_version_with_its_actor_time_and_words() {
        String gameId = StartedTables.start("carrara", PLAYERS, Map.of());
        Random random = new Random(5);
        long version = 1;
        while (version < 8) {
            version = moveOnce(gameId, version, random);
        }
        List<Map<String, Object>> lines = given().get("/api/v1/games/" + gameId + "/history")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("");
        assertEquals(version, lines.size());
        for (int i = 0; i < lines.size(); i++) {
            Map<String, Object> line = lines.get(i);
            assertEquals(i + 1, ((Number) line.get("version")).intValue());
            assertEquals(true, line.get("at") != null && line.get("type") != null, line.toString());
            Object actor = line.get("actor");
            String text = (String) line.get("text");
            assertEquals(true, actor == null || text.contains((String) actor), line.toString());
        }
        assertEquals("game started", lines.get(0).get("text"));
        assertEquals(null, lines.get(0).get("actor"));
        assertEquals(true, PLAYERS.contains(lines.get(1).get("actor")), "the first move's line names its player");
        given().get("/api/v1/games/" + gameId + "/history?from=" + (version - 2))
                .then()
                .statusCode(200)
                .body("size()", equalTo(2))
                .body("[0].version", equalTo((int) version - 1));
        given().get("/api/v1/games/" + gameId + "/history?from=-1")
                .then()
                .statusCode(400)
                .body("field", equalTo("from"));
        given().get("/api/v1/games/" + UUID.randomUUID() + "/history").then().statusCode(404);
    }

    /** One random legal move of whoever may move (a valuation only if nothing else is); the game's version after it. */
    private long moveOnce(String gameId, long version, Random random) {
        for (String p : PLAYERS) {
            List<JsonNode> legal = List.of(codec.mapper()
                    .convertValue(
                            given().header("X-Tessera-Player", p)
                                    .get("/api/v1/games/" + gameId + "/legal-moves")
                                    .then()
                                    .extract()
                                    .jsonPath()
                                    .getList("moves"),
                            JsonNode[].class));
            // Carrara's valuations wait for scoring-service, which does not run here: played only when nothing else is.
            List<JsonNode> others = legal.stream()
                    .filter(m -> !m.path("type").asText().startsWith("value-"))
                    .toList();
            if (!others.isEmpty()) {
                legal = others;
            }
            if (!legal.isEmpty()) {
                return ((Number) given().header("X-Tessera-Player", p)
                                .contentType(ContentType.JSON)
                                .body(Map.of(
                                        "expectedVersion", version, "move", legal.get(random.nextInt(legal.size()))))
                                .post("/api/v1/games/" + gameId + "/moves")
                                .then()
                                .statusCode(200)
                                .extract()
                                .path("version"))
                        .longValue();
            }
        }
        throw new AssertionError("nobody may move in " + gameId + " at " + version);
    }

    /** Each viewer's view now, by its version. */
    private void record(String gameId, Map<String, Map<Long, JsonNode>> seen) {
        for (String viewer : VIEWERS) {
            JsonNode now = view(gameId, viewer, "");
            seen.computeIfAbsent(viewer, v -> new HashMap<>())
                    .put(now.path("version").asLong(), shown(now));
        }
    }

    /** What a view shows of the position: the state, whether the game is over, and who may move. */
    private JsonNode shown(JsonNode view) {
        List<JsonNode> parts = new ArrayList<>();
        parts.add(view.path("state"));
        parts.add(view.path("over"));
        parts.add(view.path("toAct"));
        return codec.mapper().valueToTree(parts);
    }

    private JsonNode view(String gameId, String viewer, String query) {
        var request = viewer.isEmpty() ? given() : given().header("X-Tessera-Player", viewer);
        String body = request.get("/api/v1/games/" + gameId + query)
                .then()
                .statusCode(200)
                .extract()
                .asString();
        try {
            return codec.mapper().readTree(body);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
