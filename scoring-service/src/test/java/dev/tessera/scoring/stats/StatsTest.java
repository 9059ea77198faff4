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
