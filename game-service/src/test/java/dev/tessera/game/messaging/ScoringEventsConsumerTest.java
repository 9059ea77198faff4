package dev.tessera.game.messaging;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.Topics;
import dev.tessera.events.lobby.TableStarted;
import dev.tessera.events.scoring.FinalStandings;
import dev.tessera.events.scoring.ScoringRoundScored;
import dev.tessera.game.play.GameService;
import dev.tessera.infra.TestInfrastructure;
import dev.tessera.infra.TestKafka;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@QuarkusTest
class ScoringEventsConsumerTest {
    private final EventCodec codec = new EventCodec();

    private CloudEvent envelope(String key, long version, TesseraEvent event) {
        return codec.envelope("/tessera/scoring-service", key, version, event, OffsetDateTime.now());
    }

    private void send(String topic, String key, CloudEvent event) {
        TestKafka.produce(TestInfrastructure.bootstrapServers(), topic, key, codec.write(event));
    }

    private void awaitProcessed(CloudEvent event) {
        await().atMost(Duration.ofSeconds(20))
                .until(() -> TestInfrastructure.postgres()
                                .count(
                                        "tessera_game",
                                        "SELECT count(*) FROM processed_events WHERE event_id = '" + event.id() + "'")
                        == 1);
    }

    private List<String> types(String gameId) {
        return given().get("/api/v1/games/" + gameId + "/events?from=0")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("type");
    }

    @Test
    void round_points_and_the_game_end_are_recorded_once_whatever_arrives_twice() {
        String tableId = UUID.randomUUID().toString();
        send(
                Topics.LOBBY_EVENTS,
                tableId,
                envelope(tableId, 4, new TableStarted(tableId, "alhambra", List.of("ana", "bob", "cyd"), Map.of())));
        String gameId = GameService.gameIdOf(tableId);
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(
                        () -> given().get("/api/v1/games/" + gameId).then().statusCode(200));

        ScoringRoundScored round1 = new ScoringRoundScored(
                gameId,
                1,
                List.of(
                        new ScoringRoundScored.PlayerScore("ana", Map.of("tower", 6), 6, 2, 8),
                        new ScoringRoundScored.PlayerScore("bob", Map.of(), 0, 0, 0),
                        new ScoringRoundScored.PlayerScore("cyd", Map.of("garden", 5), 5, 0, 5)));
        CloudEvent scored = envelope(gameId, 1, round1);
        send(Topics.SCORING_EVENTS, gameId, scored);
        send(Topics.SCORING_EVENTS, gameId, scored);
        CloudEvent again = envelope(gameId, 2, round1); // the same round computed twice: a different event
        send(Topics.SCORING_EVENTS, gameId, again);
        awaitProcessed(again);
        assertEquals(
                1,
                types(gameId).stream()
                        .filter("tessera.alhambra.PointsAwarded"::equals)
                        .count());
        given().get("/api/v1/games/" + gameId + "/events?from=1")
                .then()
                .body("[0].data.round", org.hamcrest.Matchers.equalTo(1))
                .body("[0].data.points.ana", org.hamcrest.Matchers.equalTo(8))
                .body("[0].data.points.cyd", org.hamcrest.Matchers.equalTo(5));

        FinalStandings standings = new FinalStandings(
                gameId,
                "alhambra",
                List.of(
                        new FinalStandings.Standing("ana", 40, 1),
                        new FinalStandings.Standing("cyd", 30, 2),
                        new FinalStandings.Standing("bob", 30, 2)));
        CloudEvent end = envelope(gameId, 3, standings);
        send(Topics.SCORING_EVENTS, gameId, end);
        send(Topics.SCORING_EVENTS, gameId, envelope(gameId, 4, standings));
        send(Topics.SCORING_EVENTS, gameId, end);
        awaitProcessed(end);
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertEquals(
                        List.of(
                                "tessera.game.GameStarted",
                                "tessera.alhambra.PointsAwarded",
                                "tessera.game.GameEnded",
                                "tessera.game.SeedRevealed"),
                        types(gameId)));
        // The end reveals the seed, secret until then, and the salt: together they hash to the published commitment.
        io.restassured.path.json.JsonPath stream = given().get("/api/v1/games/" + gameId + "/events?from=0")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertEquals(null, stream.getString("[0].data.seed"));
        assertEquals(null, stream.getString("[0].data.salt"));
        assertEquals(
                stream.getString("[0].data.commitment"),
                dev.tessera.events.game.SeedCommitment.of(
                        stream.getLong("[3].data.seed"), stream.getString("[3].data.salt")));
    }
}
