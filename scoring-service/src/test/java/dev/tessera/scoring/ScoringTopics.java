package dev.tessera.scoring;

import dev.tessera.events.Topics;
import dev.tessera.infra.LocalKafka;
import dev.tessera.infra.TestInfrastructure;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The topics the statistics' Kafka Streams pipeline waits for, created before the application starts (as
 * {@code ./tessera up} and the e2e platform do), with as many partitions as the broker's default.
 */
@QuarkusTestResource(ScoringTopics.class)
public class ScoringTopics implements QuarkusTestResourceLifecycleManager {
    @Override
    public Map<String, String> start() {
        // Each test JVM has a new broker: state kept from an earlier run belongs to another cluster.
        deleteRecursively(Path.of("target/kafka-streams-state"));
        LocalKafka.createTopics(
                TestInfrastructure.bootstrapServers(), List.of(Topics.GAME_EVENTS, Topics.SCORING_EVENTS), 4);
        return Map.of();
    }

    @Override
    public void stop() {}

    static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
