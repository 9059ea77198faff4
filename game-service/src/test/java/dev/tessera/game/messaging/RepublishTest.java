package dev.tessera.game.messaging;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.Topics;
import dev.tessera.game.LegalMoves;
import dev.tessera.game.Republish;
import dev.tessera.game.StartedTables;
import dev.tessera.infra.LocalPostgres;
import dev.tessera.infra.TestInfrastructure;
import dev.tessera.infra.TestKafka;
import dev.tessera.kit.rebuild.Republication;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/**
 * After Kafka lost its data, game-service's event store publishes every game again (Republish; docs/adr/0009): here to
 * a topic of the test's own, so that the shared game-events stays as it is.
 */
@QuarkusTest
class RepublishTest {
    private final EventCodec codec = new EventCodec();

    @Test
    void every_stored_event_goes_out_again_once_in_its_games_order_as_the_relay_published_it() throws Exception {
        String gameId = StartedTables.start("builders", List.of("ana", "bob"), Map.of());
        int version = given().get("/api/v1/games/" + gameId).then().extract().path("version");
        for (int i = 0; i < 3; i++) {
            version = LegalMoves.playFirst(gameId, version, "ana", "bob");
        }
        int last = version;
        await().atMost(Duration.ofSeconds(30))
                .until(() -> TestKafka.readKey(TestInfrastructure.bootstrapServers(), Topics.GAME_EVENTS, gameId)
                                .size()
                        == last);
        String topic = "republished-" + UUID.randomUUID();
        try (Admin admin = Admin.create(
                Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfrastructure.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(topic, 3, (short) 1))).all().get(30, TimeUnit.SECONDS);
        }

        Republication.Report report =
                new Republication("game-service", "GAME_DB", "tessera_game", topic, null).run(env());

        List<ConsumerRecord<String, String>> again = TestKafka.readAll(TestInfrastructure.bootstrapServers(), topic);
        long stored = TestInfrastructure.postgres().count("tessera_game", "SELECT count(*) FROM events");
        assertTrue(stored >= last, "the store holds at least this test's game");
        assertEquals(stored, report.eventsPublished());
        assertEquals(stored, again.size(), "every stored event once");
        Map<String, Long> versions = new HashMap<>();
        for (ConsumerRecord<String, String> record : again) {
            long v = codec.readEnvelope(record.value()).streamversion();
            assertEquals(
                    versions.getOrDefault(record.key(), 0L) + 1, v, "each game's events in its order: " + record.key());
            versions.put(record.key(), v);
        }

        List<ConsumerRecord<String, String>> published =
                TestKafka.readKey(TestInfrastructure.bootstrapServers(), Topics.GAME_EVENTS, gameId);
        List<ConsumerRecord<String, String>> republished =
                again.stream().filter(r -> gameId.equals(r.key())).toList();
        assertEquals(published.size(), republished.size());
        List<String> moves = new ArrayList<>();
        for (int i = 0; i < published.size(); i++) {
            CloudEvent original = codec.readEnvelope(published.get(i).value());
            CloudEvent copy = codec.readEnvelope(republished.get(i).value());
            // Whom the game waits for is published with a move, not stored: the history leaves it out.
            assertEquals(original.withToAct(null, null), copy, "event " + (i + 1) + " as it was published");
            assertEquals(type(published.get(i)), type(republished.get(i)));
            if (copy.move() != null) {
                moves.add(copy.movedby());
            }
        }
        assertEquals(3, moves.size(), "each move recorded on its first event, with its seat");
    }

    @Test
    void refused_while_game_service_consumes() {
        IllegalStateException refused =
                assertThrows(IllegalStateException.class, () -> Republish.REPUBLICATION.requireStopped(env()));
        assertTrue(refused.getMessage().contains("stop game-service first"), refused.getMessage());
    }

    private static String type(ConsumerRecord<String, String> record) {
        return new String(record.headers().lastHeader(CloudEvent.TYPE_HEADER).value(), StandardCharsets.UTF_8);
    }

    private static Map<String, String> env() {
        return Map.of(
                "TESSERA_DB_HOST",
                "localhost",
                "TESSERA_DB_PORT",
                String.valueOf(TestInfrastructure.postgres().port()),
                "TESSERA_DB_USER",
                LocalPostgres.USER,
                "TESSERA_KAFKA",
                TestInfrastructure.bootstrapServers());
    }
}
