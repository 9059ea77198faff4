package dev.tessera.scoring.stats;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.bench.chaos.ExpectedStatistics;
import dev.tessera.events.Topics;
import dev.tessera.infra.TestInfrastructure;
import dev.tessera.infra.TestKafka;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The statistics that scoring-service's Kafka Streams topology keeps, read through its endpoint, come to
 * the numbers computed directly from every record on the real topics ({@link ExpectedStatistics}, which the
 * chaos checks use too), for whole games of every title (Alhambra's scoring rounds answered by scoring-service itself).
 */
@QuarkusTest
class StatsTest {

    @Test
    void statistics_of_whole_games_equal_the_numbers_computed_directly_from_their_events() throws Exception {
        GameFixtures fixtures = new GameFixtures(12);
        List<GameFixtures.Game> games = List.of(
                fixtures.alhambra(2, true, false, false),
                fixtures.alhambra(3, true, true, false),
                fixtures.alhambra(4, true, false, false),
                fixtures.alhambra(3, false, false, false),
                fixtures.carrara(2, true, false),
                fixtures.carrara(4, true, true),
                fixtures.carrara(3, false, false),
                fixtures.builders(2, true),
                fixtures.builders(3, true),
                fixtures.builders(2, false));
        // Moves are taken back in them: purchases and completed buildings that no longer count, and tiles placed and
        // taken back, which the scorer must leave out (the next tile takes the same square).
        for (String title : List.of("alhambra", "carrara", "builders")) {
            assertTrue(games.stream().anyMatch(g -> g.title.equals(title) && g.tookMovesBack()), title);
        }
        String bootstrap = TestInfrastructure.bootstrapServers();
        GameFixtures.publish(bootstrap, games);

        // scoring-service answers every scoring round the Alhambra games triggered (3 per finished game, 2 for the
        // other).
        Set<String> alhambra = games.stream()
                .filter(g -> g.title.equals("alhambra"))
                .map(g -> g.id)
                .collect(Collectors.toSet());
        await().atMost(Duration.ofSeconds(60))
                .until(() -> TestKafka.readAll(bootstrap, Topics.SCORING_EVENTS).stream()
                                .filter(r -> alhambra.contains(r.key())
                                        && r.value().contains("tessera.scoring.ScoringRoundScored"))
                                .count()
                        == 11);

        for (String title : List.of("alhambra", "carrara", "builders")) {
            await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
                JsonNode expected = ExpectedStatistics.fromTopics(bootstrap).of(title);
                JsonNode actual = JsonSerde.mapper()
                        .readTree(given().get("/api/v1/stats/" + title)
                                .then()
                                .statusCode(200)
                                .extract()
                                .asString());
                assertEquals(expected, actual);
            });
        }
        JsonNode alhambraStats = JsonSerde.mapper()
                .readTree(given().get("/api/v1/stats/alhambra").then().extract().asString());
        assertTrue(alhambraStats.at("/games/started").asLong() >= 4);
        assertTrue(alhambraStats.at("/games/abandoned").asLong() >= 1);
        assertEquals(3, alhambraStats.at("/alhambra/longestWall").size(), alhambraStats.toString());
        assertTrue(alhambraStats.at("/alhambra/purchases").asLong() > 0);
        assertTrue(alhambraStats.has("latestEventTime"));
        assertTrue(alhambraStats.at("/seats").size() >= 9, "seats of 2, 3 and 4 players");
    }

    @Test
    void sandbox_games_are_left_out_of_the_statistics_unless_asked_for() throws Exception {
        GameFixtures fixtures = new GameFixtures(13);
        // The sandbox Alhambra games trigger their scoring rounds: scoring-service scores them as any game's, and their
        // walls are a sandbox game's too.
        List<GameFixtures.Game> sandbox = List.of(
                fixtures.sandbox(f -> f.alhambra(2, true, false, false)),
                fixtures.sandbox(f -> f.alhambra(3, false, true, false)),
                fixtures.sandbox(f -> f.carrara(3, true, true)),
                fixtures.sandbox(f -> f.builders(2, true)),
                fixtures.sandbox(f -> f.builders(3, false)));
        List<GameFixtures.Game> games = new java.util.ArrayList<>(sandbox);
        games.add(fixtures.alhambra(2, true, false, false));
        games.add(fixtures.builders(2, true));
        String bootstrap = TestInfrastructure.bootstrapServers();
        GameFixtures.publish(bootstrap, games);
        Set<String> alhambra = games.stream()
                .filter(g -> g.title.equals("alhambra"))
                .map(g -> g.id)
                .collect(Collectors.toSet());
        await().atMost(Duration.ofSeconds(60))
                .until(() -> TestKafka.readAll(bootstrap, Topics.SCORING_EVENTS).stream()
                                .filter(r -> alhambra.contains(r.key())
                                        && r.value().contains("tessera.scoring.ScoringRoundScored"))
                                .count()
                        == 3 + 2 + 3);

        for (String title : List.of("alhambra", "carrara", "builders")) {
            await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
                ExpectedStatistics expected = ExpectedStatistics.fromTopics(bootstrap);
                assertEquals(expected.of(title, false), stats(title, ""));
                assertEquals(expected.of(title, false), stats(title, "?sandbox=exclude"));
                assertEquals(expected.of(title, true), stats(title, "?sandbox=include"));
            });
            JsonNode without = stats(title, "");
            JsonNode with = stats(title, "?sandbox=include");
            long ours = sandbox.stream().filter(g -> g.title.equals(title)).count();
            assertTrue(
                    with.at("/games/started").asLong()
                                    - without.at("/games/started").asLong()
                            >= ours,
                    title + ": " + with + " against " + without);
        }
        // Alhambra's scoring rounds: a sandbox game's walls count only with the sandbox games.
        JsonNode without = stats("alhambra", "");
        JsonNode with = stats("alhambra", "?sandbox=include");
        assertTrue(
                with.at("/alhambra/longestWall/0/games").asLong()
                        >= without.at("/alhambra/longestWall/0/games").asLong() + 2,
                with + " against " + without);
    }

    @Test
    void a_sandbox_other_than_include_or_exclude_is_a_400_problem_naming_it() {
        for (String bad : List.of("yes", "INCLUDE", "true", "%20")) {
            given().get("/api/v1/stats/alhambra?sandbox=" + bad)
                    .then()
                    .statusCode(400)
                    .contentType("application/problem+json")
                    .body("field", equalTo("sandbox"));
        }
    }

    /** The statistics of {@code title}, as the endpoint writes them, with {@code query}. */
    private static JsonNode stats(String title, String query) throws Exception {
        return JsonSerde.mapper()
                .readTree(given().get("/api/v1/stats/" + title + query)
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString());
    }

    @Test
    void an_unknown_game_is_a_404_problem() {
        given().get("/api/v1/stats/chess")
                .then()
                .statusCode(404)
                .contentType("application/problem+json")
                .body("status", equalTo(404));
    }

    @Test
    void the_answer_and_the_export_are_in_the_openapi_document() {
        String openapi = given().get("/q/openapi?format=json")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertTrue(
                openapi.contains("\"GameStatistics\"") && openapi.contains("latestEventTime"), "GameStatistics schema");
        assertTrue(openapi.contains("/api/v1/exports/events") && openapi.contains("application/x-ndjson"));
    }

    /** As the endpoint writes it (through text, so that numbers compare alike). */
    static JsonNode json(GameStatistics statistics) throws Exception {
        return JsonSerde.mapper().readTree(JsonSerde.mapper().writeValueAsString(statistics));
    }
}
