package dev.tessera.kit.rebuild;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.infra.LocalPostgres;
import dev.tessera.infra.TestInfrastructure;
import dev.tessera.infra.TestKafka;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * What each service does after Kafka lost its data (ADR 0009), against a real PostgreSQL and broker, each case in a
 * database of its own with the event tables every service has (service-kit's migrations).
 */
class RepublicationTest {
    private static final LocalPostgres POSTGRES = TestInfrastructure.postgres();
    private final EventCodec codec = new EventCodec();

    @Test
    void an_event_store_goes_out_again_whole_in_each_streams_order_and_its_waiting_rows_with_it() throws Exception {
        String db = database("republication_store");
        String topic = topic();
        String[] ids = new String[5];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = UUID.randomUUID().toString();
        }
        // Two games' events, written interleaved; the first move's seat and move in its batch metadata.
        sql(
                db,
                "INSERT INTO events (stream_id, version, event_id, type, schema_version, payload, recorded_at, metadata) VALUES"
                        + " ('game-b', 1, '" + ids[0] + "', 'tessera.game.GameStarted', 3, '{\"gameId\":\"game-b\"}',"
                        + " '2026-12-04T10:00:00.123456Z', '{}'),"
                        + " ('game-a', 1, '" + ids[1] + "', 'tessera.game.GameStarted', 3, '{\"gameId\":\"game-a\"}',"
                        + " '2026-12-04T10:00:01Z', '{}'),"
                        + " ('game-b', 2, '" + ids[2] + "', 'tessera.builders.TurnEnded', 1, '{\"player\":\"bob\"}',"
                        + " '2026-12-04T10:00:02Z', '{\"batch\":2,\"by\":\"bob\",\"move\":\"{\\\"type\\\":\\\"end-turn\\\"}\"}'),"
                        + " ('game-a', 2, '" + ids[3] + "', 'tessera.builders.TurnEnded', 1, '{\"player\":\"ana\"}',"
                        + " '2026-12-04T10:00:03Z', '{}'),"
                        + " ('game-b', 3, '" + ids[4] + "', 'tessera.builders.TurnEnded', 1, '{\"player\":\"cyd\"}',"
                        + " '2026-12-04T10:00:04Z', '{}')",
                // game-b's last event not published yet; an old row published; a row for another topic waiting.
                "INSERT INTO outbox (topic, record_key, slot, payload, published_at) VALUES ('" + topic
                        + "', 'game-b', 0, 'v3', NULL), ('" + topic + "', 'game-a', 0, 'v1', now()),"
                        + " ('elsewhere', 'k', 0, 'x', NULL)",
                "INSERT INTO replay_marks VALUES ('" + topic + "', 0, 1000)");

        Republication.Report report =
                new Republication("republication-test", "NO_SUCH_VARIABLE", db, topic, null).run(env());

        assertEquals(5, report.eventsPublished());
        assertEquals(1, report.pendingTaken(), "game-b's waiting row went out with the store");
        assertEquals(1, report.marksForgotten());
        List<ConsumerRecord<String, String>> records = TestKafka.readAll(TestInfrastructure.bootstrapServers(), topic);
        assertEquals(List.of(1L, 2L, 3L), versions(records, "game-b"));
        assertEquals(List.of(1L, 2L), versions(records, "game-a"));
        CloudEvent first = envelope(records, "game-b", 1);
        assertEquals(ids[0], first.id());
        assertEquals("/tessera/republication-test", first.source());
        assertEquals(OffsetDateTime.of(2026, 12, 4, 10, 0, 0, 123_456_000, ZoneOffset.UTC), first.time());
        assertEquals("https://tessera.dev/schemas/events/tessera.game.GameStarted/v3.json", first.dataschema());
        assertNull(first.move());
        CloudEvent move = envelope(records, "game-b", 2);
        assertEquals("bob", move.movedby());
        assertEquals("{\"type\":\"end-turn\"}", move.move());
        assertEquals(
                "tessera.builders.TurnEnded",
                new String(
                        records.get(records.size() - 1)
                                .headers()
                                .lastHeader(CloudEvent.TYPE_HEADER)
                                .value(),
                        StandardCharsets.UTF_8));
        assertEquals(
                0,
                POSTGRES.count(
                        db, "SELECT count(*) FROM outbox WHERE topic = '" + topic + "' AND published_at IS NULL"));
        assertEquals(
                1,
                POSTGRES.count(db, "SELECT count(*) FROM outbox WHERE topic = 'elsewhere' AND published_at IS NULL"));
        assertEquals(0, POSTGRES.count(db, "SELECT count(*) FROM replay_marks"));
    }

    @Test
    void a_service_without_a_store_has_the_rows_its_outbox_kept_published_again() throws Exception {
        String db = database("republication_outbox");
        sql(
                db,
                "INSERT INTO outbox (topic, record_key, slot, payload, published_at) VALUES"
                        + " ('lobby-events', 't1', 0, 'a', now() - interval '50 minutes'), ('lobby-events', 't1', 0, 'b', now()),"
                        + " ('lobby-events', 't2', 0, 'c', NULL)");

        Republication.Report report =
                new Republication("republication-test", "NO_SUCH_VARIABLE", db, null, null).run(env());

        assertEquals(0, report.eventsPublished());
        assertEquals(2, report.outboxAgain());
        assertEquals(3, POSTGRES.count(db, "SELECT count(*) FROM outbox WHERE published_at IS NULL"));
    }

    @Test
    void a_read_model_rebuilt_anew_forgets_what_it_published_and_replays_from_the_start() throws Exception {
        String db = database("republication_anew");
        String topic = topic();
        TestKafka.produce(TestInfrastructure.bootstrapServers(), topic, "k", "one");
        sql(
                db,
                "CREATE TABLE read_model (id TEXT PRIMARY KEY)",
                "INSERT INTO read_model VALUES ('a'), ('b')",
                "INSERT INTO processed_events (consumer, event_id) VALUES ('anew.games', 'e1'), ('anew.other', 'e2')",
                "INSERT INTO outbox (topic, record_key, slot, payload, published_at) VALUES ('results', 'g', 0, 'r1', now()),"
                        + " ('results', 'g', 0, 'r2', NULL)",
                "INSERT INTO replay_marks VALUES ('" + topic + "', 0, 1000)");
        Projection projection = new Projection(
                "republication-anew",
                "NO_SUCH_VARIABLE",
                db,
                List.of(topic),
                List.of("anew.games"),
                List.of("read_model"));

        Republication.Report report =
                new Republication("republication-anew", "NO_SUCH_VARIABLE", db, null, projection).run(env());

        assertEquals(2L, report.rebuilt().get("read_model"));
        assertEquals(0, POSTGRES.count(db, "SELECT count(*) FROM read_model"));
        assertEquals(0, POSTGRES.count(db, "SELECT count(*) FROM outbox"), "every result is made again by the replay");
        assertEquals(0, POSTGRES.count(db, "SELECT count(*) FROM replay_marks"), "so the replay publishes them");
        assertEquals(
                1,
                POSTGRES.count(db, "SELECT count(*) FROM processed_events"),
                "only the read model's own are forgotten");
        try (Admin admin = Admin.create(
                Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfrastructure.bootstrapServers()))) {
            Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets("republication-anew")
                    .partitionsToOffsetAndMetadata()
                    .get(30, TimeUnit.SECONDS);
            assertEquals(
                    0L, offsets.get(new TopicPartition(topic, 0)).offset(), "the group starts at the topic's start");
        }
    }

    private List<Long> versions(List<ConsumerRecord<String, String>> records, String key) {
        List<Long> versions = new ArrayList<>();
        records.stream()
                .filter(r -> key.equals(r.key()))
                .forEach(r -> versions.add(codec.readEnvelope(r.value()).streamversion()));
        return versions;
    }

    private CloudEvent envelope(List<ConsumerRecord<String, String>> records, String key, long version) {
        return records.stream()
                .filter(r -> key.equals(r.key()))
                .map(r -> codec.readEnvelope(r.value()))
                .filter(e -> e.streamversion() == version)
                .findFirst()
                .orElseThrow();
    }

    private static Map<String, String> env() {
        return Map.of(
                "TESSERA_DB_HOST",
                "localhost",
                "TESSERA_DB_PORT",
                String.valueOf(POSTGRES.port()),
                "TESSERA_DB_USER",
                LocalPostgres.USER,
                "TESSERA_KAFKA",
                TestInfrastructure.bootstrapServers());
    }

    /** A topic of the test's own, of one partition. */
    private static String topic() throws Exception {
        String topic = "republication-" + UUID.randomUUID();
        try (Admin admin = Admin.create(
                Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfrastructure.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get(30, TimeUnit.SECONDS);
        }
        return topic;
    }

    /** A new database with service-kit's event tables, as the migrations make them. */
    private static String database(String name) throws Exception {
        POSTGRES.createDatabases(List.of(name));
        for (String migration :
                List.of("V0_1__eventing.sql", "V0_2__replay_marks.sql", "V0_3__no_statistics_on_payloads.sql")) {
            sql(name, resource("db/eventing/" + migration));
        }
        return name;
    }

    private static void sql(String db, String... statements) throws Exception {
        try (Connection connection = POSTGRES.connect(db);
                Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }

    private static String resource(String path) throws IOException {
        try (InputStream in = RepublicationTest.class.getClassLoader().getResourceAsStream(path)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
