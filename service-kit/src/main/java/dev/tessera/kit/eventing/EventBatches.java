package dev.tessera.kit.eventing;

import dev.tessera.events.CloudEvent;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.KafkaRecord;
import io.smallrye.reactive.messaging.kafka.KafkaRecordBatch;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.jboss.logging.Logger;

/**
 * Consumes a poll's records at once (a channel with {@code batch=true}): the records of types the consumer does not
 * need are passed over by their {@code ce_type} header, without reading their value; the others are read and applied
 * one after the other, in the batch's order. A record that cannot be read or applied goes to the channel's dead-letter
 * topic on its own, and the rest of the batch goes on; the batch is acknowledged once every record is applied or
 * dead-lettered. A record of a newer release is held ({@link NewerEvents}): neither it, nor the rest of its batch, nor
 * any later batch is acknowledged.
 */
@ApplicationScoped
public class EventBatches {
    private static final Logger LOG = Logger.getLogger(EventBatches.class);
    private static final AtomicLong DEAD_LETTERED = new AtomicLong();

    /** Exports the count of records handed to the dead-letter topic as {@code tessera_dead_letters_total}. */
    @Startup
    @ApplicationScoped
    static class Meter {
        @Inject
        void measure(MeterRegistry registry) {
            FunctionCounter.builder("tessera.dead.letters", DEAD_LETTERED, AtomicLong::get)
                    .description("records that could not be read or applied, handed to the dead-letter topic")
                    .register(registry);
        }
    }

    @Inject
    IdempotentConsumer consumer;

    /**
     * Applies, in order, the records of {@code batch} whose type is in {@code types} (a record without the header is
     * read to learn its type). Failures outside the records' own handling (the dead-letter topic out of reach) fail
     * the batch, and the channel's strategy then takes all of it.
     */
    public Uni<Void> apply(
            KafkaRecordBatch<String, String> batch,
            Set<String> types,
            Function<IdempotentConsumer.Delivery, Uni<Void>> apply) {
        Uni<Void> applied = Uni.createFrom().voidItem();
        for (KafkaRecord<String, String> message : batch.getRecords()) {
            ConsumerRecord<String, String> record = consumerRecord(message);
            String type = type(record);
            if (type != null && !types.contains(type)) {
                continue;
            }
            applied = applied.chain(() -> {
                IdempotentConsumer.Delivery delivery;
                try {
                    delivery = consumer.read(record);
                } catch (RuntimeException unreadable) {
                    return deadLetter(batch, message, unreadable);
                }
                if (!types.contains(delivery.envelope().type())) {
                    return Uni.createFrom().voidItem();
                }
                return apply.apply(delivery).onFailure().recoverWithUni(failure -> deadLetter(batch, message, failure));
            });
        }
        return acknowledge(batch, applied);
    }

    /** Acknowledges {@code batch} once {@code applied} has completed; nacks all of it if that failed. */
    public static Uni<Void> acknowledge(KafkaRecordBatch<String, String> batch, Uni<Void> applied) {
        return applied.chain(() -> Uni.createFrom().completionStage(batch.ack()))
                .onFailure()
                .call(e -> Uni.createFrom().completionStage(batch.nack(e)));
    }

    /** The record's {@code ce_type} header, or null when it has none (published before there was one). */
    public static String type(ConsumerRecord<String, String> record) {
        Header header = record.headers().lastHeader(CloudEvent.TYPE_HEADER);
        return header == null || header.value() == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }

    /**
     * Hands one record to the channel's failure strategy (the dead-letter topic), which also acknowledges it. The
     * strategy completes on the record's own Vert.x context, on which Hibernate Reactive refuses to open a session
     * (not a safe sub-context): the rest of the batch goes on on the batch's context. A record of a newer release is
     * held instead, and the batch stops there.
     */
    public static Uni<Void> deadLetter(
            KafkaRecordBatch<String, String> batch, KafkaRecord<String, String> message, Throwable failure) {
        if (NewerEvents.newer(failure)) {
            return NewerEvents.hold(consumerRecord(message), failure);
        }
        LOG.warnf(
                failure,
                "%s-%d offset %d goes to the dead-letter topic",
                message.getTopic(),
                message.getPartition(),
                consumerRecord(message).offset());
        DEAD_LETTERED.incrementAndGet();
        return Uni.createFrom().completionStage(() -> message.nack(failure)).emitOn(batch::runOnMessageContext);
    }

    @SuppressWarnings("unchecked")
    public static ConsumerRecord<String, String> consumerRecord(KafkaRecord<String, String> message) {
        return message.getMetadata(IncomingKafkaRecordMetadata.class)
                .map(metadata -> (ConsumerRecord<String, String>) metadata.getRecord())
                .orElseThrow(() -> new IllegalStateException("a Kafka record without its incoming metadata"));
    }
}
