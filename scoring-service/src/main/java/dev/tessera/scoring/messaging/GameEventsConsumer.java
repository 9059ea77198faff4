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
 * batch's order, all of a batch's in one transaction (recorded as processed in it, in one statement), most of them
 * (an Alhambra tile's moves) without reading or writing their game's row; the others only move their game's last
 * version on, which is idempotent by itself and needs neither: one statement does
 * that for the whole batch, once the others are applied. Those are most events, and of them only the head is
 * read (type from the record's header, game and version from the envelope without its data).
 *
 * <p>A record that cannot be processed (not a readable CloudEvent, or its own transaction failed, once the
 * batch's had failed) is nacked on its own, so the channel's dead-letter strategy puts that record, and only it,
 * on the dead-letter topic with the reason in its headers; the rest of the batch goes on. The batch is
 * acknowledged once every record is applied or dead-lettered.
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
        List<Applied> applied = new ArrayList<>();
        Uni<Void> sorted = Uni.createFrom().voidItem();
        for (KafkaRecord<String, String> message : batch.getRecords()) {
            sorted = sorted.chain(() -> sort(batch, message, advances, applied));
        }
        // Each record's failure is handled on its own; only what fails outside them (the dead-letter topic out of
        // reach, say) gets here, and then the channel's strategy takes every record of the batch.
        return EventBatches.acknowledge(
                batch, sorted.chain(() -> apply(batch, applied)).chain(() -> advance(batch, advances)));
    }

    /** A record to apply in a transaction, with the message it came in. */
    private record Applied(KafkaRecord<String, String> message, IdempotentConsumer.Delivery delivery) {}

    /**
     * Puts a record with the batch's advances or with the records to apply, or on the dead-letter topic when it
     * cannot be read.
     */
    private Uni<Void> sort(
            KafkaRecordBatch<String, String> batch,
            KafkaRecord<String, String> message,
            Advances advances,
            List<Applied> applied) {
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
        EventCodec.Head head = new EventCodec.Head(envelope.type(), envelope.subject(), envelope.streamversion());
        if (GameScoring.onlyAdvances(envelope.type())) {
            advances.add(message, head);
        } else {
            applied.add(new Applied(message, delivery));
            if (GameScoring.advancesWithoutItsRow(envelope.type())) {
                // Its handler leaves the game's row alone: the batch's advance moves the game on for it, once it
                // is applied (the advance comes after the batch's transaction).
                advances.moveOn(head);
            }
        }
        return Uni.createFrom().voidItem();
    }

    /**
     * The batch's records that start a game or concern its scoring, in one transaction and in their order. Should
     * that fail (and it changes nothing then), each is applied in a transaction of its own, and one that fails again
     * goes to the dead-letter topic alone.
     */
    private Uni<Void> apply(KafkaRecordBatch<String, String> batch, List<Applied> applied) {
        if (applied.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        List<IdempotentConsumer.Delivery> deliveries =
                applied.stream().map(Applied::delivery).toList();
        return relay.after(() -> consumer.onceAll(NAME, deliveries, scoring::apply))
                .onFailure()
                .recoverWithUni(failure -> {
                    LOG.debugf(failure, "%d records applied together failed: one by one", applied.size());
                    Uni<Void> one = Uni.createFrom().voidItem();
                    for (Applied a : applied) {
                        one = one.chain(() -> relay.after(
                                        () -> consumer.once(NAME, a.delivery(), event -> true, scoring::apply))
                                .onFailure()
                                .recoverWithUni(again -> EventBatches.deadLetter(batch, a.message(), again)));
                    }
                    return one;
                });
    }

    /**
     * The batch's moves on, in one statement, waiting for the database when it is out of reach; should it fail
     * otherwise, each record it stood for goes to the dead-letter topic.
     */
    private Uni<Void> advance(KafkaRecordBatch<String, String> batch, Advances advances) {
        if (advances.latest.isEmpty()) {
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
     * The records of a batch that only move their game on, each game's latest event among them and among the events
     * applied without their game's row ({@link GameScoring#advancesWithoutItsRow}), and the version of each game's
     * latest turn's end ({@link GameScoring#endsTurn}).
     */
    private static final class Advances {
        final List<KafkaRecord<String, String>> messages = new ArrayList<>();
        final Map<String, EventCodec.Head> latest = new HashMap<>();
        final Map<String, Long> turnEnds = new HashMap<>();

        void add(KafkaRecord<String, String> message, EventCodec.Head head) {
            messages.add(message);
            moveOn(head);
        }

        /** The game moved on by an event applied in the batch's transaction, whose record is not this advance's. */
        void moveOn(EventCodec.Head head) {
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
