package dev.tessera.kit.eventing;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.TesseraEvent;
import dev.tessera.kit.db.StorageUnavailable;
import dev.tessera.kit.observe.MessageTraces;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.OptimisticLockException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.hibernate.StaleStateException;
import org.jboss.logging.Logger;

/**
 * Applies each event once per consumer: the event id is recorded in the same transaction as the
 * effect, so a record delivered again (a relay retry, a rebalance, a restart) changes nothing.
 * A record that is not a readable CloudEvent fails, and the channel's dead-letter strategy takes it; a record
 * whose transaction cannot reach the database is tried again until it can; a record of a newer release, or one whose
 * effect met one in a stream, is held ({@link NewerEvents}).
 */
@ApplicationScoped
public class IdempotentConsumer {
    private static final Logger LOG = Logger.getLogger(IdempotentConsumer.class);

    @Inject
    EventCodec codec;

    @Inject
    ReplayMarks replayMarks;

    @Inject
    MessageTraces traces;

    /**
     * Runs {@code effect} with the record's envelope and event (null when the type is one this service
     * does not know) inside a transaction, unless {@code consumer} already processed the event.
     */
    public Uni<Void> once(
            String consumer,
            ConsumerRecord<String, String> record,
            BiFunction<CloudEvent, TesseraEvent, Uni<Void>> effect) {
        return once(consumer, record, event -> true, effect);
    }

    /**
     * As {@link #once(String, ConsumerRecord, BiFunction)}, for the events {@code wanted} accepts; the
     * others are passed over without a transaction (most consumers care about a few types of a busy topic).
     */
    public Uni<Void> once(
            String consumer,
            ConsumerRecord<String, String> record,
            Predicate<TesseraEvent> wanted,
            BiFunction<CloudEvent, TesseraEvent, Uni<Void>> effect) {
        Delivery delivery;
        try {
            delivery = read(record);
        } catch (RuntimeException e) {
            if (NewerEvents.newer(e)) {
                return NewerEvents.hold(record, e);
            }
            throw e;
        }
        return once(consumer, delivery, wanted, effect)
                .onFailure(NewerEvents::newer)
                .recoverWithUni(newer -> NewerEvents.hold(record, newer));
    }

    /** A record read: its envelope and event (null when the type is one this service does not know). */
    public record Delivery(ConsumerRecord<String, String> record, CloudEvent envelope, TesseraEvent event) {}

    /** Reads a record once, for a service that applies it with several consumers in turn. */
    public Delivery read(ConsumerRecord<String, String> record) {
        CloudEvent envelope = codec.readEnvelope(record.value());
        if (envelope.id() == null || envelope.type() == null) {
            throw new EventCodec.MalformedEventException("CloudEvent without id or type");
        }
        return new Delivery(record, envelope, codec.read(envelope));
    }

    /** As {@link #once(String, ConsumerRecord, Predicate, BiFunction)}, for a record already {@link #read}. */
    public Uni<Void> once(
            String consumer,
            Delivery delivery,
            Predicate<TesseraEvent> wanted,
            BiFunction<CloudEvent, TesseraEvent, Uni<Void>> effect) {
        CloudEvent envelope = delivery.envelope();
        TesseraEvent event = delivery.event();
        if (!wanted.test(event)) {
            return Uni.createFrom().voidItem();
        }
        return transaction(
                () -> firstDelivery(consumer, envelope.id())
                        .chain(first -> first
                                ? apply(consumer, delivery.record(), envelope, event, effect)
                                : Uni.createFrom().voidItem()),
                () -> consumer + " waits for the database to apply " + envelope.type() + " " + envelope.id());
    }

    /**
     * As {@link #once(String, Delivery, Predicate, BiFunction)} for several records read from one poll, in one
     * transaction and in their order: one statement records them all as processed, and each that was not processed
     * before is applied (an event twice in the list, once). A consumer that applies many records per poll saves a
     * transaction, and a processed-events statement, per record; the entities the effects read stay in the session
     * from one record to the next.
     *
     * <p>It fails as a whole and changes nothing then: the caller applies the records one by one with {@link
     * #once(String, Delivery, Predicate, BiFunction)}, so that only a record that fails on its own goes to the
     * dead-letter topic. Waiting for the database and retrying conflicts are as for one record.
     */
    public Uni<Void> onceAll(
            String consumer, List<Delivery> deliveries, BiFunction<CloudEvent, TesseraEvent, Uni<Void>> effect) {
        if (deliveries.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        String[] ids = deliveries.stream().map(d -> d.envelope().id()).toArray(String[]::new);
        return transaction(
                () -> firstDeliveries(consumer, ids).chain(first -> {
                    Uni<Void> chain = Uni.createFrom().voidItem();
                    for (Delivery delivery : deliveries) {
                        chain = chain.chain(() -> first.remove(
                                        delivery.envelope().id())
                                ? apply(consumer, delivery.record(), delivery.envelope(), delivery.event(), effect)
                                : Uni.createFrom().voidItem());
                    }
                    return chain;
                }),
                () -> consumer + " waits for the database to apply " + deliveries.size() + " events");
    }

    /**
     * {@code work} in a transaction, waiting for the database while it is out of reach. A conflict means another
     * transaction got there first: the whole transaction is done again on the new state.
     */
    private static Uni<Void> transaction(Supplier<Uni<Void>> work, Supplier<String> waiting) {
        return StorageUnavailable.waitFor(
                Panache.withTransaction(work)
                        .onFailure(IdempotentConsumer::conflict)
                        .retry()
                        .withBackOff(Duration.ofMillis(5), Duration.ofMillis(200))
                        .atMost(20),
                LOG,
                waiting);
    }

    /**
     * A failure that a retry can resolve: an append to a stream that moved meanwhile, or an entity with a
     * {@code @Version} that another consumer's transaction changed between this one's read and its write
     * (two channels finishing the same table, say).
     */
    static boolean conflict(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof ConcurrencyConflictException
                    || t instanceof StaleStateException
                    || t instanceof OptimisticLockException) {
                return true;
            }
        }
        return false;
    }

    /**
     * Applies the effect, in a span that continues the record's trace ({@link MessageTraces}); a record replayed after
     * a rebuild changes state but publishes nothing again.
     */
    private Uni<Void> apply(
            String consumer,
            ConsumerRecord<String, String> record,
            CloudEvent envelope,
            TesseraEvent event,
            BiFunction<CloudEvent, TesseraEvent, Uni<Void>> effect) {
        return replayMarks.below(record).chain(replay -> {
            if (!replay) {
                return traces.consuming(consumer, record, envelope, () -> effect.apply(envelope, event));
            }
            ReplayMarks.enter();
            return effect.apply(envelope, event).eventually(ReplayMarks::leave);
        });
    }

    private Uni<Boolean> firstDelivery(String consumer, String eventId) {
        return SessionSql.update(
                        "INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                        consumer,
                        eventId)
                .map(count -> count == 1);
    }

    /** Records the events as processed by {@code consumer}; the ids of those it had not processed before. */
    private Uni<Set<String>> firstDeliveries(String consumer, String[] eventIds) {
        return SessionSql.select(
                        "INSERT INTO processed_events (consumer, event_id) SELECT $1, unnest($2::text[])"
                                + " ON CONFLICT DO NOTHING RETURNING event_id",
                        consumer,
                        eventIds)
                .map(rows -> {
                    Set<String> first = new HashSet<>();
                    rows.forEach(row -> first.add((String) row[0]));
                    return first;
                });
    }
}
