package dev.tessera.scoring.stats;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.bench.chaos.ExpectedStatistics;
import dev.tessera.events.EventCodec;
import dev.tessera.infra.TestInfrastructure;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The statistics' life on the real broker, with the service's topology and reset tool but an application
 * of its own (so that it runs beside the Quarkus application of the other tests): they catch up after a
 * restart with the events published meanwhile, and after a wipe (StatsReset: internal topics, consumer
 * group, local state) they are rebuilt from the topics to the same numbers.
 */
class StatsRebuildTest {
    private static final List<String> TITLES = List.of("alhambra", "carrara", "builders");

    private final String bootstrap = TestInfrastructure.bootstrapServers();
    private final String applicationId =
            "stats-rebuild-test-" + UUID.randomUUID().toString().substring(0, 8);
    private final Path stateDir = Path.of("target", "stats-rebuild-test", applicationId);
    private KafkaStreams streams;

    @AfterEach
    void close() throws Exception {
        if (streams != null) {
            streams.close(Duration.ofSeconds(30));
        }
        if (Files.exists(stateDir)) {
            try (Stream<Path> paths = Files.walk(stateDir)) {
                for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    @Test
    void the_statistics_catch_up_after_a_restart_and_are_rebuilt_to_the_same_numbers_after_a_wipe() throws Exception {
        GameFixtures fixtures = new GameFixtures(7);
        GameFixtures.publish(
                bootstrap,
                List.of(
                        fixtures.alhambra(2, true, false, true),
                        fixtures.alhambra(3, false, false, true),
                        fixtures.sandbox(f -> f.alhambra(2, true, false, true)),
                        fixtures.carrara(3, true, false),
                        fixtures.builders(4, true)));
        start();
        awaitDirectNumbers();
        Map<String, String> env = Map.of(
                "TESSERA_KAFKA",
                bootstrap,
                "SCORING_STATS_APPLICATION_ID",
                applicationId,
                "SCORING_STATS_STATE_DIR",
                stateDir.toString());
        Map<String, String> impatient = new java.util.HashMap<>(env);
        impatient.put("SCORING_STATS_RESET_WAIT", "PT1S");
        IllegalStateException refused =
                assertThrows(IllegalStateException.class, () -> new StatsReset(impatient).run());
        assertTrue(refused.getMessage().contains("stop scoring-service first"), refused.getMessage());

        // Stopped while games go on: started again, the statistics carry on from their committed offsets.
        stop();
        GameFixtures.publish(
                bootstrap,
                List.of(
                        fixtures.alhambra(4, true, true, true),
                        fixtures.sandbox(f -> f.alhambra(3, false, false, true)),
                        fixtures.carrara(2, true, true),
                        fixtures.sandbox(f -> f.builders(2, true)),
                        fixtures.builders(2, true),
                        fixtures.builders(3, false)));
        start();
        Map<String, JsonNode> before = awaitDirectNumbers();
        stop();

        long r0 = System.nanoTime();
        StatsReset.Report report = new StatsReset(env).run();
        System.out.printf("stats reset in %d ms: %s%n", (System.nanoTime() - r0) / 1_000_000, report);
        assertTrue(report.groupDeleted());
        assertTrue(
                report.topicsDeleted()
                        .containsAll(List.of(
                                applicationId + "-stats-games-changelog",
                                applicationId + "-stats-titles-changelog",
                                applicationId + "-games-by-title-repartition",
                                applicationId + "-stats-sandbox-games-changelog",
                                applicationId + "-stats-rounds-sandbox-changelog")),
                report.toString());
        assertTrue(internalTopics().isEmpty());
        assertTrue(taskDirectories().isEmpty(), "local state wiped: " + taskDirectories());

        start();
        long t0 = System.nanoTime();
        await().atMost(Duration.ofSeconds(90)).untilAsserted(() -> assertEquals(before, numbers()));
        System.out.printf("stats rebuilt in %d ms%n", (System.nanoTime() - t0) / 1_000_000);
        assertEquals(before, direct());
        assertFalse(internalTopics().isEmpty(), "the changelogs are there again");
    }

    private void stop() {
        long t0 = System.nanoTime();
        streams.close(new KafkaStreams.CloseOptions().leaveGroup(true).timeout(Duration.ofSeconds(30)));
        System.out.printf("stats streams closed in %d ms%n", (System.nanoTime() - t0) / 1_000_000);
    }

    private void start() {
        Properties config = new Properties();
        config.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId);
        config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        config.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        config.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        config.put(StreamsConfig.REPLICATION_FACTOR_CONFIG, -1);
        config.put(StreamsConfig.consumerPrefix("session.timeout.ms"), 10_000);
        // Static membership, so that a close that leaves the group (stop()) lets the next start in at once.
        config.put(StreamsConfig.consumerPrefix("group.instance.id"), applicationId + "-instance");
        config.put(StreamsConfig.consumerPrefix("heartbeat.interval.ms"), 3_000);
        streams = new KafkaStreams(StatsTopology.build(new EventCodec()), config);
        streams.start();
    }

    private Map<String, JsonNode> awaitDirectNumbers() throws Exception {
        long t0 = System.nanoTime();
        await().atMost(Duration.ofSeconds(90)).untilAsserted(() -> assertEquals(direct(), numbers()));
        System.out.printf("stats caught up in %d ms%n", (System.nanoTime() - t0) / 1_000_000);
        return numbers();
    }

    private Map<String, JsonNode> direct() {
        ExpectedStatistics direct = ExpectedStatistics.fromTopics(bootstrap);
        Map<String, JsonNode> numbers = new LinkedHashMap<>();
        for (String title : TITLES) {
            numbers.put(title, direct.of(title));
            numbers.put(title + "?sandbox=include", direct.of(title, true));
        }
        return numbers;
    }

    /** What the endpoint would answer, from this application's stores. */
    private Map<String, JsonNode> numbers() throws Exception {
        Map<String, JsonNode> numbers = new LinkedHashMap<>();
        for (String title : TITLES) {
            try {
                ReadOnlyKeyValueStore<String, TitleTotals> titles =
                        StatsStores.store(streams, StatsTopology.TITLES, TitleTotals.class);
                ReadOnlyKeyValueStore<String, WallTotals> walls =
                        StatsStores.store(streams, StatsTopology.WALLS, WallTotals.class);
                numbers.put(title, StatsTest.json(GameStatistics.of(title, titles.get(title), walls.get(title))));
                // With the sandbox games: their totals, kept apart, added.
                TitleTotals all = titles.get(title);
                TitleTotals sandbox = titles.get(StatsTopology.key(title, true));
                WallTotals allWalls = walls.get(title);
                WallTotals sandboxWalls = walls.get(StatsTopology.key(title, true));
                numbers.put(
                        title + "?sandbox=include",
                        StatsTest.json(GameStatistics.of(
                                title,
                                all == null ? sandbox : all.plus(sandbox),
                                allWalls == null ? sandboxWalls : allWalls.plus(sandboxWalls))));
            } catch (InvalidStateStoreException e) {
                numbers.put(title, null); // not queryable yet
                numbers.put(title + "?sandbox=include", null);
            }
        }
        return numbers;
    }

    private List<String> internalTopics() throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            return admin.listTopics().names().get(20, TimeUnit.SECONDS).stream()
                    .filter(t -> t.startsWith(applicationId + "-"))
                    .toList();
        }
    }

    /** Task directories ("0_0", "1_2"…) left under the application's state directory. */
    private List<Path> taskDirectories() throws Exception {
        Path appDir = stateDir.resolve(applicationId);
        if (!Files.isDirectory(appDir)) {
            return List.of();
        }
        try (Stream<Path> children = Files.list(appDir)) {
            return new ArrayList<>(
                    children.filter(p -> p.getFileName().toString().matches("\\d+_\\d+"))
                            .toList());
        }
    }
}
