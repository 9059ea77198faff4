package dev.tessera.e2e;

import static dev.tessera.e2e.Tables.game;
import static dev.tessera.e2e.Tables.signUp;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Undo within a turn, through the public API, for each title: random players play until one of them may take back
 * their moves (legal-moves says so); the undo returns every view to exactly what it was at the version it went back
 * to. Where a title has moves that reveal something mid-turn (a worker recruited, the wheel turned), one is played and
 * the undo right after it is refused, writing nothing; and at the start of a turn, after the refills, there is nothing
 * to undo.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class UndoIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    void start() {
        Platform.useGateway();
    }

    @ParameterizedTest
    @ValueSource(strings = {"alhambra", "carrara", "builders"})
    void an_undo_puts_the_game_back_exactly_and_a_draw_cannot_be_taken_back(String title) {
        List<Account> players = signUp("undo-" + title + "-ana", "undo-" + title + "-bob");
        Account spectator = Account.signUp("undo-" + title + "-cyd");
        String gameId = game(title, players);
        Random random = new Random(title.hashCode());
        boolean undone = false;
        boolean refusedAfterDraw = !title.equals("carrara") && !title.equals("builders");
        boolean nothingAtTurnStart = false;
        for (int moves = 0; moves < 2000 && !(undone && refusedAfterDraw && nothingAtTurnStart); moves++) {
            Account mover = null;
            JsonNode legal = null;
            for (Account p : players) {
                JsonNode l = read(p.as().get("/api/v1/games/" + gameId + "/legal-moves"), 200);
                if (!l.path("moves").isEmpty()) {
                    mover = p;
                    legal = l;
                }
            }
            if (mover == null) {
                pause(); // a scoring round or a valuation: scoring-service answers
                continue;
            }
            long version = legal.path("version").asLong();
            if (legal.path("undo").asBoolean() && !undone) {
                JsonNode answer = undo(mover, gameId, version, 200);
                JsonNode event = answer.path("events").get(0);
                assertEquals("tessera.game.MovesTakenBack", event.path("type").asText());
                long to = event.path("data").path("toVersion").asLong();
                for (Account viewer : List.of(players.get(0), players.get(1), spectator)) {
                    assertEquals(
                            shown(view(viewer, gameId, "?at=" + to)),
                            shown(view(viewer, gameId, "")),
                            title + ": after the undo, " + viewer.name() + " sees the game as at " + to);
                }
                assertFalse(read(mover.as().get("/api/v1/games/" + gameId + "/legal-moves"), 200)
                        .path("undo")
                        .asBoolean());
                undone = true;
                continue;
            }
            if (!nothingAtTurnStart && !legal.path("undo").asBoolean() && startsTurn(gameId, mover, version)) {
                JsonNode problem = undo(mover, gameId, version, 422);
                assertEquals("nothing-to-undo", problem.path("rule").asText(), problem.toString());
                assertEquals(version, events(gameId), "a refused undo writes nothing");
                nothingAtTurnStart = true;
            }
            List<Integer> revealing = new ArrayList<>();
            legal.path("revealing").forEach(i -> revealing.add(i.asInt()));
            int chosen = !refusedAfterDraw && !revealing.isEmpty()
                    ? revealing.get(random.nextInt(revealing.size()))
                    : random.nextInt(legal.path("moves").size());
            JsonNode answer = move(mover, gameId, version, legal.path("moves").get(chosen));
            if (revealing.contains(chosen) && !refusedAfterDraw) {
                long after = answer.path("version").asLong();
                assertEquals(mover.id(), answer.path("toAct").asText(), "a revealing move leaves the turn going");
                JsonNode problem = undo(mover, gameId, after, 422);
                assertEquals("information-revealed", problem.path("rule").asText(), problem.toString());
                assertEquals(after, events(gameId), "a refused undo writes nothing");
                refusedAfterDraw = true;
            }
        }
        assertTrue(undone, title + ": no undo was ever possible");
        assertTrue(refusedAfterDraw, title + ": no revealing move was ever offered mid-turn");
        assertTrue(nothingAtTurnStart, title + ": no turn ever started");
    }

    /** Whether {@code mover}'s turn starts at {@code version}: the game's start, a turn's end or a refill is last. */
    private static boolean startsTurn(String gameId, Account mover, long version) {
        JsonNode last = read(mover.as().get("/api/v1/games/" + gameId + "/events?from=" + (version - 1)), 200)
                .get(0);
        String type = last == null ? "" : last.path("type").asText();
        return type.equals("tessera.game.GameStarted") || type.endsWith(".TurnEnded") || type.endsWith("Refilled");
    }

    private static long events(String gameId) {
        return read(io.restassured.RestAssured.given().get("/api/v1/games/" + gameId + "/events"), 200)
                .size();
    }

    private static JsonNode undo(Account player, String gameId, long version, int status) {
        return read(
                player.as()
                        .contentType(ContentType.JSON)
                        .body(Map.of("expectedVersion", version))
                        .post("/api/v1/games/" + gameId + "/undo"),
                status);
    }

    private static JsonNode move(Account player, String gameId, long version, JsonNode move) {
        return read(
                player.as()
                        .contentType(ContentType.JSON)
                        .body(Map.of("expectedVersion", version, "move", move))
                        .post("/api/v1/games/" + gameId + "/moves"),
                200);
    }

    /** What a viewer is shown of the game, without its version (an undo is a version of its own). */
    private static JsonNode shown(JsonNode view) {
        return JSON.valueToTree(List.of(view.path("state"), view.path("over"), view.path("toAct")));
    }

    private static JsonNode view(Account viewer, String gameId, String query) {
        return read(viewer.as().get("/api/v1/games/" + gameId + query), 200);
    }

    private static void pause() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static JsonNode read(Response response, int status) {
        assertEquals(status, response.statusCode(), response.asString());
        try {
            return JSON.readTree(response.asString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
