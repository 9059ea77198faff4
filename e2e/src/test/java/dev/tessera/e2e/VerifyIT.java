package dev.tessera.e2e;

import static dev.tessera.e2e.Tables.game;
import static dev.tessera.e2e.Tables.signUp;
import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tessera.events.game.SeedCommitment;
import dev.tessera.verify.Report;
import dev.tessera.verify.Verdict;
import dev.tessera.verify.Verifier;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Draws anyone can verify (issue 37, item 5), through the gateway: a finished game's GameStarted publishes a
 * commitment and no seed, its end reveals the seed, its events record each move, and the verifier decides every game
 * of the title's export again (this one and every other finished game the suite played before it, with undos, bots
 * taking seats and timeouts among them) and finds nothing that differs; a changed event is found at its line.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class VerifyIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SEED_REVEALED = "tessera.game.SeedRevealed";

    @BeforeAll
    void start() {
        Platform.useGateway();
    }

    @ParameterizedTest
    @ValueSource(strings = {"alhambra", "carrara", "builders"})
    void every_finished_game_of_an_export_is_verified_and_a_changed_event_is_found(String title) throws IOException {
        List<Account> players = signUp("fair-" + title + "-ana", "fair-" + title + "-bob");
        String gameId = game(title, players);
        new Bot(title.length() + 3).playUntil(gameId, players, types -> types.contains(SEED_REVEALED), 3000);

        // What the public sees of the stream: a commitment from the start and no seed; the moves; the seed at the end.
        List<JsonNode> events = read(given().get("/api/v1/games/" + gameId + "/events?from=0")
                .then()
                .statusCode(200)
                .extract()
                .asString());
        JsonNode started = events.get(0).get("data");
        assertFalse(started.has("seed"), "the seed stays secret: " + started);
        assertFalse(started.has("salt"));
        JsonNode revealed = events.get(events.size() - 1);
        assertEquals(SEED_REVEALED, revealed.get("type").asText());
        assertEquals(
                started.get("commitment").asText(),
                SeedCommitment.of(
                        revealed.get("data").get("seed").asLong(),
                        revealed.get("data").get("salt").asText()));
        assertEquals(
                "tessera.game.GameEnded",
                events.get(events.size() - 2).get("type").asText());
        JsonNode firstMove = events.get(1);
        assertTrue(
                players.stream()
                        .anyMatch(p -> p.id().equals(firstMove.path("movedby").asText())),
                "" + firstMove);
        assertTrue(JSON.readTree(firstMove.get("move").asText()).has("type"), "" + firstMove);

        // The export holds the game to its SeedRevealed once the relay has published it.
        List<String> export = new ArrayList<>();
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofSeconds(1))
                .until(() -> {
                    export.clear();
                    export.addAll(exportOf(title));
                    return export.stream().anyMatch(l -> l.contains(gameId) && l.contains(SEED_REVEALED));
                });
        // The move as the topic carries it is the very text the events endpoint (the store) shows.
        for (String line : export) {
            JsonNode exported = JSON.readTree(line);
            if (gameId.equals(exported.path("subject").asText())
                    && exported.path("streamversion").asLong()
                            == firstMove.path("streamversion").asLong()) {
                assertEquals(
                        firstMove.get("move").asText(), exported.path("move").asText());
                assertEquals(
                        firstMove.get("movedby").asText(),
                        exported.path("movedby").asText());
            }
        }
        Report report = Verifier.verify(new StringReader(String.join("\n", export)));
        assertNull(report.badLine());
        Verdict ours = verdictOf(report, gameId);
        assertEquals(Verdict.Outcome.VERIFIED, ours.outcome(), ours.describe());
        report.games().forEach(v -> assertTrue(v.outcome() != Verdict.Outcome.DIFFERS, v.describe()));
        assertTrue(report.passed(), report.summary());

        // A changed event of this game (a number in a move's first event, one more): its line is named.
        int at = -1;
        ObjectNode changed = null;
        for (int i = 0; i < export.size() && at < 0; i++) {
            ObjectNode line = (ObjectNode) JSON.readTree(export.get(i));
            if (gameId.equals(line.path("subject").asText())
                    && line.path("streamversion").asLong() > 5
                    && line.path("movedby").isTextual()
                    && bumpFirstNumber(line.get("data"))) {
                at = i;
                changed = line;
            }
        }
        assertTrue(at >= 0, "a move's event with a number");
        export.set(at, JSON.writeValueAsString(changed));
        Verdict tampered = verdictOf(Verifier.verify(new StringReader(String.join("\n", export))), gameId);
        assertEquals(Verdict.Outcome.DIFFERS, tampered.outcome(), tampered.describe());
        assertEquals(at + 1, tampered.line(), tampered.describe());
    }

    private static Verdict verdictOf(Report report, String gameId) {
        return report.games().stream()
                .filter(v -> v.gameId().equals(gameId))
                .findFirst()
                .orElseThrow(() -> new AssertionError("game " + gameId + " not in the export: " + report.summary()));
    }

    private static List<String> exportOf(String title) {
        return given().get("/api/v1/exports/events?game=" + title)
                .then()
                .statusCode(200)
                .extract()
                .asString()
                .lines()
                .filter(l -> !l.isBlank())
                .toList();
    }

    private static List<JsonNode> read(String array) {
        try {
            List<JsonNode> events = new ArrayList<>();
            JSON.readTree(array).forEach(events::add);
            return events;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One more in the first whole number in {@code node}, depth first; false when it holds none. */
    private static boolean bumpFirstNumber(JsonNode node) {
        if (node instanceof ObjectNode object) {
            for (String name : (Iterable<String>) object::fieldNames) {
                JsonNode child = object.get(name);
                if (child.isInt()) {
                    object.put(name, child.asInt() + 1);
                    return true;
                }
                if (bumpFirstNumber(child)) {
                    return true;
                }
            }
        } else if (node instanceof com.fasterxml.jackson.databind.node.ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                if (array.get(i).isInt()) {
                    array.set(i, array.get(i).asInt() + 1);
                    return true;
                }
                if (bumpFirstNumber(array.get(i))) {
                    return true;
                }
            }
        }
        return false;
    }
}
