package dev.tessera.bench.chaos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Records the services' consumer groups have not consumed yet. Not the end offset minus the committed one: the
 * outbox relays publish in Kafka transactions, each ending in a commit marker that takes an offset of its own and
 * that no consumer is given, so a group that consumed every record of a partition may still have committed the
 * offset of its last marker. Where the offsets differ, the records between them are read (committed ones only, as
 * the services read) and counted; records of a transaction still open count as not consumed.
 *
 * <pre>Lags BOOTSTRAP</pre> prints the total for {@link Invariants#GROUPS} (for {@code ./tessera bench}).
 */
public final class Lags {
    private Lags() {}

    /** Records not consumed yet, by group and partition; a partition a group never committed counts from its start. */
    static Map<String, Long> of(Admin admin, String bootstrap, Map<String, List<String>> groups) throws Exception {
        Set<String> topics =
                groups.values().stream().flatMap(List::stream).collect(Collectors.toCollection(TreeSet::new));
        topics.retainAll(admin.listTopics().names().get(30, TimeUnit.SECONDS));
        List<TopicPartition> partitions = new ArrayList<>();
        admin.describeTopics(topics)
                .allTopicNames()
                .get(30, TimeUnit.SECONDS)
                .forEach((topic, d) ->
                        d.partitions().forEach(p -> partitions.add(new TopicPartition(topic, p.partition()))));
        Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> ends =
                offsets(admin, partitions, OffsetSpec.latest(), IsolationLevel.READ_UNCOMMITTED);
        Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> stable =
                offsets(admin, partitions, OffsetSpec.latest(), IsolationLevel.READ_COMMITTED);
        Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> starts =
                offsets(admin, partitions, OffsetSpec.earliest(), IsolationLevel.READ_UNCOMMITTED);
        Map<String, Long> behind = new TreeMap<>();
        try (KafkaConsumer<String, String> reader = new KafkaConsumer<>(
                Map.of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrap,
                        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                        false,
                        ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                        "read_committed"),
                new StringDeserializer(),
                new StringDeserializer())) {
            for (Map.Entry<String, List<String>> group : groups.entrySet()) {
                Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group.getKey())
                        .partitionsToOffsetAndMetadata()
                        .get(30, TimeUnit.SECONDS);
                for (TopicPartition p : partitions) {
                    if (!group.getValue().contains(p.topic())) {
                        continue;
                    }
                    OffsetAndMetadata c = committed.get(p);
                    long from = c != null ? c.offset() : starts.get(p).offset();
                    long open = ends.get(p).offset() - stable.get(p).offset();
                    long lag = from >= stable.get(p).offset()
                            ? 0
                            : records(reader, p, from, stable.get(p).offset());
                    if (lag + open > 0) {
                        behind.put("group " + group.getKey() + " has records of " + p + " not consumed", lag + open);
                    }
                }
            }
        }
        return behind;
    }

    /** The committed records of {@code p} in [from, to): at most a few seconds' reading, then what was counted. */
    private static long records(KafkaConsumer<String, String> reader, TopicPartition p, long from, long to) {
        reader.assign(List.of(p));
        reader.seek(p, from);
        long count = 0;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (reader.position(p) < to && System.nanoTime() < deadline) {
            count += reader.poll(Duration.ofMillis(200)).records(p).stream()
                    .filter(r -> r.offset() < to)
                    .count();
        }
        return reader.position(p) < to ? Math.max(count, 1) : count;
    }

    private static Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> offsets(
            Admin admin, List<TopicPartition> partitions, OffsetSpec spec, IsolationLevel isolation) throws Exception {
        Map<TopicPartition, OffsetSpec> request = new HashMap<>();
        partitions.forEach(p -> request.put(p, spec));
        return admin.listOffsets(request, new ListOffsetsOptions(isolation))
                .all()
                .get(30, TimeUnit.SECONDS);
    }

    public static void main(String[] args) throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, args[0]))) {
            System.out.println(of(admin, args[0], Invariants.GROUPS).values().stream()
                    .mapToLong(Long::longValue)
                    .sum());
        }
    }
}
