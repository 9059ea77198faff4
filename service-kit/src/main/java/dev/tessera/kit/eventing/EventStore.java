package dev.tessera.kit.eventing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.EventType;
import dev.tessera.events.EventTypes;
import dev.tessera.events.TesseraEvent;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Append-only event streams in PostgreSQL, with optimistic concurrency on the stream version. Every
 * append also writes the events to the {@link Outbox} in the same transaction, so an event is
 * published if and only if it is stored. Methods must run inside {@code Panache.withTransaction}.
 */
@ApplicationScoped
public class EventStore {

    @Inject
    EventCodec codec;

    @Inject
    Outbox outbox;

    /** The stream's version: the number of events in it (0 for a stream that does not exist). */
    public Uni<Long> version(String streamId) {
        return Panache.getSession().chain(session -> session
                .createNativeQuery("SELECT coalesce(max(version), 0) FROM events WHERE stream_id = :s")
                .setParameter("s", streamId)
                .getSingleResult()
                .map(Sql::number));
    }

    /**
     * Appends {@code events} after {@code expectedVersion} and queues them for {@code topic}, keyed by the
     * stream id. Fails with {@link ConcurrencyConflictException} when the stream has moved on, whether
     * seen before writing or at commit by the (stream_id, version) key.
     *
     * @return the envelopes written, in order; the last one's streamversion is the stream's new version
     */
    public Uni<List<CloudEvent>> append(String streamId, long expectedVersion, List<? extends TesseraEvent> events,
                                        String topic) {
        return version(streamId).chain(actual -> {
            if (actual != expectedVersion) {
                return Uni.createFrom().failure(new ConcurrencyConflictException(streamId, expectedVersion, actual));
            }
            OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
            List<CloudEvent> envelopes = new ArrayList<>();
            long v = expectedVersion;
            for (TesseraEvent event : events) {
                envelopes.add(codec.envelope(outbox.source(), streamId, ++v, event, now));
            }
            Uni<Void> chain = Uni.createFrom().voidItem();
            for (CloudEvent envelope : envelopes) {
                chain = chain.chain(() -> insert(streamId, envelope)).chain(() -> outbox.add(topic, streamId, envelope));
            }
            return chain.replaceWith(envelopes);
        }).onFailure(Sql::isUniqueViolation)
                .transform(e -> new ConcurrencyConflictException(streamId, expectedVersion, -1));
    }

    private Uni<Void> insert(String streamId, CloudEvent envelope) {
        EventType type = EventTypes.of(EventTypes.byName(envelope.type()));
        return Panache.getSession().chain(session -> session.createNativeQuery("""
                        INSERT INTO events (stream_id, version, event_id, type, schema_version, payload, recorded_at)
                        VALUES (:s, :v, CAST(:id AS uuid), :type, :sv, CAST(CAST(:payload AS text) AS jsonb), :at)""")
                .setParameter("s", streamId)
                .setParameter("v", envelope.streamversion())
                .setParameter("id", envelope.id())
                .setParameter("type", envelope.type())
                .setParameter("sv", type.version())
                .setParameter("payload", json(envelope.data()))
                .setParameter("at", envelope.time())
                .executeUpdate()
                .replaceWithVoid());
    }

    /** The stream's events after {@code afterVersion}, in order, as stored. */
    public Uni<List<StoredEvent>> load(String streamId, long afterVersion) {
        return load(streamId, afterVersion, Integer.MAX_VALUE);
    }

    /** At most {@code limit} of the stream's events after {@code afterVersion}, in order, as stored. */
    public Uni<List<StoredEvent>> load(String streamId, long afterVersion, int limit) {
        return Panache.getSession().chain(session -> session.<Object[]>createNativeQuery("""
                        SELECT version, event_id::text, type, schema_version, payload::text, recorded_at
                        FROM events WHERE stream_id = :s AND version > :v ORDER BY version LIMIT :n""")
                .setParameter("s", streamId)
                .setParameter("v", afterVersion)
                .setParameter("n", limit)
                .getResultList())
                .map(rows -> rows.stream().map(r -> new StoredEvent(streamId, Sql.number(r[0]), (String) r[1],
                        (String) r[2], (int) Sql.number(r[3]), tree((String) r[4]), Sql.time(r[5]))).toList());
    }

    /** The event at {@code version} of a stream, or null when there is none. */
    public Uni<StoredEvent> at(String streamId, long version) {
        return load(streamId, version - 1, 1).map(events -> events.isEmpty() ? null : events.get(0));
    }

    /** The event of a stored row, upcast to its current schema. */
    public TesseraEvent event(StoredEvent stored) {
        return codec.read(stored.type(), stored.schemaVersion(), stored.data());
    }

    /** The stored row as the CloudEvent it was published as. */
    public CloudEvent envelope(StoredEvent stored) {
        return new CloudEvent(CloudEvent.SPEC_VERSION, stored.eventId(), outbox.source(), stored.type(), stored.streamId(),
                stored.recordedAt(), "application/json", EventTypes.schemaUri(stored.type(), stored.schemaVersion()),
                stored.version(), stored.data());
    }

    public Uni<Optional<Snapshot>> snapshot(String streamId) {
        return Panache.getSession().chain(session -> session.<Object[]>createNativeQuery(
                        "SELECT version, state::text FROM snapshots WHERE stream_id = :s")
                .setParameter("s", streamId)
                .getResultList())
                .map(rows -> rows.stream().findFirst()
                        .map(r -> new Snapshot(streamId, Sql.number(r[0]), tree((String) r[1]))));
    }

    public Uni<Void> saveSnapshot(String streamId, long version, JsonNode state) {
        return Panache.getSession().chain(session -> session.createNativeQuery("""
                        INSERT INTO snapshots (stream_id, version, state) VALUES (:s, :v, CAST(CAST(:state AS text) AS jsonb))
                        ON CONFLICT (stream_id) DO UPDATE SET version = excluded.version, state = excluded.state,
                        taken_at = now() WHERE snapshots.version < excluded.version""")
                .setParameter("s", streamId)
                .setParameter("v", version)
                .setParameter("state", json(state))
                .executeUpdate()
                .replaceWithVoid());
    }

    private String json(JsonNode node) {
        try {
            return codec.mapper().writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private JsonNode tree(String json) {
        try {
            return codec.mapper().readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored JSON does not parse", e);
        }
    }

    public record Snapshot(String streamId, long version, JsonNode state) {
    }
}
