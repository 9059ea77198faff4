package dev.tessera.e2e;

import static dev.tessera.e2e.Tables.game;
import static dev.tessera.e2e.Tables.signUp;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.http.ContentType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Any past position, through the public API: during a whole game of each title every view each player and a spectator
 * got is recorded; afterwards {@code ?at=} answers each of them again, identical, and once the game has ended
 * {@code perspective=all} shows, at any version, every player's hand as that player saw it; the history has one line
 * per version, with names where the players are.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PastPositionsIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    void start() {
        Platform.useGateway();
    }

    @ParameterizedTest
    @ValueSource(strings = {"alhambra", "carrara", "builders"})
    void every_view_of_a_whole_game_comes_back_the_same_at_its_version(String title) {
        List<Account> players = signUp("past-" + title + "-ana", "past-" + title + "-bob");
        Account spectator = Account.signUp("past-" + title + "-cyd");
        List<Account> viewers = List.of(players.get(0), players.get(1), spectator);
        String gameId = game(title, players);
        Map<Account, Map<Long, JsonNode>> seen = new HashMap<>();
        new Bot(title.length())
                .watching(() -> viewers.forEach(v -> {
                    JsonNode now = view(v, gameId, "");
                    seen.computeIfAbsent(v, x -> new HashMap<>())
                            .put(now.path("version").asLong(), shown(now));
                }))
                .playUntil(gameId, players, types -> types.contains("tessera.game.GameEnded"), 3000);

        long last = view(spectator, gameId, "").path("version").asLong();
        for (Account v : viewers) {
            Map<Long, JsonNode> views = seen.get(v);
            assertTrue(views.size() > 50, title + ": " + views.size() + " positions seen");
            views.forEach((version, then) -> assertEquals(
                    then, shown(view(v, gameId, "?at=" + version)), title + " at " + version + " as " + v.name()));
        }
        // Ended: every hand at any version, each as its owner saw it.
        for (long version : List.of(1L, last / 2, last)) {
            JsonNode all = view(spectator, gameId, "?at=" + version + "&perspective=all");
            for (int seat = 0; seat < players.size(); seat++) {
                JsonNode own = view(players.get(seat), gameId, "?at=" + version);
                assertEquals(
                        own.path("state").path("players").get(seat),
                        all.path("state").path("players").get(seat),
                        title + " at " + version + ": seat " + seat + " as its player saw it");
            }
        }
        // The history: one line per version, each player named, never by their id.
        List<JsonNode> lines = new ArrayList<>();
        read(spectator
                        .as()
                        .get("/api/v1/games/" + gameId + "/history")
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString())
                .forEach(lines::add);
        assertEquals(last, lines.size(), title + ": one line per version");
        for (int i = 0; i < lines.size(); i++) {
            JsonNode line = lines.get(i);
            assertEquals(i + 1, line.path("version").asLong());
            String text = line.path("text").asText();
            for (Account p : players) {
                assertTrue(!text.contains(p.id()), title + ": an id in " + line);
                if (p.id().equals(line.path("actor").asText())) {
                    assertEquals(p.name(), line.path("actorName").asText(), line.toString());
                    assertTrue(text.contains(p.name()), line.toString());
                }
            }
        }
        forkPlayedToItsEnd(title, gameId, moveEndFrom(lines, last / 2), players, spectator);
        players.get(0)
                .as()
                .get("/api/v1/games/" + gameId + "?at=" + (last + 1))
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("field", equalTo("at"));
    }

    /**
     * {@code forker} forks the finished game at {@code at}: the fork is the game at that version, seen from every seat;
     * the original's players cannot move in it; the forker plays every seat to the fork's end, which scoring-service
     * scores as it scores any game.
     */
    private static void forkPlayedToItsEnd(
            String title, String gameId, long at, List<Account> players, Account forker) {
        var created = forker.as()
                .contentType(ContentType.JSON)
                .body(Map.of("at", at))
                .post("/api/v1/games/" + gameId + "/forks")
                .then()
                .statusCode(201)
                .extract();
        JsonNode fork = read(created.asString());
        String forkId = fork.path("gameId").asText();
        assertTrue(created.header("Location").endsWith("/api/v1/games/" + forkId), created.header("Location"));
        assertEquals(at, fork.path("version").asLong());
        assertTrue(fork.path("sandbox").asBoolean(), fork.toString());
        assertEquals(forker.id(), fork.path("fork").path("player").asText());
        assertEquals(
                view(forker, gameId, "?at=" + at + "&perspective=all").path("state"),
                fork.path("state"),
                title + ": the fork is the game at " + at + ", every seat shown to its forker");
        // A fork made right after a Carrara valuation was asked for waits for scoring-service's answer, as the
        // original did: its forker's moves come once the fork's own valuation is scored.
        Map<String, Object> legal = await().atMost(Duration.ofSeconds(60))
                .until(
                        () -> forker.as()
                                .get("/api/v1/games/" + forkId + "/legal-moves")
                                .then()
                                .statusCode(200)
                                .extract()
                                .jsonPath()
                                .<String, Object>getMap(""),
                        l -> !((List<?>) l.get("moves")).isEmpty());
        // The fork's version now: past at when scoring-service's answer came after the fork.
        long now = ((Number) legal.get("version")).longValue();
        for (Account player : players) {
            player.as()
                    .contentType(ContentType.JSON)
                    .body(Map.of("expectedVersion", now, "move", ((List<?>) legal.get("moves")).get(0)))
                    .post("/api/v1/games/" + forkId + "/moves")
                    .then()
                    .statusCode(422)
                    .contentType("application/problem+json")
                    .body("rule", equalTo("not-a-player"));
        }
        assertEquals(now, view(forker, forkId, "").path("version").asLong(), "their moves wrote nothing");
        new Bot(at)
                .playingEverySeat()
                .playUntil(forkId, List.of(forker), types -> types.contains("tessera.game.GameEnded"), 3000);
        assertTrue(view(forker, forkId, "").path("over").asBoolean(), title + ": the fork was played to its end");
    }

    /** The first version from {@code from} on where a move's events end: the next line was written at another time. */
    private static long moveEndFrom(List<JsonNode> lines, long from) {
        for (long v = from; v < lines.size(); v++) {
            if (!lines.get((int) v - 1).path("at").equals(lines.get((int) v).path("at"))) {
                return v;
            }
        }
        return lines.size();
    }

    /** What a view shows of the position: the state, whether the game is over, and who may move. */
    private static JsonNode shown(JsonNode view) {
        List<JsonNode> parts = new ArrayList<>();
        parts.add(view.path("state"));
        parts.add(view.path("over"));
        parts.add(view.path("toAct"));
        return JSON.valueToTree(parts);
    }

    private static JsonNode view(Account viewer, String gameId, String query) {
        return read(viewer.as()
                .get("/api/v1/games/" + gameId + query)
                .then()
                .statusCode(200)
                .extract()
                .asString());
    }

    private static JsonNode read(String body) {
        try {
            return JSON.readTree(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
