package dev.tessera.scoring.messaging;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.kit.db.StorageUnavailable;
import dev.tessera.kit.eventing.EventBatches;
import dev.tessera.kit.eventing.IdempotentConsumer;
import dev.tessera.kit.eventing.OutboxRelay;
import dev.tessera.scoring.games.GameScoring;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.KafkaRecord;
import io.smallrye.reactive.messaging.kafka.KafkaRecordBatch;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/**
 * Every game's events, applied to scoring-service's own state; results go out through the outbox. Records come
 * in batches (one per poll). Events that start a game or concern its scoring are applied once each, in the
 * batch's order (recorded as processed in the same transaction); the others only move their game's last version
 * on, which is idempotent by itself and needs neither: one statement does that for the whole batch, once the
 * others are applied. Those are most events, and of them only the head is read (type from the record's header,
 * game and version from the envelope without its data).
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
    EventCodec codec;

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
        return EventBatches.acknowledge(batch, applied.chain(() -> advance(batch, advances)));
    }

    private Uni<Void> one(
            KafkaRecordBatch<String, String> batch, KafkaRecord<String, String> message, Advances advances) {
        ConsumerRecord<String, String> record = EventBatches.consumerRecord(message);
        IdempotentConsumer.Delivery delivery;
        try {
            if (GameScoring.onlyAdvances(EventBatches.type(record))) {
                advances.add(message, codec.head(record.value()));
                return Uni.createFrom().voidItem();
            }
            delivery = consumer.read(record);
        } catch (RuntimeException unreadable) {
            return EventBatches.deadLetter(batch, message, unreadable);
        }
        CloudEvent envelope = delivery.envelope();
        if (GameScoring.onlyAdvances(envelope.type())) {
            advances.add(message, new EventCodec.Head(envelope.type(), envelope.subject(), envelope.streamversion()));
            return Uni.createFrom().voidItem();
        }
        return relay.after(() -> consumer.once(NAME, delivery, event -> true, scoring::apply))
                .onFailure()
                .recoverWithUni(failure -> EventBatches.deadLetter(batch, message, failure));
    }

    /**
     * The batch's moves on, in one statement, waiting for the database when it is out of reach; should it fail
     * otherwise, each record it stood for goes to the dead-letter topic.
     */
    private Uni<Void> advance(KafkaRecordBatch<String, String> batch, Advances advances) {
        if (advances.messages.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return StorageUnavailable.waitFor(
                        Uni.createFrom().deferred(() -> scoring.advance(advances.latest.values(), advances.turnEnds)),
                        LOG,
                        () -> "scoring-service waits for the database to move " + advances.latest.size() + " games on")
                .onFailure()
                .recoverWithUni(failure -> {
                    Uni<Void> dead = Uni.createFrom().voidItem();
                    for (KafkaRecord<String, String> message : advances.messages) {
                        dead = dead.chain(() -> EventBatches.deadLetter(batch, message, failure));
                    }
                    return dead;
                });
    }

    /**
     * The records of a batch that only move their game on, each game's latest such event, and the version of each
     * game's latest turn's end among them ({@link GameScoring#endsTurn}).
     */
    private static final class Advances {
        final List<KafkaRecord<String, String>> messages = new ArrayList<>();
        final Map<String, EventCodec.Head> latest = new HashMap<>();
        final Map<String, Long> turnEnds = new HashMap<>();

        void add(KafkaRecord<String, String> message, EventCodec.Head head) {
            messages.add(message);
            if (head.subject() != null) {
                latest.merge(head.subject(), head, (a, b) -> version(a) >= version(b) ? a : b);
                if (head.streamversion() != null && GameScoring.endsTurn(head.type())) {
                    turnEnds.merge(head.subject(), head.streamversion(), Math::max);
                }
            }
        }

        private static long version(EventCodec.Head head) {
            return head.streamversion() == null ? 0 : head.streamversion();
        }
    }
}
