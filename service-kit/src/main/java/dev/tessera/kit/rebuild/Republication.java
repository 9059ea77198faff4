package dev.tessera.kit.rebuild;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.kit.eventing.EventStore;
import dev.tessera.kit.eventing.OutboxRelay;
import dev.tessera.kit.eventing.StoredEvent;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * What a service does, before it starts, after Kafka lost its data (every broker's data folder gone: docs/adr/0009):
 * its database still holds everything it wrote, the topics hold nothing. With the service stopped and the topics
 * created again:
 * <ol>
 *   <li>the replay marks are forgotten: they are offsets in topics that are gone, and a record of the new topics
 *       below one would be taken for a replay and publish nothing;</li>
 *   <li>a service with an event store ({@code storeTopic}) publishes every stored event again, stream by stream and
 *       in version order, as the envelope it was published as (its id, time and move; not {@code toact}, which is
 *       not stored), and its outbox rows for that topic not yet published are taken as published, since the events
 *       went out with the others;</li>
 *   <li>a service whose results are made from other services' events ({@code anew}: scoring-service) rebuilds its
 *       read model anew ({@link ProjectionRebuild#runAnew}): its replay of the republished events publishes every
 *       result again, with new event ids, which its consumers recognise by content;</li>
 *   <li>a service with neither (lobby-service, whose table events live only in its outbox) has the outbox rows it
 *       still keeps (an hour's: {@code tessera.outbox.retention}) published again by its relay when it starts; what
 *       was older is gone, and nothing of Tessera's read models is made from it.</li>
 * </ol>
 * Consumers' offsets are gone with the rest: every group reads the new topics from the start and skips, by event id,
 * what it applied before. Run again after an interruption, it publishes again: consumers skip the repeats.
 *
 * @param service    the service (its consumer group)
 * @param databaseEnv the environment variable naming its database
 * @param database   the database when that variable is unset
 * @param storeTopic the topic its event store's events go to, or null when it keeps none
 * @param anew       its read model, rebuilt anew, or null
 */
public record Republication(String service, String databaseEnv, String database, String storeTopic, Projection anew) {

    /** What was done, for the operator. */
    public record Report(
            long eventsPublished,
            long pendingTaken,
            long outboxAgain,
            long marksForgotten,
            Map<String, Long> rebuilt) {}

    /** The events are read and sent this many at a time, and the database's cursor fetches as many. */
    static final int BATCH = 2_000;

    /**
     * Runs it against the database and brokers {@code env} names (TESSERA_DB_HOST, TESSERA_DB_PORT, TESSERA_DB_USER,
     * TESSERA_DB_PASSWORD, the service's database variable, TESSERA_KAFKA), the service stopped ({@link
     * #requireStopped}: {@link #main} asks first).
     */
    public Report run(Map<String, String> env) throws Exception {
        Map<String, Long> rebuilt = anew == null
                ? Map.of()
                : new ProjectionRebuild(anew, env).runAnew().rowsRemoved();
        try (Connection db = DriverManager.getConnection(
                ProjectionRebuild.jdbcUrl(env, databaseEnv, database), ProjectionRebuild.jdbcProperties(env))) {
            db.setAutoCommit(false);
            // One snapshot for the events read and the outbox rows taken as published with them.
            db.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            try {
                long marks = update(db, "DELETE FROM replay_marks", null);
                long published = 0;
                long pending = 0;
                long again = 0;
                if (storeTopic != null) {
                    // Everything a service with an event store publishes comes from its store.
                    published = publishStore(db, bootstrap(env));
                    pending = update(
                            db,
                            "UPDATE outbox SET published_at = now() WHERE published_at IS NULL AND topic = ?",
                            storeTopic);
                } else if (anew == null) {
                    again = update(db, "UPDATE outbox SET published_at = NULL WHERE published_at IS NOT NULL", null);
                }
                db.commit();
                return new Report(published, pending, again, marks, rebuilt);
            } catch (Exception e) {
                db.rollback();
                throw e;
            }
        }
    }

    /** Fails with {@link IllegalStateException} while the service's consumers run (its consumer group has members). */
    public void requireStopped(Map<String, String> env) throws InterruptedException, ExecutionException {
        try (Admin kafka = ProjectionRebuild.admin(bootstrap(env))) {
            ProjectionRebuild.requireStopped(kafka, service);
        }
    }

    private static String bootstrap(Map<String, String> env) {
        return env.getOrDefault("TESSERA_KAFKA", "localhost:9092");
    }

    private static long update(Connection db, String sql, String parameter) throws SQLException {
        try (PreparedStatement statement = db.prepareStatement(sql)) {
            if (parameter != null) {
                statement.setString(1, parameter);
            }
            return statement.executeUpdate();
        }
    }

    /** Every stored event, in stream and version order, sent and acknowledged by every in-sync replica. */
    private long publishStore(Connection db, String bootstrap)
            throws SQLException, InterruptedException, ExecutionException, TimeoutException {
        EventCodec codec = new EventCodec();
        ObjectMapper mapper = codec.mapper();
        String source = "/tessera/" + service;
        long sent = 0;
        try (KafkaProducer<String, String> producer = producer(bootstrap);
                PreparedStatement select = db.prepareStatement("SELECT stream_id, " + EventStore.COLUMNS
                        + ", metadata::text FROM events ORDER BY stream_id, version")) {
            select.setFetchSize(BATCH);
            List<Future<RecordMetadata>> inFlight = new ArrayList<>();
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    StoredEvent stored = new StoredEvent(
                            rows.getString(1),
                            rows.getLong(2),
                            rows.getString(3),
                            rows.getString(4),
                            rows.getInt(5),
                            EventStore.tree(mapper, rows.getString(6)),
                            rows.getObject(7, OffsetDateTime.class).withOffsetSameInstant(ZoneOffset.UTC));
                    String metadata = rows.getString(8);
                    CloudEvent envelope = EventStore.withMove(
                            mapper,
                            EventStore.envelope(source, stored),
                            metadata == null ? null : EventStore.tree(mapper, metadata));
                    inFlight.add(producer.send(
                            OutboxRelay.record(storeTopic, stored.streamId(), codec.write(envelope), stored.type())));
                    if (inFlight.size() >= BATCH) {
                        sent += acknowledged(inFlight);
                    }
                }
            }
            producer.flush();
            sent += acknowledged(inFlight);
        }
        return sent;
    }

    private static long acknowledged(List<Future<RecordMetadata>> inFlight)
            throws InterruptedException, ExecutionException, TimeoutException {
        for (Future<RecordMetadata> sent : inFlight) {
            sent.get(60, TimeUnit.SECONDS);
        }
        long n = inFlight.size();
        inFlight.clear();
        return n;
    }

    private static KafkaProducer<String, String> producer(String bootstrap) {
        return new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrap,
                        ProducerConfig.ACKS_CONFIG,
                        "all",
                        // In order per stream, never twice within this run.
                        ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                        true,
                        // And no later batch of a partition on the topic before an earlier one, should this run
                        // fail: one batch per partition in flight. With more, a partition's leader changing during
                        // the run could take a later batch alone (a broker accepts the first batch of a producer it
                        // has never seen whatever its sequence), as it did to the outbox relay (OutboxRelay's class
                        // comment); a run that then failed would leave that batch ahead of the ones before it.
                        ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION,
                        1,
                        ProducerConfig.LINGER_MS_CONFIG,
                        20,
                        ProducerConfig.BATCH_SIZE_CONFIG,
                        262_144,
                        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG,
                        120_000,
                        ProducerConfig.CLIENT_ID_CONFIG,
                        "tessera-republication"),
                new StringSerializer(),
                new StringSerializer());
    }

    /** The command-line entry each service's own {@code Republish} main calls. */
    public static void main(Republication republication) {
        try {
            republication.requireStopped(System.getenv());
            Report report = republication.run(System.getenv());
            Map<String, Long> said = new LinkedHashMap<>();
            said.put("stored events published again", report.eventsPublished());
            said.put("outbox rows to publish taken as published with them", report.pendingTaken());
            said.put("outbox rows kept, to be published again", report.outboxAgain());
            said.put("replay marks forgotten", report.marksForgotten());
            System.out.println(republication.service() + " after Kafka's loss: " + said
                    + (report.rebuilt().isEmpty()
                            ? ""
                            : "; read model emptied, rebuilt anew at start " + report.rebuilt()));
        } catch (IllegalStateException e) {
            System.err.println("republication refused: " + e.getMessage());
            System.exit(2);
        } catch (Exception e) {
            System.err.println("republication failed: " + e);
            System.exit(1);
        }
    }
}
