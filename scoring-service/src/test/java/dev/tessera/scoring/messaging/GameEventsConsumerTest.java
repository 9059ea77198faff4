package dev.tessera.scoring.messaging;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

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
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.junit.jupiter.api.Test;

@QuarkusTest
class GameEventsConsumerTest {
    private final EventCodec codec = new EventCodec();

    @Test
    void the_projection_follows_a_game_and_ignores_a_redelivered_event() {
        String gameId = UUID.randomUUID().toString();
        CloudEvent started = codec.envelope(
                "/tessera/game-service",
                gameId,
                1,
                new GameStarted(gameId, "t-" + gameId, "alhambra", List.of("ana", "bob"), 7L, Map.of(), null),
                OffsetDateTime.now());
        send(gameId, started);
        send(gameId, started);
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> given().get("/api/v1/scoring/games/" + gameId)
                        .then()
                        .statusCode(200)
                        .body("lastVersion", equalTo(1))
                        .body("finished", equalTo(false)));

        CloudEvent ended = ended(gameId, 2);
        send(gameId, ended);
        send(gameId, ended);
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> given().get("/api/v1/scoring/games/" + gameId)
                        .then()
                        .body("lastVersion", equalTo(2))
                        .body("finished", equalTo(true)));
        await().atMost(Duration.ofSeconds(20))
                .until(() -> TestInfrastructure.postgres()
                                .count(
                                        "tessera_scoring",
                                        "SELECT count(*) FROM processed_events WHERE event_id IN ('" + started.id()
                                                + "', '" + ended.id() + "')")
                        == 2);
        // A redelivered GameStarted would have failed on the primary key and gone to the dead-letter topic.
        assertEquals(
                0,
                TestKafka.readAll(TestInfrastructure.bootstrapServers(), "scoring-service.dlq").stream()
                        .filter(r -> gameId.equals(r.key()))
                        .count());
    }

    @Test
    void events_that_only_move_a_game_on_need_no_transaction_and_a_late_one_never_moves_it_back() {
        String gameId = UUID.randomUUID().toString();
        send(
                gameId,
                codec.envelope(
                        "/tessera/game-service",
                        gameId,
                        1,
                        new GameStarted(gameId, "t-" + gameId, "builders", List.of("ana", "bob"), 7L, Map.of(), null),
                        OffsetDateTime.now()));
        CloudEvent third = codec.envelope(
                "/tessera/game-service",
                gameId,
                3,
                new SeatTakenByBot(gameId, "bob", "random", "timed-out"),
                OffsetDateTime.now());
        send(gameId, third);
        send(gameId, third);
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() ->
                        given().get("/api/v1/scoring/games/" + gameId).then().body("lastVersion", equalTo(3)));

        CloudEvent second = codec.envelope(
                "/tessera/game-service",
                gameId,
                2,
                new PlayerTimedOut(gameId, "bob", OffsetDateTime.now()),
                OffsetDateTime.now());
        send(gameId, second); // an older event delivered late, as after a rebuild's replay
        await().during(Duration.ofSeconds(2))
                .atMost(Duration.ofSeconds(5))
                .untilAsserted(() ->
                        given().get("/api/v1/scoring/games/" + gameId).then().body("lastVersion", equalTo(3)));
        assertEquals(
                0,
                TestInfrastructure.postgres()
                        .count(
                                "tessera_scoring",
                                "SELECT count(*) FROM processed_events WHERE event_id IN ('" + third.id() + "', '"
                                        + second.id() + "')"),
                "moving a game on is idempotent by itself: nothing is recorded for it");
        assertEquals(
                0,
                TestKafka.readAll(TestInfrastructure.bootstrapServers(), "scoring-service.dlq").stream()
                        .filter(r -> gameId.equals(r.key()))
                        .count());
    }

    /**
     * Records come in batches: one that cannot be read goes to the dead-letter topic alone, and the rest of its batch
     * is applied around it (the game started before it, moved on and ended after it; an event of a game never
     * started here is ignored, not dead-lettered).
     */
    @Test
    void a_record_that_cannot_be_read_goes_to_the_dead_letter_topic_alone_and_the_rest_of_its_batch_is_applied() {
        String gameId = UUID.randomUUID().toString();
        String neverStarted = UUID.randomUUID().toString();
        CloudEvent started = codec.envelope(
                "/tessera/game-service",
                gameId,
                1,
                new GameStarted(gameId, "t-" + gameId, "builders", List.of("ana", "bob"), 7L, Map.of(), null),
                OffsetDateTime.now());
        CloudEvent movedOn = codec.envelope(
                "/tessera/game-service",
                gameId,
                2,
                new SeatTakenByBot(gameId, "bob", "random", "timed-out"),
                OffsetDateTime.now());
        CloudEvent elsewhere = codec.envelope(
                "/tessera/game-service",
                neverStarted,
                5,
                new SeatTakenByBot(neverStarted, "bob", "random", "timed-out"),
                OffsetDateTime.now());
        CloudEvent ended = ended(gameId, 3);
        String junk = "{not json " + gameId;
        double deadLettersBefore = deadLetters();
        TestKafka.produceAll(
                TestInfrastructure.bootstrapServers(),
                Topics.GAME_EVENTS,
                gameId,
                List.of(codec.write(started), junk, codec.write(movedOn), codec.write(elsewhere), codec.write(ended)));

        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> given().get("/api/v1/scoring/games/" + gameId)
                        .then()
                        .statusCode(200)
                        .body("lastVersion", equalTo(3))
                        .body("finished", equalTo(true)));
        List<ConsumerRecord<String, String>> dead =
                TestKafka.readAll(TestInfrastructure.bootstrapServers(), "scoring-service.dlq").stream()
                        .filter(r -> gameId.equals(r.key()))
                        .toList();
        assertEquals(
                List.of(junk),
                dead.stream().map(ConsumerRecord::value).toList(),
                () -> "only the unreadable record; " + "dead-lettered: "
                        + dead.stream().map(GameEventsConsumerTest::reason).toList());
        assertNotNull(dead.get(0).headers().lastHeader("dead-letter-reason"));
        // Counted for the operators' alert (tessera_dead_letters_total, deploy/prometheus).
        assertEquals(deadLettersBefore + 1, deadLetters(), "dead letters counted");
        assertEquals(
                2,
                TestInfrastructure.postgres()
                        .count(
                                "tessera_scoring",
                                "SELECT count(*) FROM processed_events WHERE event_id IN ('" + started.id() + "', '"
                                        + ended.id() + "')"));
        given().get("/api/v1/scoring/games/" + neverStarted).then().statusCode(404);
    }

    /**
     * A poll's records that start a game or concern its scoring are applied in one transaction. One that fails in it
     * (a second GameStarted of a game under another event id: the game's row is there) fails all of them, and then
     * each is applied on its own: that one alone goes to the dead-letter topic, the others are applied, an event that
     * came twice once.
     */
    @Test
    void a_record_that_fails_among_records_applied_together_goes_to_the_dead_letter_topic_alone() {
        String gameId = UUID.randomUUID().toString();
        GameStarted game =
                new GameStarted(gameId, "t-" + gameId, "builders", List.of("ana", "bob"), 7L, Map.of(), null);
        CloudEvent started = codec.envelope("/tessera/game-service", gameId, 1, game, OffsetDateTime.now());
        CloudEvent startedAgain = codec.envelope("/tessera/game-service", gameId, 1, game, OffsetDateTime.now());
        CloudEvent ended = ended(gameId, 2);
        TestKafka.produceAll(
                TestInfrastructure.bootstrapServers(),
                Topics.GAME_EVENTS,
                gameId,
                List.of(
                        codec.write(started),
                        codec.write(started),
                        codec.write(startedAgain),
                        codec.write(ended),
                        codec.write(ended)));

        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> given().get("/api/v1/scoring/games/" + gameId)
                        .then()
                        .statusCode(200)
                        .body("lastVersion", equalTo(2))
                        .body("finished", equalTo(true)));
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertEquals(
                        List.of(startedAgain.id()),
                        TestKafka.readAll(TestInfrastructure.bootstrapServers(), "scoring-service.dlq").stream()
                                .filter(r -> gameId.equals(r.key()))
                                .map(r -> codec.readEnvelope(r.value()).id())
                                .toList()));
        assertEquals(
                2,
                TestInfrastructure.postgres()
                        .count(
                                "tessera_scoring",
                                "SELECT count(*) FROM processed_events WHERE event_id IN ('" + started.id() + "', '"
                                        + startedAgain.id() + "', '" + ended.id() + "')"),
                "the two applied, the dead-lettered one not recorded as processed");
    }

    /** The game's end, ana first, at {@code version}. */
    private CloudEvent ended(String gameId, long version) {
        return codec.envelope(
                "/tessera/game-service",
                gameId,
                version,
                new GameEnded(
                        gameId, List.of(new GameEnded.Standing("ana", 50, 1), new GameEnded.Standing("bob", 40, 2))),
                OffsetDateTime.now());
    }

    private static String reason(ConsumerRecord<String, String> record) {
        Header reason = record.headers().lastHeader("dead-letter-reason");
        return reason == null ? "(no reason)" : new String(reason.value(), StandardCharsets.UTF_8);
    }

    private void send(String key, CloudEvent event) {
        TestKafka.produce(TestInfrastructure.bootstrapServers(), Topics.GAME_EVENTS, key, codec.write(event));
    }

    /** tessera_dead_letters_total, as /q/metrics exports it. */
    private static double deadLetters() {
        return given().get("/q/metrics")
                .then()
                .statusCode(200)
                .extract()
                .asString()
                .lines()
                .filter(l -> l.startsWith("tessera_dead_letters_total "))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.indexOf(' ') + 1)))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no tessera_dead_letters_total in /q/metrics"));
    }
}
