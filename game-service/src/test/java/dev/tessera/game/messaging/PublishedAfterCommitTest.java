package dev.tessera.game.messaging;

import static dev.tessera.game.messaging.RelayedRecords.alhambraTableStarted;
import static dev.tessera.game.messaging.RelayedRecords.firstRoundScored;
import static dev.tessera.game.messaging.RelayedRecords.payloadsOn;
import static dev.tessera.game.messaging.RelayedRecords.published;
import static dev.tessera.game.messaging.RelayedRecords.send;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tessera.events.EventCodec;
import dev.tessera.events.Topics;
import dev.tessera.events.lobby.TableStarted;
import dev.tessera.game.LegalMoves;
import dev.tessera.game.play.GameService;
import dev.tessera.infra.TestInfrastructure;
import dev.tessera.infra.TestKafka;
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
import java.util.stream.LongStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;

/**
 * Facts that game-service records for other services' events (a table's game, a scoring round's points) reach
 * the game-events topic as soon as they are committed, not when the relay's once-a-second safety net next
 * looks: here the safety net is pushed out to an hour, so only the run asked for after the commit can
 * publish them. The relay lingers 1 s between runs here (tessera.outbox.linger), to see commits batched.
 */
@QuarkusTest
@TestProfile(PublishedAfterCommitTest.NoSafetyNet.class)
class PublishedAfterCommitTest {
    public static class NoSafetyNet implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("tessera.outbox.interval", "1h", "tessera.outbox.linger", "1s");
        }
    }

    private final EventCodec codec = new EventCodec();

    @Inject
    OutboxRelay relay;

    @Test
    void a_started_table_and_a_scoring_answer_are_published_once_committed() {
        String tableId = UUID.randomUUID().toString();
        String gameId = GameService.gameIdOf(tableId);
        alhambraTableStarted(tableId);
        await().atMost(Duration.ofSeconds(30)).until(() -> published(gameId, "tessera.game.GameStarted"));

        firstRoundScored(gameId);
        await().atMost(Duration.ofSeconds(30)).until(() -> published(gameId, "tessera.alhambra.PointsAwarded"));
        assertNoOutboxRowOf(gameId);
    }

    /** A move asks the relay for its game's slot only (OutboxRelay.kickFor): that run must publish the move's events. */
    @Test
    void a_move_is_published_once_committed() {
        String gameId = startedBuildersGame();
        int version = move(gameId, 1);
        await().atMost(Duration.ofSeconds(30))
                .until(() -> versionsOnKafka(gameId).size() == version);
        assertNoOutboxRowOf(gameId);
    }

    /**
     * Rows that waited (here: another instance of the relay holds the game's slot) go out in one run, in the stream's
     * order per game, whatever order the relay's statement returns them in.
     */
    @Test
    void rows_that_waited_are_published_in_one_run_in_the_streams_order() throws Exception {
        String gameId = startedBuildersGame();
        int version = 1;
        try (Connection otherRelay = TestInfrastructure.postgres().connect("tessera_game");
                Statement statement = otherRelay.createStatement()) {
            statement.execute(
                    "SELECT pg_advisory_lock(" + OutboxRelay.LOCK_NAMESPACE + ", " + Outbox.slot(gameId) + ")");
            for (int i = 0; i < 5; i++) {
                version = move(gameId, version);
            }
            assertEquals(
                    List.of(1L), versionsOnKafka(gameId), "nothing of the slot is published while its lock is held");
            statement.execute(
                    "SELECT pg_advisory_unlock(" + OutboxRelay.LOCK_NAMESPACE + ", " + Outbox.slot(gameId) + ")");
        }
        int last = move(gameId, version);
        await().atMost(Duration.ofSeconds(30))
                .until(() -> versionsOnKafka(gameId).size() == last);
        assertEquals(
                LongStream.rangeClosed(1, last).boxed().toList(),
                versionsOnKafka(gameId),
                "each of the game's events once, in the stream's order");
        assertNoOutboxRowOf(gameId);
    }

    /**
     * A commit that finds the relay quiet for longer than its linger is relayed at once, in a run of its own; commits
     * that come while that run lingers wait for the next run and go out together in it: one statement and one series
     * of sends for all of them, instead of a run each.
     */
    @Test
    void rows_committed_while_the_relay_lingers_go_out_together_in_the_next_run() throws Exception {
        long before;
        String topic = "relay-linger-" + UUID.randomUUID();
        try (Admin admin = Admin.create(
                Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfrastructure.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get(30, TimeUnit.SECONDS);
        }
        try (Connection db = TestInfrastructure.postgres().connect("tessera_game");
                Statement statement = db.createStatement()) {
            commitAndKick(statement, topic, "warm");
            await().atMost(Duration.ofSeconds(30)).until(() -> payloadsOn(topic).contains("warm"));
            Thread.sleep(1_500); // longer than the linger: the relay is quiet

            before = relay.runs();
            for (int i = 0; i < 4; i++) {
                commitAndKick(statement, topic, "row-" + i);
                Thread.sleep(100);
            }
        }
        await().atMost(Duration.ofSeconds(30))
                .until(() -> payloadsOn(topic).containsAll(List.of("row-0", "row-1", "row-2", "row-3")));
        assertEquals(
                List.of("warm", "row-0", "row-1", "row-2", "row-3"),
                payloadsOn(topic),
                "each row once, in the order committed");
        assertEquals(
                2,
                relay.runs() - before,
                "row-0 in a run of its own, the three rows committed while that run lingered in one more");
    }

    /** Writes an outbox row of a key of its own (a commit of its own), and asks for its slot to be relayed. */
    private void commitAndKick(Statement statement, String topic, String payload) throws Exception {
        String key = UUID.randomUUID().toString();
        statement.execute("INSERT INTO outbox (topic, record_key, slot, payload) VALUES ('" + topic + "', '" + key
                + "', " + Outbox.slot(key) + ", '" + payload + "')");
        relay.kickFor(key);
    }

    /**
     * The outbox's lag for the operators (tessera_outbox_pending, tessera_outbox_oldest_seconds; the alert on a
     * backlog older than 30 s): a row that cannot be relayed (another instance holds its slot) counts, with its age.
     */
    @Test
    void a_row_that_waits_is_counted_with_its_age() throws Exception {
        String topic = "relay-age-" + UUID.randomUUID();
        String key = UUID.randomUUID().toString();
        int slot = Outbox.slot(key);
        try (Connection db = TestInfrastructure.postgres().connect("tessera_game");
                Statement statement = db.createStatement()) {
            statement.execute("SELECT pg_advisory_lock(" + OutboxRelay.LOCK_NAMESPACE + ", " + slot + ")");
            statement.execute("INSERT INTO outbox (topic, record_key, slot, payload, created_at) VALUES ('" + topic
                    + "', '" + key + "', " + slot + ", 'aged', now() - interval '90 seconds')");
            OutboxRelay.Backlog backlog = relay.backlog().await().atMost(Duration.ofSeconds(10));
            org.junit.jupiter.api.Assertions.assertTrue(backlog.rows() >= 1, "the waiting row is counted");
            org.junit.jupiter.api.Assertions.assertTrue(
                    backlog.oldestMillis() >= 90_000, "its age, in milliseconds: " + backlog.oldestMillis());
            statement.execute("SELECT pg_advisory_unlock(" + OutboxRelay.LOCK_NAMESPACE + ", " + slot + ")");
        }
        relay.kickFor(key);
        await().atMost(Duration.ofSeconds(30))
                .until(() -> TestInfrastructure.postgres()
                                .count(
                                        "tessera_game",
                                        "SELECT count(*) FROM outbox WHERE record_key = '" + key
                                                + "' AND published_at IS NULL")
                        == 0);
    }

    /**
     * A key's rows after a row whose send failed never reach its partition before that row does: the relay's first
     * failed send closes its producer, so nothing queued after it goes out, and the next run sends the rows again
     * from the failed one on. Without that, Kafka's idempotent producer renumbers the sends after a failed one and
     * delivers them: a consumer would meet the key's later rows first. Here the failure is the broker's: a row
     * larger than its topic takes, between two rows of the same key (a topic of this test's own, one partition).
     */
    @Test
    void a_keys_rows_after_a_failed_send_never_reach_the_topic_before_it() throws Exception {
        String topic = "relay-order-" + UUID.randomUUID();
        try (Admin admin = Admin.create(
                Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfrastructure.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1).configs(Map.of("max.message.bytes", "20000"))))
                    .all()
                    .get(30, TimeUnit.SECONDS);
        }
        String key = UUID.randomUUID().toString();
        int slot = Outbox.slot(key);
        long failedBefore = relay.failedRuns();
        try (Connection db = TestInfrastructure.postgres().connect("tessera_game");
                Statement statement = db.createStatement()) {
            // Held while the rows are written, so that one run takes all three.
            statement.execute("SELECT pg_advisory_lock(" + OutboxRelay.LOCK_NAMESPACE + ", " + slot + ")");
            for (String payload : List.of("'first'", "repeat('x', 50000)", "'third'")) {
                statement.execute("INSERT INTO outbox (topic, record_key, slot, payload) VALUES ('" + topic + "', '"
                        + key + "', " + slot + ", " + payload + ")");
            }
            statement.execute("SELECT pg_advisory_unlock(" + OutboxRelay.LOCK_NAMESPACE + ", " + slot + ")");
            relay.kickFor(key);
            await().atMost(Duration.ofSeconds(30)).until(() -> relay.failedRuns() > failedBefore);
            // Runs go on failing (the safety net and the kicks retry): the third row must stay off the topic meanwhile.
            relay.kickFor(key);
            await().during(Duration.ofSeconds(2))
                    .atMost(Duration.ofSeconds(10))
                    .until(() -> payloadsOn(topic).stream().noneMatch("third"::equals));
            assertEquals(
                    List.of("first"),
                    payloadsOn(topic).stream().distinct().toList(),
                    "only the row before the failed one reached the topic (perhaps more than once)");
            assertEquals(
                    3,
                    TestInfrastructure.postgres()
                            .count(
                                    "tessera_game",
                                    "SELECT count(*) FROM outbox WHERE record_key = '" + key
                                            + "' AND published_at IS NULL"),
                    "the failed run's rows wait for the next run");
            statement.execute("DELETE FROM outbox WHERE record_key = '" + key + "' AND length(payload) > 20000");
        }
        relay.kickFor(key);
        await().atMost(Duration.ofSeconds(30)).until(() -> payloadsOn(topic).contains("third"));
        assertEquals(
                List.of("first", "third"),
                payloadsOn(topic).stream().distinct().toList(),
                "each row first reached the topic in the key's order");
    }

    private String startedBuildersGame() {
        String tableId = UUID.randomUUID().toString();
        String gameId = GameService.gameIdOf(tableId);
        send(Topics.LOBBY_EVENTS, tableId, 4, new TableStarted(tableId, "builders", List.of("ana", "bob"), Map.of()));
        await().atMost(Duration.ofSeconds(30)).until(() -> published(gameId, "tessera.game.GameStarted"));
        return gameId;
    }

    /** Plays the first legal move of whoever is to act at {@code version}; answers the game's version after it. */
    private static int move(String gameId, int version) {
        return LegalMoves.playFirst(gameId, version, "ana", "bob");
    }

    private List<Long> versionsOnKafka(String gameId) {
        return TestKafka.readAll(TestInfrastructure.bootstrapServers(), Topics.GAME_EVENTS).stream()
                .filter(r -> gameId.equals(r.key()))
                .map(r -> codec.readEnvelope(r.value()).streamversion())
                .toList();
    }

    /**
     * game-service keeps no published row (tessera.outbox.retention PT0S: its events table is the record): the run
     * that publishes a row deletes it, and commits once Kafka has acknowledged it, a moment after a consumer may
     * already have read it.
     */
    private static void assertNoOutboxRowOf(String key) {
        await().atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertEquals(
                        0,
                        TestInfrastructure.postgres()
                                .count("tessera_game", "SELECT count(*) FROM outbox WHERE record_key = '" + key + "'"),
                        "every outbox row of the game is deleted once published"));
    }
}
