package dev.tessera.kit.eventing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.EventTypes;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.lobby.PlayerSeated;
import dev.tessera.events.lobby.TableOpened;
import io.smallrye.mutiny.TimeoutException;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.IncomingKafkaRecord;
import io.smallrye.reactive.messaging.kafka.IncomingKafkaRecordBatch;
import io.smallrye.reactive.messaging.kafka.commit.KafkaCommitHandler;
import io.smallrye.reactive.messaging.kafka.fault.KafkaFailureHandler;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.eclipse.microprofile.reactive.messaging.Metadata;
import org.junit.jupiter.api.Test;

/**
 * A record of a newer release (docs/adr/0008) in a batch: the records before it are applied, a malformed one still
 * goes to the dead-letter topic, and the newer one is held: neither applied nor dead-lettered, nothing after it
 * applied, and the batch never acknowledged, so that its offset is not committed and an instance of the newer release
 * reads it.
 */
class NewerEventsTest {
    private static final String TOPIC = "lobby-events";
    /** This instance stands in for a release that knew TableOpened only up to version 0. */
    private final EventCodec older =
            new EventCodec(List.of(), Map.of(EventTypes.of(TableOpened.class).value(), 0));

    private final EventCodec current = new EventCodec();

    private final List<Long> acknowledged = new ArrayList<>();
    private final List<Long> deadLettered = new ArrayList<>();
    private final List<TesseraEvent> applied = new ArrayList<>();

    @Test
    void a_newer_record_is_held_and_the_batch_stops_there_unacknowledged() {
        EventBatches batches = batches();
        IncomingKafkaRecordBatch<String, String> batch = batch(
                seated(0),
                "not a CloudEvent",
                current.write(current.envelope(
                        "/tessera/lobby-service",
                        "t1",
                        1,
                        new TableOpened("t1", "carrara", 2, "ana", Map.of()),
                        OffsetDateTime.now())),
                seated(3));

        Uni<Void> result = batches.apply(batch, Set.of(type(PlayerSeated.class), type(TableOpened.class)), delivery -> {
            applied.add(delivery.event());
            return Uni.createFrom().voidItem();
        });

        assertThrows(TimeoutException.class, () -> result.await().atMost(Duration.ofMillis(500)));
        assertEquals(List.of(new PlayerSeated("t0", "ana", 1)), applied, "only the record before the newer one");
        assertEquals(List.of(1L), deadLettered, "the malformed record, not the newer one");
        assertTrue(acknowledged.isEmpty(), "the batch was acknowledged");
    }

    @Test
    void without_a_newer_record_the_batch_is_applied_and_acknowledged() {
        EventBatches batches = batches();
        IncomingKafkaRecordBatch<String, String> batch = batch(seated(0), seated(1));
        batches.apply(batch, Set.of(type(PlayerSeated.class)), delivery -> {
                    applied.add(delivery.event());
                    return Uni.createFrom().voidItem();
                })
                .await()
                .atMost(Duration.ofSeconds(5));
        assertEquals(2, applied.size());
        // A batch is acknowledged by its last record of each partition.
        assertEquals(List.of(1L), acknowledged);
    }

    private EventBatches batches() {
        IdempotentConsumer consumer = new IdempotentConsumer();
        consumer.codec = older;
        EventBatches batches = new EventBatches();
        batches.consumer = consumer;
        return batches;
    }

    private String seated(int table) {
        return current.write(current.envelope(
                "/tessera/lobby-service",
                "t" + table,
                2,
                new PlayerSeated("t" + table, "ana", 1),
                OffsetDateTime.now()));
    }

    private static String type(Class<? extends TesseraEvent> event) {
        return EventTypes.of(event).value();
    }

    private IncomingKafkaRecordBatch<String, String> batch(String... values) {
        TopicPartition partition = new TopicPartition(TOPIC, 0);
        List<ConsumerRecord<String, String>> records = new ArrayList<>();
        for (int offset = 0; offset < values.length; offset++) {
            ConsumerRecord<String, String> record = new ConsumerRecord<>(TOPIC, 0, offset, "k", values[offset]);
            String value = values[offset];
            if (value.startsWith("{")) {
                record.headers()
                        .add(
                                CloudEvent.TYPE_HEADER,
                                current.readEnvelope(value).type().getBytes(StandardCharsets.UTF_8));
            }
            records.add(record);
        }
        KafkaCommitHandler commits = new KafkaCommitHandler() {
            @Override
            public <K, V> Uni<Void> handle(IncomingKafkaRecord<K, V> record) {
                acknowledged.add(record.getOffset());
                return Uni.createFrom().voidItem();
            }
        };
        KafkaFailureHandler failures = new KafkaFailureHandler() {
            @Override
            public <K, V> Uni<Void> handle(IncomingKafkaRecord<K, V> record, Throwable reason, Metadata metadata) {
                deadLettered.add(record.getOffset());
                return Uni.createFrom().voidItem();
            }
        };
        return new IncomingKafkaRecordBatch<>(
                new ConsumerRecords<>(Map.of(partition, records)), "lobby-events", 0, commits, failures, false, false);
    }
}
