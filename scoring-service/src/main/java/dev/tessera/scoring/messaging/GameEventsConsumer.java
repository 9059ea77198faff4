package dev.tessera.scoring.messaging;

import dev.tessera.events.CloudEvent;
import dev.tessera.kit.db.StorageUnavailable;
import dev.tessera.kit.eventing.IdempotentConsumer;
import dev.tessera.kit.eventing.OutboxRelay;
import dev.tessera.scoring.games.GameScoring;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.KafkaRecord;
import io.smallrye.reactive.messaging.kafka.KafkaRecordBatch;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every game's events, applied to scoring-service's own state; results go out through the outbox. Records come
 * in batches (one per poll). Events that start a game or concern its scoring are applied once each, in the
 * batch's order (recorded as processed in the same transaction); the others only move their game's last version
 * on, which is idempotent by itself and needs neither: one statement does that for the whole batch, once the
 * others are applied.
 *
 * <p>A record that cannot be processed (not a readable CloudEvent, or its transaction failed) is nacked on its
 * own, so the channel's dead-letter strategy puts that record, and only it, on the dead-letter topic with the
 * reason in its headers; the rest of the batch goes on. The batch is acknowledged once every record is applied
 * or dead-lettered.
 */
@ApplicationScoped
public class GameEventsConsumer {
    private static final Logger LOG = Logger.getLogger(GameEventsConsumer.class);
    /** The idempotent consumer's name: what {@link dev.tessera.scoring.Rebuild} forgets. */
    public static final String NAME = "scoring.games";

    @Inject
    IdempotentConsumer consumer;

    @Inject
    GameScoring scoring;

    @Inject
    OutboxRelay relay;

    @Incoming("game-events")
    public Uni<Void> consume(KafkaRecordBatch<String, String> batch) {
        Advances advances = new Advances();
        Uni<Void> applied = Uni.createFrom().voidItem();
        for (KafkaRecord<String, String> message : batch.getRecords()) {
            applied = applied.chain(() -> one(batch, message, advances));
        }
        // Each record's failure is handled on its own; only what fails outside them (the dead-letter topic out of
        // reach, say) gets here, and then the channel's strategy takes every record of the batch.
        return applied.chain(() -> advance(batch, advances))
                .chain(() -> Uni.createFrom().completionStage(batch.ack()))
                .onFailure().call(e -> Uni.createFrom().completionStage(batch.nack(e)));
    }

    private Uni<Void> one(KafkaRecordBatch<String, String> batch, KafkaRecord<String, String> message, Advances advances) {
        IdempotentConsumer.Delivery delivery;
        try {
            delivery = consumer.read(consumerRecord(message));
        } catch (RuntimeException unreadable) {
            return deadLetter(batch, message, unreadable);
        }
        if (GameScoring.onlyAdvances(delivery.event())) {
            advances.add(message, delivery.envelope());
            return Uni.createFrom().voidItem();
        }
        return relay.after(() -> consumer.once(NAME, delivery, event -> true, scoring::apply))
                .onFailure().recoverWithUni(failure -> deadLetter(batch, message, failure));
    }

    /**
     * The batch's moves on, in one statement, waiting for the database when it is out of reach; should it fail
     * otherwise, each record it stood for goes to the dead-letter topic.
     */
    private Uni<Void> advance(KafkaRecordBatch<String, String> batch, Advances advances) {
        if (advances.messages.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return StorageUnavailable.waitFor(Uni.createFrom().deferred(() -> scoring.advance(advances.latest.values())), LOG,
                () -> "scoring-service waits for the database to move " + advances.latest.size() + " games on").onFailure().recoverWithUni(failure -> {
            Uni<Void> dead = Uni.createFrom().voidItem();
            for (KafkaRecord<String, String> message : advances.messages) {
                dead = dead.chain(() -> deadLetter(batch, message, failure));
            }
            return dead;
        });
    }

    /**
     * Hands one record to the channel's failure strategy (the dead-letter topic), which also acknowledges it. The
     * strategy completes on the record's own Vert.x context, on which Hibernate Reactive refuses to open a session
     * (not a safe sub-context): the rest of the batch goes on on the batch's context.
     */
    private static Uni<Void> deadLetter(KafkaRecordBatch<String, String> batch, KafkaRecord<String, String> message,
                                        Throwable failure) {
        LOG.warnf(failure, "%s-%d offset %d goes to the dead-letter topic", message.getTopic(), message.getPartition(),
                consumerRecord(message).offset());
        return Uni.createFrom().completionStage(() -> message.nack(failure)).emitOn(batch::runOnMessageContext);
    }

    @SuppressWarnings("unchecked")
    private static ConsumerRecord<String, String> consumerRecord(KafkaRecord<String, String> message) {
        return message.getMetadata(IncomingKafkaRecordMetadata.class)
                .map(metadata -> (ConsumerRecord<String, String>) metadata.getRecord())
                .orElseThrow(() -> new IllegalStateException("a Kafka record without its incoming metadata"));
    }

    /** The records of a batch that only move their game on, and each game's latest such event. */
    private static final class Advances {
        final List<KafkaRecord<String, String>> messages = new ArrayList<>();
        final Map<String, CloudEvent> latest = new HashMap<>();

        void add(KafkaRecord<String, String> message, CloudEvent envelope) {
            messages.add(message);
            latest.merge(envelope.subject(), envelope, (a, b) -> version(a) >= version(b) ? a : b);
        }

        private static long version(CloudEvent envelope) {
            return envelope.streamversion() == null ? 0 : envelope.streamversion();
        }
    }
}
