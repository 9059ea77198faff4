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
    private final Properties jdbcProperties = new Properties();
    private final String bootstrapServers;

    public ProjectionRebuild(Projection projection, Map<String, String> env) {
        this.projection = projection;
        this.jdbcUrl = "jdbc:postgresql://" + env.getOrDefault("TESSERA_DB_HOST", "localhost") + ":"
                + env.getOrDefault("TESSERA_DB_PORT", "5432") + "/"
                + env.getOrDefault(projection.databaseEnv(), projection.database());
        jdbcProperties.setProperty("user", env.getOrDefault("TESSERA_DB_USER", "postgres"));
        jdbcProperties.setProperty("password", env.getOrDefault("TESSERA_DB_PASSWORD", ""));
        this.bootstrapServers = env.getOrDefault("TESSERA_KAFKA", "localhost:9092");
    }

    /** What a rebuild did, for the operator. */
    public record Report(Map<TopicPartition, Long> marks, Map<String, Long> rowsRemoved) {}

    /** Fails with {@link IllegalStateException} (and changes nothing) while the service's consumers run. */
    public Report run() throws SQLException, InterruptedException, ExecutionException {
        Properties admin = new Properties();
        admin.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        admin.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 15_000);
        admin.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 20_000);
        try (Admin kafka = Admin.create(admin);
                Connection db = DriverManager.getConnection(jdbcUrl, jdbcProperties)) {
            requireStopped(kafka);
            Map<TopicPartition, Long> marks = recordMarks(kafka, db);
            resetToEarliest(kafka);
            Map<String, Long> removed = wipe(db);
            return new Report(marks, removed);
        }
    }

    private void requireStopped(Admin kafka) throws InterruptedException, ExecutionException {
        try {
            ConsumerGroupDescription group = kafka.describeConsumerGroups(List.of(projection.group()))
                    .describedGroups()
                    .get(projection.group())
                    .get(20, TimeUnit.SECONDS);
            if (!group.members().isEmpty()) {
                throw new IllegalStateException("consumer group " + projection.group() + " has "
                        + group.members().size() + " active member(s): stop " + projection.service()
                        + " first (./tessera rebuild does it for you)");
            }
        } catch (java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("Kafka at " + bootstrapServers + " did not answer", e);
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

    private Map<String, Long> wipe(Connection db) throws SQLException {
        Map<String, Long> removed = new java.util.LinkedHashMap<>();
        db.setAutoCommit(false);
        try (Statement statement = db.createStatement();
                PreparedStatement forget = db.prepareStatement("DELETE FROM processed_events WHERE consumer = ?")) {
            for (String table : projection.tables()) {
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
