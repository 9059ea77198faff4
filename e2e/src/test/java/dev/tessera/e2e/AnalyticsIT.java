package dev.tessera.e2e;

import static dev.tessera.e2e.Tables.game;
import static dev.tessera.e2e.Tables.signUp;
import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What an analyst gets through the gateway: whole games of The Builders played through the API, then
 * the title's export (every event once, as CloudEvents, no seed) and its live statistics, which must equal
 * the same numbers computed directly from the exported events.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AnalyticsIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    void start() {
        Platform.useGateway();
    }

    @Test
    void statistics_equal_the_numbers_computed_from_the_exported_events_of_whole_games() {
        List<String> games = new ArrayList<>();
        for (int g = 0; g < 2; g++) {
            List<Account> players = signUp("stats-a" + g, "stats-b" + g);
            String gameId = game("builders", players);
            new Bot(40 + g).playUntil(gameId, players, types -> types.contains("tessera.game.GameEnded"), 5000);
            games.add(gameId);
        }

        // Every event of our games, once each and in their order, exactly as the events endpoint has them
        // (once the outbox relay has put the last of them on the topic: the export reads Kafka).
        List<JsonNode> export = await().atMost(Duration.ofSeconds(60))
                .until(
                        () -> export("builders"),
                        exported -> games.stream()
                                .allMatch(gameId -> idsOf(exported, gameId)
                                        .equals(given().get("/api/v1/games/" + gameId + "/events?from=0")
                                                .then()
                                                .statusCode(200)
                                                .extract()
                                                .jsonPath()
                                                .getList("id"))));
        Set<String> ids = new HashSet<>();
        for (JsonNode e : export) {
            assertEquals("1.0", e.path("specversion").asText());
            assertTrue(ids.add(e.path("id").asText()), "event " + e.path("id") + " exported twice");
            if (e.path("type").asText().equals("tessera.game.GameStarted")) {
                // The seed and its salt are published only by the game's last event, SeedRevealed, once it has ended.
                assertFalse(e.path("data").has("seed"), "an export is redacted as for a spectator");
                assertFalse(e.path("data").has("salt"), "an export is redacted as for a spectator");
            }
        }

        Map<String, Object> expected = statistics(export);
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertEquals(expected, served()));
    }

    private static List<String> idsOf(List<JsonNode> events, String gameId) {
        return events.stream()
                .filter(e -> gameId.equals(e.path("subject").asText()))
                .map(e -> e.path("id").asText())
                .toList();
    }

    /** The numbers computed directly from the events: counts, and averages rounded as the service does. */
    private static Map<String, Object> statistics(List<JsonNode> events) {
        Map<String, Integer> turns = new HashMap<>();
        Set<String> started = new HashSet<>();
        Set<String> ended = new HashSet<>();
        // A game's events are exported in their order, so the n-th is its version n. A building completed by a move
        // that was taken back (an undo to a version before it) was never completed.
        Map<String, Long> versions = new HashMap<>();
        Map<String, List<Long>> completedAt = new HashMap<>();
        for (JsonNode e : events) {
            String game = e.path("subject").asText();
            long version = versions.merge(game, 1L, Long::sum);
            switch (e.path("type").asText()) {
                case "tessera.game.GameStarted" -> started.add(game);
                case "tessera.game.GameEnded" -> ended.add(game);
                case "tessera.builders.TurnEnded" -> turns.merge(game, 1, Integer::sum);
                case "tessera.builders.BuildingCompleted" ->
                    completedAt.computeIfAbsent(game, g -> new ArrayList<>()).add(version);
                case "tessera.game.MovesTakenBack" -> {
                    long to = e.path("data").path("toVersion").asLong();
                    List<Long> built = completedAt.get(game);
                    if (built != null) {
                        built.removeIf(v -> v > to);
                    }
                }
                default -> {}
            }
        }
        long completed = completedAt.values().stream().mapToLong(List::size).sum();
        long moves = ended.stream().mapToLong(g -> turns.getOrDefault(g, 0)).sum();
        return Map.of(
                "started",
                (long) started.size(),
                "finished",
                (long) ended.size(),
                "buildingsCompleted",
                completed,
                "averageMoves",
                BigDecimal.valueOf((double) moves / ended.size())
                        .setScale(3, RoundingMode.HALF_EVEN)
                        .doubleValue());
    }

    private static Map<String, Object> served() {
        JsonNode stats = read(given().get("/api/v1/stats/builders")
                .then()
                .statusCode(200)
                .extract()
                .asString());
        return Map.of(
                "started",
                stats.path("games").path("started").asLong(),
                "finished",
                stats.path("games").path("finished").asLong(),
                "buildingsCompleted",
                stats.path("builders").path("buildingsCompleted").asLong(),
                "averageMoves",
                stats.path("length").path("averageMoves").asDouble());
    }

    private static List<JsonNode> export(String game) {
        String body = given().get("/api/v1/exports/events?game=" + game)
                .then()
                .statusCode(200)
                .contentType("application/x-ndjson")
                .extract()
                .asString();
        return body.lines()
                .filter(line -> !line.isBlank())
                .map(AnalyticsIT::read)
                .toList();
    }

    private static JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
