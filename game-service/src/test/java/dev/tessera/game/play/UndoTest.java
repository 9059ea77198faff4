package dev.tessera.game.play;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.EventCodec;
import dev.tessera.game.LegalMoves;
import dev.tessera.game.StartedTables;
import dev.tessera.infra.TestInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Undo within a turn, by Board Game Arena's rule, on games of The Builders (whose moves need no other service): a
 * player takes back their moves since their turn began, back to the last card drawn; the game is then exactly as it
 * was, and every refusal names why and writes nothing.
 */
@QuarkusTest
class UndoTest {
    private static final String PLAYER = "X-Tessera-Player";
    private static final List<String> PLAYERS = List.of("ana", "bob");
    private static final Map<String, String> CLOCK = Map.of("clock", "turn-based", "moveHours", "72");

    private final EventCodec codec = new EventCodec();

    @Inject
    FoldedGames folded;

    @Test
    void an_undo_leaves_the_game_as_it_was_before_the_moves_it_takes_back() {
        String game = StartedTables.start("builders", PLAYERS, CLOCK);
        JsonNode before = view(game, "ana");
        JsonNode spectatorBefore = view(game, "");

        long v = move(game, "ana", 1, "take-coins");
        JsonNode legal = legalMoves(game, "ana");
        assertTrue(legal.path("undo").asBoolean(), "a move that drew nothing can be taken back: " + legal);
        assertFalse(legalMoves(game, "bob").path("undo").asBoolean(), "bob has nothing to take back");
        folded.forget(game);
        assertTrue(
                legalMoves(game, "ana").path("undo").asBoolean(),
                "read from the store (another instance made the move), the same answer");
        v = move(game, "ana", v, "take-coins");

        JsonNode answer = undo(game, "ana", v).statusCode(200).extract().as(JsonNode.class);
        assertEquals(v + 1, answer.path("version").asLong());
        assertEquals("ana", answer.path("toAct").asText());
        JsonNode event = answer.path("events").get(0);
        assertEquals("tessera.game.MovesTakenBack", event.path("type").asText());
        assertEquals(1, event.path("data").path("toVersion").asLong());
        assertEquals(2, event.path("data").path("moves").asInt());
        assertEquals(
                LegalMoves.of(game, "ana").size(),
                answer.path("legalMoves").size(),
                "the answer lists the player's moves now, as a move's does");

        assertEquals(before.path("state"), view(game, "ana").path("state"), "ana's view is as before her moves");
        assertEquals(spectatorBefore.path("state"), view(game, "").path("state"));
        assertEquals(
                1,
                TestInfrastructure.postgres()
                        .count(
                                "tessera_game",
                                "SELECT count(*) FROM game_clocks WHERE game_id = '" + game
                                        + "' AND player = 'ana' AND stream_version = " + (v + 1)),
                "the clock still runs for ana, at the undo's version");
        assertFalse(legalMoves(game, "ana").path("undo").asBoolean(), "nothing is left to take back");
        JsonNode lastLine = lastHistoryLine(game);
        assertEquals("ana took back 2 moves", lastLine.path("text").asText());
        assertEquals("ana", lastLine.path("actor").asText());

        folded.forget(game);
        assertEquals(
                before.path("state"),
                view(game, "ana").path("state"),
                "folded again from the store, the game skips the moves taken back");

        // The game plays on from there, and the moves made after the undo can be taken back in turn.
        long after = move(game, "ana", v + 1, "take-coins");
        undo(game, "ana", after).statusCode(200).body("events[0].data.toVersion", equalTo((int) (v + 1)));
        assertEquals(before.path("state"), view(game, "ana").path("state"));
    }

    @Test
    void an_undo_back_past_a_snapshot_folds_the_game_from_its_start() {
        String game = StartedTables.start("builders", PLAYERS, Map.of());
        JsonNode before = view(game, "ana");
        long v = 1;
        // Snapshots are taken every 5 versions in tests: this turn's moves cross one.
        while (v < 6 && legalMoves(game, "ana").path("moves").toString().contains("take-coins")) {
            v = move(game, "ana", v, "take-coins");
            if (v < 6 && !has(game, "ana", "take-coins")) {
                v = move(game, "ana", v, "buy-action-point");
            }
        }
        assertTrue(v >= 6, "ana's turn crossed version 5: " + v);
        long snapshot = TestInfrastructure.postgres()
                .count("tessera_game", "SELECT max(version) FROM snapshots WHERE stream_id = '" + game + "'");
        assertTrue(snapshot > 1 && snapshot <= v, "a snapshot was taken during the moves: " + snapshot);

        undo(game, "ana", v).statusCode(200).body("events[0].data.toVersion", equalTo(1));
        folded.forget(game);
        assertEquals(before.path("state"), view(game, "ana").path("state"));
        assertEquals(before.path("state"), view(game, "ana", "?at=" + (v + 1)).path("state"));
    }

    @Test
    void an_undo_is_refused_with_the_reason_and_writes_nothing() {
        String game = StartedTables.start("builders", PLAYERS, CLOCK);
        refused(undo(game, "ana", 1), 422, "nothing-to-undo");
        long v = move(game, "ana", 1, "take-coins");
        refused(undo(game, "bob", v), 422, "not-your-turn");
        refused(undo(game, "cy", v), 422, "not-a-player");
        refused(undo(game, "ana", v - 1), 409, null);
        given().header(PLAYER, "ana")
                .contentType(ContentType.JSON)
                .body(Map.of())
                .post("/api/v1/games/" + game + "/undo")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("field", equalTo("expectedVersion"));
        assertEquals(v, eventCount(game), "no refusal wrote an event");
    }

    @Test
    void a_card_drawn_cannot_be_taken_back_nor_anything_before_it() {
        String game = StartedTables.start("builders", PLAYERS, CLOCK);
        long v = move(game, "ana", 1, "take-coins");
        JsonNode legal = legalMoves(game, "ana");
        Set<Integer> revealing = new HashSet<>();
        legal.path("revealing").forEach(i -> revealing.add(i.asInt()));
        for (int i = 0; i < legal.path("moves").size(); i++) {
            String type = legal.path("moves").get(i).path("type").asText();
            boolean flagged = revealing.contains(i);
            if (type.equals("recruit-worker") || type.equals("take-coins") || type.equals("end-turn")) {
                assertEquals(
                        type.equals("recruit-worker"), flagged, type + " at " + i + ": " + legal.path("revealing"));
            }
        }
        v = move(game, "ana", v, "recruit-worker");
        assertFalse(legalMoves(game, "ana").path("undo").asBoolean(), "recruiting drew a card");
        folded.forget(game);
        assertFalse(legalMoves(game, "ana").path("undo").asBoolean(), "read from the store, the same answer");
        refused(undo(game, "ana", v), 422, "information-revealed");
        assertEquals(v, eventCount(game));

        long drawn = v;
        JsonNode afterDraw = view(game, "ana");
        v = move(game, "ana", v, "take-coins");
        undo(game, "ana", v).statusCode(200).body("events[0].data.toVersion", equalTo((int) drawn));
        assertEquals(afterDraw.path("state"), view(game, "ana").path("state"), "back to just after the draw");
    }

    private static boolean has(String game, String player, String type) {
        return LegalMoves.of(game, player).stream()
                .anyMatch(m -> type.equals(m.path("type").asText()));
    }

    /** Plays {@code player}'s first legal move of {@code type}; the game's version after it. */
    private static long move(String game, String player, long version, String type) {
        JsonNode move = LegalMoves.of(game, player).stream()
                .filter(m -> type.equals(m.path("type").asText()))
                .findFirst()
                .orElseThrow(() -> new AssertionError(player + " has no " + type + " move"));
        return ((Number) given().header(PLAYER, player)
                        .contentType(ContentType.JSON)
                        .body(Map.of("expectedVersion", version, "move", move))
                        .post("/api/v1/games/" + game + "/moves")
                        .then()
                        .statusCode(200)
                        .extract()
                        .path("version"))
                .longValue();
    }

    private static ValidatableResponse undo(String game, String player, long expectedVersion) {
        return given().header(PLAYER, player)
                .contentType(ContentType.JSON)
                .body(Map.of("expectedVersion", expectedVersion))
                .post("/api/v1/games/" + game + "/undo")
                .then();
    }

    private static void refused(ValidatableResponse response, int status, String rule) {
        response.statusCode(status).contentType("application/problem+json");
        if (rule != null) {
            response.body("rule", equalTo(rule));
        }
    }

    private JsonNode legalMoves(String game, String player) {
        return read(given().header(PLAYER, player)
                .get("/api/v1/games/" + game + "/legal-moves")
                .then()
                .statusCode(200)
                .extract()
                .asString());
    }

    private JsonNode lastHistoryLine(String game) {
        JsonNode lines = read(given().get("/api/v1/games/" + game + "/history")
                .then()
                .statusCode(200)
                .extract()
                .asString());
        return lines.get(lines.size() - 1);
    }

    private static long eventCount(String game) {
        return TestInfrastructure.postgres()
                .count("tessera_game", "SELECT count(*) FROM events WHERE stream_id = '" + game + "'");
    }

    private JsonNode view(String game, String viewer) {
        return view(game, viewer, "");
    }

    private JsonNode view(String game, String viewer, String query) {
        var request = viewer.isEmpty() ? given() : given().header(PLAYER, viewer);
        return read(request.get("/api/v1/games/" + game + query)
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
