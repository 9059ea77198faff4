package dev.tessera.kit.eventing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.infra.TestInfrastructure;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.KafkaConsumer;
import io.smallrye.reactive.messaging.kafka.commit.KafkaCommitHandler;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;

/**
 * The commit strategy's one change to SmallRye's throttled strategy, against a real broker: a partition's committed
 * offset is read when the partition is assigned, and the throttled strategy's later question about it (which SmallRye
 * would queue behind the poll in progress) is answered from that, without the polling thread.
 */
class PrefetchedCommittedTest {

    @Test
    void committed_offsets_are_read_at_assignment_and_answered_from_there_until_the_partition_is_revoked()
            throws Exception {
        String topic = "prefetched-" + UUID.randomUUID();
        String group = "prefetched-" + UUID.randomUUID();
        String bootstrap = TestInfrastructure.bootstrapServers();
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            admin.createTopics(List.of(new NewTopic(topic, 2, (short) 1))).all().get();
        }
        TopicPartition first = new TopicPartition(topic, 0);
        TopicPartition second = new TopicPartition(topic, 1);
        try (var kafka = new org.apache.kafka.clients.consumer.KafkaConsumer<>(
                Map.<String, Object>of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                        ConsumerConfig.GROUP_ID_CONFIG, group,
                        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false),
                new StringDeserializer(),
                new StringDeserializer())) {
            // The group's committed offset on the first partition; none on the second.
            kafka.commitSync(Map.of(first, new OffsetAndMetadata(7)));

            AtomicInteger askedTheBroker = new AtomicInteger();
            KafkaConsumer<?, ?> smallrye = consumer(kafka, askedTheBroker);
            List<String> inner = new ArrayList<>();
            KafkaConsumer<?, ?>[] given = new KafkaConsumer<?, ?>[1];
            PrefetchedCommitted factory = new PrefetchedCommitted();
            factory.throttled = (config, vertx, consumer, reportFailure) -> {
                given[0] = consumer;
                return recording(inner, consumer);
            };
            KafkaCommitHandler handler = factory.create(null, null, smallrye, (e, fatal) -> {});

            handler.partitionsAssigned(List.of(first, second));
            // What the throttled strategy found when it learnt of the assignment: the offsets were there already.
            assertEquals(List.of("assigned [" + first + ", " + second + "] knowing " + first + "=7"), inner);

            Map<TopicPartition, OffsetAndMetadata> answer =
                    given[0].committed(first).await().atMost(Duration.ofSeconds(5));
            assertEquals(7, answer.get(first).offset());
            Map<TopicPartition, OffsetAndMetadata> none =
                    given[0].committed(second).await().atMost(Duration.ofSeconds(5));
            assertTrue(none.containsKey(second));
            assertNull(none.get(second), "a partition without a committed offset is answered as the broker would");
            assertEquals(0, askedTheBroker.get(), "answered without the polling thread");

            handler.partitionsRevoked(List.of(first));
            given[0].committed(first).await().atMost(Duration.ofSeconds(5));
            assertEquals(1, askedTheBroker.get(), "a revoked partition is asked about again, as SmallRye does");
            assertSame(given[0].unwrap(), kafka, "everything else is the consumer's own");
        }
    }

    /** SmallRye's consumer as far as the strategy uses it: its Kafka consumer, and committed(…) counted. */
    private static KafkaConsumer<?, ?> consumer(
            org.apache.kafka.clients.consumer.Consumer<String, String> kafka, AtomicInteger askedTheBroker) {
        return (KafkaConsumer<?, ?>) Proxy.newProxyInstance(
                KafkaConsumer.class.getClassLoader(), new Class<?>[] {KafkaConsumer.class}, (proxy, method, args) -> {
                    switch (method.getName()) {
                        case "unwrap":
                            return kafka;
                        case "committed":
                            askedTheBroker.incrementAndGet();
                            return Uni.createFrom().item(kafka.committed(java.util.Set.of((TopicPartition[]) args[0])));
                        default:
                            throw new UnsupportedOperationException(method.getName());
                    }
                });
    }

    /** Stands for the throttled strategy: notes what it is told and what its consumer knows at that moment. */
    private static KafkaCommitHandler recording(List<String> notes, KafkaConsumer<?, ?> consumer) {
        return new KafkaCommitHandler() {
            @Override
            public void partitionsAssigned(Collection<TopicPartition> partitions) {
                TopicPartition tp = partitions.iterator().next();
                OffsetAndMetadata known = consumer.committed(tp)
                        .await()
                        .atMost(Duration.ofSeconds(5))
                        .get(tp);
                notes.add("assigned " + partitions + " knowing " + tp + "=" + known.offset());
            }

            @Override
            public <K, V> Uni<Void> handle(io.smallrye.reactive.messaging.kafka.IncomingKafkaRecord<K, V> record) {
                return Uni.createFrom().voidItem();
            }
        };
    }
}
