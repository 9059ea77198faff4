package dev.tessera.infra;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.Utils;

/** Plain Kafka clients for tests that put records on, or read them off, the real broker. */
public final class TestKafka {
    private TestKafka() {}

    /** Sends one record with the content-type header that Tessera's outbox relay puts on every record. */
    public static void produce(String bootstrap, String topic, String key, String value) {
        produceAll(bootstrap, topic, key, List.of(value));
    }

    /**
     * Sends records with one key, in order, from one producer and at once (as the relay sends a move's events): a
     * consumer polling then gets them in one batch, as a rule.
     */
    public static void produceAll(String bootstrap, String topic, String key, List<String> values) {
        produceAll(bootstrap, topic, key, values, Map.of());
    }

    /** As {@link #produceAll(String, String, String, List)}, with {@code headers} on every record too (the relay's {@code ce_type}). */
    public static void produceAll(
            String bootstrap, String topic, String key, List<String> values, Map<String, String> headers) {
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap),
                new StringSerializer(),
                new StringSerializer())) {
            List<Future<RecordMetadata>> sent = new ArrayList<>();
            for (String value : values) {
                ProducerRecord<String, String> record = new ProducerRecord<>(topic, key, value);
                record.headers()
                        .add(
                                "content-type",
                                "application/cloudevents+json".getBytes(java.nio.charset.StandardCharsets.UTF_8));
                headers.forEach((name, header) ->
                        record.headers().add(name, header.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
                sent.add(producer.send(record));
            }
            for (Future<RecordMetadata> each : sent) {
                each.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("could not produce to " + topic, e.getCause());
        }
    }

    /** Every record now on {@code topic}, from the beginning, in partition order. */
    public static List<ConsumerRecord<String, String>> readAll(String bootstrap, String topic) {
        return read(bootstrap, topic, null);
    }

    /**
     * The records of {@code topic} with {@code key}, in their order: only the partition the producers' default
     * partitioner puts that key in (murmur2 of the key, as every relay publishes) is read, from its beginning to its
     * end. On a topic that tests have filled, reading every partition can take longer than a test waits.
     */
    public static List<ConsumerRecord<String, String>> readKey(String bootstrap, String topic, String key) {
        return read(bootstrap, topic, key);
    }

    private static List<ConsumerRecord<String, String>> read(String bootstrap, String topic, String key) {
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(
                Map.of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrap,
                        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                        false,
                        // As the services read: what the outbox relays committed.
                        ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                        "read_committed"),
                new StringDeserializer(),
                new StringDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(10)).stream()
                    .map(p -> new TopicPartition(topic, p.partition()))
                    .toList();
            if (key != null) {
                int partition =
                        Utils.toPositive(Utils.murmur2(key.getBytes(StandardCharsets.UTF_8))) % partitions.size();
                partitions = List.of(new TopicPartition(topic, partition));
            }
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            List<ConsumerRecord<String, String>> records = new ArrayList<>();
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))
                    && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(200)).forEach(r -> {
                    if (key == null || key.equals(r.key())) {
                        records.add(r);
                    }
                });
            }
            return records;
        }
    }
}
