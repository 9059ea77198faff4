package dev.tessera.game.messaging;

import static dev.tessera.game.messaging.RelayedRecords.alhambraTableStarted;
import static dev.tessera.game.messaging.RelayedRecords.firstRoundScored;
import static dev.tessera.game.messaging.RelayedRecords.payloadsOn;
import static dev.tessera.game.messaging.RelayedRecords.published;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tessera.game.play.GameService;
import dev.tessera.infra.TestInfrastructure;
import dev.tessera.kit.eventing.Outbox;
import dev.tessera.kit.eventing.OutboxRelay;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;

/**
 * Rows that someone waits for do not wait out the relay's linger (OutboxRelay.kickNowFor, OutboxRelay.after): here the
 * linger is two minutes and the safety net an hour, so a row that reaches Kafka within the 30 s these tests wait can
 * only have gone out in a run started at once.
 */
@QuarkusTest
@TestProfile(AwaitedRowsTest.LongLinger.class)
class AwaitedRowsTest {
    public static class LongLinger implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("tessera.outbox.interval", "1h", "tessera.outbox.linger", "2m");
        }
    }

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Inject
    OutboxRelay relay;

    /**
     * A row asked for with kickNowFor starts a run at once although a run lingers, and the rows that were waiting for
     * that run go out with it, before it, in the order they were committed.
     */
    @Test
    void a_row_someone_waits_for_cuts_the_linger_short_and_takes_the_waiting_rows_along() throws Exception {
        String topic = "relay-awaited-" + UUID.randomUUID();
        String key = UUID.randomUUID().toString();
        try (Admin admin = Admin.create(
                Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfrastructure.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get(30, TimeUnit.SECONDS);
        }
        try (Connection db = TestInfrastructure.postgres().connect("tessera_game");
                Statement statement = db.createStatement()) {
            commit(statement, topic, key, "first");
            relay.kickNowFor(key); // whatever ran before, this run starts now; the next one lingers two minutes
            await().atMost(WAIT).until(() -> payloadsOn(topic).contains("first"));
            commit(statement, topic, key, "lingering");
            relay.kickFor(key);
            commit(statement, topic, key, "awaited");
            relay.kickNowFor(key);
        }
        await().atMost(WAIT).until(() -> payloadsOn(topic).contains("awaited"));
        assertEquals(List.of("first", "lingering", "awaited"), payloadsOn(topic), "each row once, in commit order");
    }

    /**
     * What a consumer's transaction publishes (here the points of a scoring round that scoring-service answered, and
     * before it the game a started table asked for) goes out at once, however recently the relay ran.
     */
    @Test
    void what_a_consumer_publishes_goes_out_at_once() {
        String tableId = UUID.randomUUID().toString();
        String gameId = GameService.gameIdOf(tableId);
        alhambraTableStarted(tableId);
        await().atMost(WAIT).until(() -> published(gameId, "tessera.game.GameStarted"));
        firstRoundScored(gameId);
        await().atMost(WAIT).until(() -> published(gameId, "tessera.alhambra.PointsAwarded"));
    }

    private static void commit(Statement statement, String topic, String key, String payload) throws Exception {
        statement.execute("INSERT INTO outbox (topic, record_key, slot, payload) VALUES ('" + topic + "', '" + key
                + "', " + Outbox.slot(key) + ", '" + payload + "')");
    }
}
