package dev.tessera.bench.chaos;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Reads a whole topic as it stands: every partition from its first record up to the end it had when the reading
 * began, each record handed over as it comes (never the topic held in memory). No consumer group, nothing committed.
 */
public final class TopicReader {
    /** Longest a read may wait for records it knows are there before it fails (a broker gone for good). */
    private static final Duration STALL = Duration.ofSeconds(60);

    private TopicReader() {}

    public static void readAll(String bootstrap, String topic, Consumer<ConsumerRecord<String, String>> each) {
        Map<String, Object> config = new HashMap<>();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        // As the services read: what the outbox relays committed (an aborted run's records are not published).
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 2000);
        // A topic that is not there (a dead-letter topic nothing was ever sent to) is read as empty, not created.
        config.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false);
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                    .map(p -> new TopicPartition(topic, p.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions, Duration.ofSeconds(30));
            long lastProgress = System.nanoTime();
            while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))) {
                var records = consumer.poll(Duration.ofMillis(500));
                for (ConsumerRecord<String, String> r : records) {
                    if (r.offset() < end.get(new TopicPartition(r.topic(), r.partition()))) {
                        each.accept(r);
                    }
                }
                if (!records.isEmpty()) {
                    lastProgress = System.nanoTime();
                } else if (System.nanoTime() - lastProgress > STALL.toNanos()) {
                    throw new IllegalStateException(
                            "reading " + topic + ": no record for " + STALL.toSeconds() + " s before its end");
                }
            }
        }
    }
}
