package dev.tessera.scoring.stats;

import dev.tessera.events.EventCodec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.errors.GroupNotEmptyException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;

/**
 * Wipes the statistics so that scoring-service rebuilds them from the start of {@code game-events} and
 * {@code scoring-events} when it next starts; run it with scoring-service stopped (it refuses while the
 * Kafka Streams application has members). What Kafka's {@code kafka-streams-application-reset} does,
 * plus the local state:
 * <ol>
 *   <li>deletes the application's internal topics (its {@code -changelog} and {@code -repartition} topics, and the
 *       foreign-key join's {@code -subscription-registration-topic} and {@code -subscription-response-topic});</li>
 *   <li>deletes its consumer group, so that its committed offsets are gone and it starts from the earliest;</li>
 *   <li>deletes this machine's state directory of the application ({@link KafkaStreams#cleanUp()}).</li>
 * </ol>
 * Each step only removes, so a reset interrupted anywhere is finished by running it again. Settings come
 * from the service's environment variables: TESSERA_KAFKA, SCORING_STATS_APPLICATION_ID,
 * SCORING_STATS_STATE_DIR (or SCORING_PORT, which the default state directory's name contains);
 * SCORING_STATS_RESET_WAIT (default PT30S) is how long it waits for a just-stopped instance to leave the group.
 */
public final class StatsReset {
    public static final String DEFAULT_APPLICATION_ID = "scoring-stats";

    private final String bootstrapServers;
    private final String applicationId;
    private final Path stateDir;
    private final Duration memberWait;

    public StatsReset(Map<String, String> env) {
        this.memberWait = Duration.parse(env.getOrDefault("SCORING_STATS_RESET_WAIT", "PT30S"));
        this.bootstrapServers = env.getOrDefault("TESSERA_KAFKA", "localhost:9092");
        this.applicationId = env.getOrDefault("SCORING_STATS_APPLICATION_ID", DEFAULT_APPLICATION_ID);
        this.stateDir = Path.of(
                env.getOrDefault("SCORING_STATS_STATE_DIR", defaultStateDir(env.getOrDefault("SCORING_PORT", "8083"))));
    }

    /** The state directory when SCORING_STATS_STATE_DIR is not set (as in application.properties). */
    public static String defaultStateDir(String port) {
        return Path.of(System.getProperty("java.io.tmpdir"), "tessera-scoring-stats-" + port)
                .toString();
    }

    /** What a reset removed. */
    public record Report(List<String> topicsDeleted, boolean groupDeleted, Path stateDirectory) {}

    /** Fails with {@link IllegalStateException}, changing nothing, while the application runs. */
    public Report run() throws InterruptedException, ExecutionException, TimeoutException {
        Properties adminConfig = new Properties();
        adminConfig.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        adminConfig.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 15_000);
        adminConfig.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 20_000);
        try (Admin admin = Admin.create(adminConfig)) {
            requireStopped(admin);
            List<String> internal = admin.listTopics().names().get(20, TimeUnit.SECONDS).stream()
                    .filter(t -> t.startsWith(applicationId + "-") && internal(t))
                    .sorted()
                    .toList();
            if (!internal.isEmpty()) {
                try {
                    admin.deleteTopics(internal).all().get(30, TimeUnit.SECONDS);
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                        throw e;
                    }
                }
                awaitDeleted(admin, internal);
            }
            boolean groupDeleted = deleteGroup(admin);
            cleanUpLocalState();
            return new Report(internal, groupDeleted, stateDir.resolve(applicationId));
        }
    }

    /** The suffixes of Kafka Streams' internal topics, as Kafka's own reset tool knows them. */
    static boolean internal(String topic) {
        return topic.endsWith("-changelog")
                || topic.endsWith("-repartition")
                || topic.endsWith("-subscription-registration-topic")
                || topic.endsWith("-subscription-response-topic");
    }

    /**
     * Kafka Streams does not leave its group when it closes: a stopped instance stays a member until its
     * session times out (10 s), so the group is given {@code memberWait} to empty.
     */
    private void requireStopped(Admin admin) throws InterruptedException, ExecutionException, TimeoutException {
        long deadline = System.nanoTime() + memberWait.toNanos();
        while (true) {
            int members;
            try {
                ConsumerGroupDescription group = admin.describeConsumerGroups(List.of(applicationId))
                        .describedGroups()
                        .get(applicationId)
                        .get(20, TimeUnit.SECONDS);
                members = group.members().size();
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof GroupIdNotFoundException)) {
                    throw e;
                }
                members = 0;
            }
            if (members == 0) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("Kafka Streams application " + applicationId + " still has " + members
                        + " active member(s) after " + memberWait.toSeconds() + " s: stop scoring-service first");
            }
            Thread.sleep(500);
        }
    }

    private boolean deleteGroup(Admin admin) throws InterruptedException, ExecutionException, TimeoutException {
        try {
            admin.deleteConsumerGroups(List.of(applicationId)).all().get(20, TimeUnit.SECONDS);
            return true;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof GroupIdNotFoundException) {
                return false;
            }
            if (e.getCause() instanceof GroupNotEmptyException) {
                throw new IllegalStateException(
                        "Kafka Streams application " + applicationId + " started again during the reset", e);
            }
            throw e;
        }
    }

    /** A new topic of the same name cannot be created while the old one is still being deleted. */
    private static void awaitDeleted(Admin admin, List<String> topics)
            throws InterruptedException, ExecutionException, TimeoutException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (admin.listTopics().names().get(20, TimeUnit.SECONDS).stream().anyMatch(topics::contains)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the internal topics were not deleted within 60 s: " + topics);
            }
            Thread.sleep(200);
        }
    }

    /** KafkaStreams#cleanUp on an instance that never starts: deletes this application's directory under the state directory. */
    private void cleanUpLocalState() {
        if (!Files.isDirectory(stateDir.resolve(applicationId))) {
            return;
        }
        Properties config = new Properties();
        config.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId);
        config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        try (KafkaStreams streams = new KafkaStreams(StatsTopology.build(new EventCodec()), config)) {
            streams.cleanUp();
        }
    }

    public static void main(String[] args) throws Exception {
        Report report = new StatsReset(System.getenv()).run();
        System.out.println("statistics reset: deleted topics " + report.topicsDeleted() + ", consumer group "
                + (report.groupDeleted() ? "deleted" : "absent") + ", local state " + report.stateDirectory()
                + " removed; start scoring-service to rebuild them from the topics");
    }
}
