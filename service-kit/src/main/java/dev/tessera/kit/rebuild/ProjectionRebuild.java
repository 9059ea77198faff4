package dev.tessera.kit.rebuild;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.GroupIdNotFoundException;

/**
 * Rebuilds a service's read model from its topics, with the service stopped (Kafka resets a group's
 * offsets only while it has no member):
 * <ol>
 *   <li>records, per partition, the offset the group had committed ({@code replay_marks}): what lies below
 *       it was applied before, so its replay rebuilds state without publishing anything again
 *       ({@link dev.tessera.kit.eventing.IdempotentConsumer});</li>
 *   <li>moves the group back to the earliest offsets of the projection's topics;</li>
 *   <li>empties the read model's tables and forgets the projection's processed events, in one transaction.</li>
 * </ol>
 * The order makes every interruption safe: stopped after (1) nothing changed; after (2) the service
 * replays, finds every event processed already and skips it; (3) is atomic. Started again, the service
 * reads the topics from the start and rebuilds. Connection settings come from the same environment
 * variables as the service's (TESSERA_DB_HOST, TESSERA_DB_PORT, TESSERA_DB_USER, TESSERA_DB_PASSWORD,
 * the service's database variable, TESSERA_KAFKA).
 */
public final class ProjectionRebuild {
    private final Projection projection;
    private final String jdbcUrl;
    private final Properties jdbcProperties;
    private final String bootstrapServers;

    public ProjectionRebuild(Projection projection, Map<String, String> env) {
        this.projection = projection;
        this.jdbcUrl = jdbcUrl(env, projection.databaseEnv(), projection.database());
        this.jdbcProperties = jdbcProperties(env);
        this.bootstrapServers = env.getOrDefault("TESSERA_KAFKA", "localhost:9092");
    }

    /** The service's database, as its environment names it (its own variable, else {@code database}). */
    static String jdbcUrl(Map<String, String> env, String databaseEnv, String database) {
        return "jdbc:postgresql://" + env.getOrDefault("TESSERA_DB_HOST", "localhost") + ":"
                + env.getOrDefault("TESSERA_DB_PORT", "5432") + "/" + env.getOrDefault(databaseEnv, database);
    }

    static Properties jdbcProperties(Map<String, String> env) {
        Properties properties = new Properties();
        properties.setProperty("user", env.getOrDefault("TESSERA_DB_USER", "postgres"));
        properties.setProperty("password", env.getOrDefault("TESSERA_DB_PASSWORD", ""));
        return properties;
    }

    /** What a rebuild did, for the operator. */
    public record Report(Map<TopicPartition, Long> marks, Map<String, Long> rowsRemoved) {}

    /** Fails with {@link IllegalStateException} (and changes nothing) while the service's consumers run. */
    public Report run() throws SQLException, InterruptedException, ExecutionException {
        try (Admin kafka = admin();
                Connection db = DriverManager.getConnection(jdbcUrl, jdbcProperties)) {
            requireStopped(kafka);
            Map<TopicPartition, Long> marks = recordMarks(kafka, db);
            resetToEarliest(kafka);
            Map<String, Long> removed = wipe(db, List.of());
            return new Report(marks, removed);
        }
    }

    /**
     * A rebuild after Kafka lost its data ({@link Republication}): the read model is emptied and its group set at the
     * start of the topics as by {@link #run}, but nothing it had published is taken as published. The replay marks
     * (offsets in topics that are gone) and the outbox (its rows, published or not, are made again by the replay) are
     * emptied in the same transaction, so the replay publishes everything the read model's events cause, anew.
     */
    public Report runAnew() throws SQLException, InterruptedException, ExecutionException {
        try (Admin kafka = admin();
                Connection db = DriverManager.getConnection(jdbcUrl, jdbcProperties)) {
            requireStopped(kafka);
            resetToEarliest(kafka);
            return new Report(Map.of(), wipe(db, List.of("replay_marks", "outbox")));
        }
    }

    private Admin admin() {
        return admin(bootstrapServers);
    }

    static Admin admin(String bootstrapServers) {
        Properties admin = new Properties();
        admin.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        admin.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 15_000);
        admin.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 20_000);
        return Admin.create(admin);
    }

    private void requireStopped(Admin kafka) throws InterruptedException, ExecutionException {
        requireStopped(kafka, projection.service());
    }

    /** Fails with {@link IllegalStateException} while {@code service}'s consumer group (its name) has members. */
    static void requireStopped(Admin kafka, String service) throws InterruptedException, ExecutionException {
        try {
            ConsumerGroupDescription group = kafka.describeConsumerGroups(List.of(service))
                    .describedGroups()
                    .get(service)
                    .get(20, TimeUnit.SECONDS);
            if (!group.members().isEmpty()) {
                throw new IllegalStateException("consumer group " + service + " has "
                        + group.members().size() + " active member(s): stop " + service
                        + " first (./tessera does it for you)");
            }
        } catch (java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("Kafka did not answer", e);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof GroupIdNotFoundException)) {
                throw e;
            }
        }
    }

    /** Marks each partition at the group's committed offset, never below an earlier rebuild's unfinished mark. */
    private Map<TopicPartition, Long> recordMarks(Admin kafka, Connection db)
            throws SQLException, InterruptedException, ExecutionException {
        Map<TopicPartition, OffsetAndMetadata> committed = kafka.listConsumerGroupOffsets(projection.group())
                .partitionsToOffsetAndMetadata()
                .get();
        Map<TopicPartition, Long> marks = new HashMap<>();
        committed.forEach((tp, offset) -> {
            if (offset != null && projection.topics().contains(tp.topic())) {
                marks.put(tp, offset.offset());
            }
        });
        db.setAutoCommit(false);
        try (PreparedStatement upsert = db.prepareStatement("""
                INSERT INTO replay_marks (topic, partition_no, until_offset) VALUES (?, ?, ?)
                ON CONFLICT (topic, partition_no) DO UPDATE SET until_offset = GREATEST(replay_marks.until_offset, EXCLUDED.until_offset)
                """)) {
            for (Map.Entry<TopicPartition, Long> mark : marks.entrySet()) {
                upsert.setString(1, mark.getKey().topic());
                upsert.setInt(2, mark.getKey().partition());
                upsert.setLong(3, mark.getValue());
                upsert.addBatch();
            }
            upsert.executeBatch();
            db.commit();
        } catch (SQLException e) {
            db.rollback();
            throw e;
        }
        return marks;
    }

    private void resetToEarliest(Admin kafka) throws InterruptedException, ExecutionException {
        Map<String, TopicDescription> topics =
                kafka.describeTopics(projection.topics()).allTopicNames().get();
        Map<TopicPartition, OffsetSpec> earliest = new HashMap<>();
        topics.values()
                .forEach(t -> t.partitions()
                        .forEach(
                                p -> earliest.put(new TopicPartition(t.name(), p.partition()), OffsetSpec.earliest())));
        Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> offsets =
                kafka.listOffsets(earliest).all().get();
        Map<TopicPartition, OffsetAndMetadata> reset = new HashMap<>();
        offsets.forEach((tp, info) -> reset.put(tp, new OffsetAndMetadata(info.offset(), "projection rebuild")));
        kafka.alterConsumerGroupOffsets(projection.group(), reset).all().get();
    }

    /** Empties the read model's tables, forgets its processed events, and empties {@code more}: in one transaction. */
    private Map<String, Long> wipe(Connection db, List<String> more) throws SQLException {
        Map<String, Long> removed = new java.util.LinkedHashMap<>();
        db.setAutoCommit(false);
        try (Statement statement = db.createStatement();
                PreparedStatement forget = db.prepareStatement("DELETE FROM processed_events WHERE consumer = ?")) {
            for (String table : java.util.stream.Stream.concat(projection.tables().stream(), more.stream())
                    .toList()) {
                removed.put(table, (long) statement.executeUpdate("DELETE FROM " + table));
            }
            for (String consumer : projection.consumers()) {
                forget.setString(1, consumer);
                removed.put("processed_events[" + consumer + "]", (long) forget.executeUpdate());
            }
            db.commit();
        } catch (SQLException e) {
            db.rollback();
            throw e;
        }
        return removed;
    }

    /** The command-line entry each service's own {@code Rebuild} main calls. */
    public static void main(Projection projection) {
        try {
            Report report = new ProjectionRebuild(projection, System.getenv()).run();
            System.out.println(projection.service() + ": read model emptied " + report.rowsRemoved());
            System.out.println(
                    projection.service() + ": replay marks (records below are not published again) " + report.marks());
            System.out.println(projection.service() + ": consumer group " + projection.group()
                    + " reset to the earliest offsets of " + projection.topics() + "; start the service to rebuild");
        } catch (IllegalStateException e) {
            System.err.println("rebuild refused: " + e.getMessage());
            System.exit(2);
        } catch (Exception e) {
            System.err.println("rebuild failed: " + e);
            System.exit(1);
        }
    }
}
