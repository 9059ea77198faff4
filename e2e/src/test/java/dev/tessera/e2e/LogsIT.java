package dev.tessera.e2e;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.http.ContentType;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The services' logs as a collector reads them (issue 39): a service whose output is not a terminal writes one JSON
 * object per line, each naming its instance, and a line logged while a request about a game is handled names the game
 * in its context. A second gateway that cannot reach game-service stands in for a real failure: a move through it is
 * a 503, and its warning is logged in the move's request.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LogsIT {
    private static final String CUT_OFF = "gateway.2";
    private static final ObjectMapper JSON = new ObjectMapper();

    private Platform platform;
    private boolean started;

    @BeforeAll
    void platform() {
        platform = Platform.shared();
        Platform.useGateway();
    }

    @AfterAll
    void stopIt() throws InterruptedException {
        if (started) {
            platform.stop(CUT_OFF);
        }
    }

    @Test
    void each_line_is_a_json_record_naming_its_instance_and_the_game_of_its_request() throws Exception {
        String suffix = Long.toString(System.nanoTime(), 36);
        List<Account> players = Tables.signUp("logs-ana-" + suffix, "logs-bob-" + suffix);
        String gameId = Tables.game("alhambra", players);

        Path log = platform.log(CUT_OFF);
        long from = Files.exists(log) ? Files.size(log) : 0; // another test may have run a gateway.2 before
        platform.startExtra(CUT_OFF, Map.of("GAME_URL", "http://127.0.0.1:1"));
        started = true;
        platform.awaitReady(CUT_OFF);
        players.get(0)
                .as()
                .contentType(ContentType.JSON)
                .body(Map.of("expectedVersion", 1, "move", Map.of("type", "take-money")))
                .post(platform.url(CUT_OFF) + "/api/v1/games/" + gameId + "/moves")
                .then()
                .statusCode(503);

        List<JsonNode> records = new ArrayList<>();
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            records.clear();
            records.addAll(recordsSince(log, from));
            return records.stream()
                    .anyMatch(r -> gameId.equals(r.path("mdc").path("gameId").asText(null)));
        });
        assertTrue(records.size() > 5, "the instance's start was logged too: " + records.size() + " records");
        for (JsonNode r : records) {
            assertEquals(CUT_OFF, r.path("instance").asText(), "every record names its instance: " + r);
            assertFalse(r.path("timestamp").asText().isEmpty(), "a time: " + r);
            assertFalse(r.path("level").asText().isEmpty(), "a level: " + r);
            assertTrue(r.has("message"), "a message: " + r);
        }
        JsonNode warning = records.stream()
                .filter(r -> gameId.equals(r.path("mdc").path("gameId").asText(null)))
                .findFirst()
                .orElseThrow();
        assertEquals("WARN", warning.path("level").asText());
        assertTrue(
                warning.path("message").asText().contains("/api/v1/games/" + gameId + "/moves on GAME failed"),
                warning.toString());
        assertTrue(
                records.stream()
                        .filter(r -> r.path("mdc").has("gameId"))
                        .allMatch(
                                r -> gameId.equals(r.path("mdc").path("gameId").asText())),
                "only the move's request names a game");
    }

    /** Every line written to {@code log} after byte {@code from}, each of which must be a JSON object. */
    private static List<JsonNode> recordsSince(Path log, long from) throws IOException {
        List<JsonNode> records = new ArrayList<>();
        try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
            file.seek(from);
            byte[] rest = new byte[(int) (file.length() - from)];
            file.readFully(rest);
            String text = new String(rest, StandardCharsets.UTF_8);
            // the last line only once it is whole
            for (String line : text.substring(0, text.lastIndexOf('\n') + 1).split("\n")) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode record = JSON.readTree(line); // fails the test for a line that is not JSON
                assertTrue(record.isObject(), line);
                records.add(record);
            }
        }
        return records;
    }
}
