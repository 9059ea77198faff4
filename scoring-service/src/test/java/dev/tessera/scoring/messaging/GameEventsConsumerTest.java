package dev.tessera.scoring.messaging;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.Topics;
import dev.tessera.events.game.GameEnded;
import dev.tessera.events.game.GameStarted;
import dev.tessera.events.game.PlayerTimedOut;
import dev.tessera.events.game.SeatTakenByBot;
import dev.tessera.infra.TestInfrastructure;
import dev.tessera.infra.TestKafka;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

@QuarkusTest
class GameEventsConsumerTest {
    private final EventCodec codec = new EventCodec();

    @Test
    void the_projection_follows_a_game_and_ignores_a_redelivered_event() {
        String gameId = UUID.randomUUID().toString();
        CloudEvent started = codec.envelope("/tessera/game-service", gameId, 1,
                new GameStarted(gameId, "t-" + gameId, "alhambra", List.of("ana", "bob"), 7L, Map.of(), null), OffsetDateTime.now());
        send(gameId, started);
        send(gameId, started);
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> given().get("/api/v1/scoring/games/" + gameId)
                .then().statusCode(200).body("lastVersion", equalTo(1)).body("finished", equalTo(false)));

        CloudEvent ended = codec.envelope("/tessera/game-service", gameId, 2,
                new GameEnded(gameId, List.of(new GameEnded.Standing("ana", 50, 1), new GameEnded.Standing("bob", 40, 2))),
                OffsetDateTime.now());
        send(gameId, ended);
        send(gameId, ended);
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> given().get("/api/v1/scoring/games/" + gameId)
                .then().body("lastVersion", equalTo(2)).body("finished", equalTo(true)));
        await().atMost(Duration.ofSeconds(20)).until(() -> TestInfrastructure.postgres().count("tessera_scoring",
                "SELECT count(*) FROM processed_events WHERE event_id IN ('" + started.id() + "', '" + ended.id() + "')") == 2);
        // A redelivered GameStarted would have failed on the primary key and gone to the dead-letter topic.
        assertEquals(0, TestKafka.readAll(TestInfrastructure.bootstrapServers(), "scoring-service.dlq").stream()
                .filter(r -> gameId.equals(r.key())).count());
    }

    @Test
    void events_that_only_move_a_game_on_need_no_transaction_and_a_late_one_never_moves_it_back() {
        String gameId = UUID.randomUUID().toString();
        send(gameId, codec.envelope("/tessera/game-service", gameId, 1,
                new GameStarted(gameId, "t-" + gameId, "builders", List.of("ana", "bob"), 7L, Map.of(), null), OffsetDateTime.now()));
        CloudEvent third = codec.envelope("/tessera/game-service", gameId, 3,
                new SeatTakenByBot(gameId, "bob", "random", "timed-out"), OffsetDateTime.now());
        send(gameId, third);
        send(gameId, third);
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> given().get("/api/v1/scoring/games/" + gameId)
                .then().body("lastVersion", equalTo(3)));

        CloudEvent second = codec.envelope("/tessera/game-service", gameId, 2,
                new PlayerTimedOut(gameId, "bob", OffsetDateTime.now()), OffsetDateTime.now());
        send(gameId, second);  // an older event delivered late, as after a rebuild's replay
        await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(5)).untilAsserted(() ->
                given().get("/api/v1/scoring/games/" + gameId).then().body("lastVersion", equalTo(3)));
        assertEquals(0, TestInfrastructure.postgres().count("tessera_scoring",
                "SELECT count(*) FROM processed_events WHERE event_id IN ('" + third.id() + "', '" + second.id() + "')"),
                "moving a game on is idempotent by itself: nothing is recorded for it");
        assertEquals(0, TestKafka.readAll(TestInfrastructure.bootstrapServers(), "scoring-service.dlq").stream()
                .filter(r -> gameId.equals(r.key())).count());
    }

    private void send(String key, CloudEvent event) {
        TestKafka.produce(TestInfrastructure.bootstrapServers(), Topics.GAME_EVENTS, key, codec.write(event));
    }
}
