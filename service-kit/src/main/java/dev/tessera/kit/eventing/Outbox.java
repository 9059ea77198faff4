package dev.tessera.kit.eventing;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.TesseraEvent;
import dev.tessera.kit.observe.Tracing;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Records to publish, written in the caller's transaction (so they exist exactly when the state change
 * they announce does). {@link OutboxRelay} publishes them to Kafka afterwards.
 */
@ApplicationScoped
public class Outbox {
    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(Outbox.class);
    static final int SLOTS = 8;

    @Inject
    EventCodec codec;

    @ConfigProperty(name = "quarkus.application.name")
    String application;

    /** Statements that added rows, ever, in this instance: how {@link OutboxRelay#after} knows a transaction added some. */
    private final AtomicLong added = new AtomicLong();

    long addedSoFar() {
        return added.get();
    }

    /** The CloudEvents source of this service's events. */
    public String source() {
        return "/tessera/" + application;
    }

    /** Wraps {@code event} (position {@code streamVersion} of stream {@code key}) and adds it; inside a transaction. */
    public Uni<CloudEvent> publish(String topic, String key, long streamVersion, TesseraEvent event) {
        CloudEvent envelope = codec.envelope(source(), key, streamVersion, event, OffsetDateTime.now(ZoneOffset.UTC));
        return add(topic, key, envelope).replaceWith(envelope);
    }

    /**
     * As {@link #publish(String, String, long, TesseraEvent)}, for an event that follows from a consumed one ({@code
     * cause}): it is stamped with the cause's time, and its id derives from the cause's id and its own place, so that
     * deriving it again from the same cause (a read model rebuilt anew after Kafka lost its data: ADR 0009) publishes
     * the very same event, which consumers then skip as one they have applied.
     */
    public Uni<CloudEvent> publishFollowing(
            String topic, String key, long streamVersion, TesseraEvent event, CloudEvent cause) {
        String id = UUID.nameUUIDFromBytes((cause.id() + " -> " + topic + "/" + key + "/" + streamVersion)
                        .getBytes(StandardCharsets.UTF_8))
                .toString();
        CloudEvent envelope = codec.envelope(id, source(), key, streamVersion, event, cause.time());
        return add(topic, key, envelope).replaceWith(envelope);
    }

    /** Adds a record to the outbox; must run inside a transaction (see {@link #addAll}). */
    public Uni<Void> add(String topic, String key, CloudEvent event) {
        return addAll(topic, key, List.of(event));
    }

    /**
     * Adds records of one key in one statement, in their order (the relay publishes a key's records in id
     * order); must run inside a transaction. While a rebuilt read model replays records it had applied before
     * ({@link ReplayMarks}), nothing is added: they were published then.
     */
    public Uni<Void> addAll(String topic, String key, List<CloudEvent> events) {
        String[] payloads = payloads(topic, key, events);
        if (payloads.length == 0) {
            return Uni.createFrom().voidItem();
        }
        return SessionSql.update(insert("$1", "$2", "$3", "$4", "true"), topic, key, slot(key), payloads)
                .invoke(this::countAdded)
                .replaceWithVoid();
    }

    /**
     * The records' payloads as {@link #addAll} writes them, each with the current trace context when it is sampled:
     * none while a rebuilt read model replays ({@link ReplayMarks}).
     */
    String[] payloads(String topic, String key, List<CloudEvent> events) {
        if (ReplayMarks.replaying()) {
            LOG.debugf("replay: %d records for %s on %s were published before the rebuild", events.size(), key, topic);
            return new String[0];
        }
        // The work that adds them (a move's request, a consumer applying the event they follow from) goes on in the
        // relay's publication and in every consumer of the records (observe.Tracing).
        String trace = Tracing.traceparent();
        return events.stream()
                .map(e -> codec.write(trace == null || e.traceparent() != null ? e : e.withTraceparent(trace)))
                .toArray(String[]::new);
    }

    /**
     * The INSERT of {@link #addAll}, from the given SQL parameters, adding the rows in their order and only if
     * {@code condition} holds: also a part of the event store's append, which queues its events in the same
     * statement that writes them.
     */
    static String insert(String topic, String key, String slot, String payloads, String condition) {
        return "INSERT INTO outbox (topic, record_key, slot, payload) SELECT " + topic + ", " + key + ", " + slot
                + ", r.payload FROM unnest(CAST(" + payloads + " AS text[])) WITH ORDINALITY AS r(payload, n) WHERE "
                + condition + " ORDER BY r.n";
    }

    /** Counts a statement that added rows (see {@link OutboxRelay#after}). */
    void countAdded() {
        added.incrementAndGet();
    }

    /** The relay's slot of a key: whoever holds the advisory lock (OutboxRelay.LOCK_NAMESPACE, slot) keeps the relay off it. */
    public static short slot(String key) {
        return (short) Math.floorMod(key.hashCode(), SLOTS);
    }
}
