package dev.tessera.kit.eventing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.EventTypes;
import dev.tessera.events.TesseraEvent;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
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

    /**
     * The version check, the events and their outbox records, and what goes {@link Alongside}: an append in one
     * statement (see {@link #insert}). {@code %1$s} is the alongside lock, {@code %2$s} its write.
     */
    private static final String APPEND = """
            WITH locked AS MATERIALIZED (%1$s),
            current AS (SELECT coalesce(max(version), 0) AS version FROM events
                        WHERE stream_id = $1 AND (SELECT count(*) FROM locked) >= 0),
            written AS (
                INSERT INTO events (stream_id, version, event_id, type, schema_version, payload, recorded_at, metadata)
                SELECT $1, e.version, CAST(e.id AS uuid), e.type, e.schema_version, CAST(e.payload AS jsonb), $8,
                       CASE WHEN CAST($%4$d AS text) IS NULL THEN CAST('{}' AS jsonb)
                            WHEN e.version = $2 + 1 THEN CAST(CAST($%4$d AS text) AS jsonb)
                            ELSE CAST(CAST($%4$d AS text) AS jsonb) - 'move' END
                FROM unnest(CAST($3 AS bigint[]), CAST($4 AS text[]), CAST($5 AS text[]), CAST($6 AS int[]),
                            CAST($7 AS text[])) AS e(version, id, type, schema_version, payload), current
                WHERE current.version = $2
                RETURNING 1),
            queued AS (%3$s RETURNING 1)%2$s
            SELECT version FROM current""";
    /** {@link #APPEND} with nothing alongside. */
    private static final String APPEND_ALONE = append(null);

    private static String append(Alongside alongside) {
        return APPEND.formatted(
                alongside == null ? "SELECT 1 WHERE false" : alongside.lock(),
                alongside == null ? "" : ",\nalongside AS (" + alongside.write() + " RETURNING 1)",
                Outbox.insert("$9", "$1", "$10", "$11", APPENDED),
                ALONGSIDE_PARAMETERS
                        + (alongside == null ? 0 : alongside.parameters().size()));
    }

    /** In an {@link Alongside} write: true exactly when the append takes place (the stream was at the expected version). */
    public static final String APPENDED = "(SELECT version FROM current) = $2";
    /**
     * The first SQL parameter number an {@link Alongside} may use; $1 is the stream id, $2 the expected version. The
     * batch's metadata comes after the alongside's parameters.
     */
    public static final int ALONGSIDE_PARAMETERS = 12;

    /**
     * What an append does to another table in the same statement: {@code lock} (a SELECT … FOR UPDATE) runs before the
     * stream's version is read, so that rows locked by other writers before their appends are always taken first,
     * never in the other order; {@code write} (an INSERT, UPDATE or DELETE whose condition includes {@link #APPENDED})
     * changes the table only if the events are written. Their parameters are numbered from {@link #ALONGSIDE_PARAMETERS}.
     */
    public record Alongside(String lock, String write, List<Object> parameters) {}

    @Inject
    EventCodec codec;

    @Inject
    Outbox outbox;

    /** The stream's version: the number of events in it (0 for a stream that does not exist). */
    public Uni<Long> version(String streamId) {
        return SessionSql.select("SELECT coalesce(max(version), 0) FROM events WHERE stream_id = $1", streamId)
                .map(rows -> Sql.number(rows.get(0)[0]));
    }

    /**
     * Appends {@code events} after {@code expectedVersion} and queues them for {@code topic}, keyed by the
     * stream id. Fails with {@link ConcurrencyConflictException} when the stream has moved on, whether
     * seen before writing or at commit by the (stream_id, version) key.
     *
     * @return the envelopes written, in order; the last one's streamversion is the stream's new version
     */
    public Uni<List<CloudEvent>> append(
            String streamId, long expectedVersion, List<? extends TesseraEvent> events, String topic) {
        return append(streamId, expectedVersion, events, topic, null);
    }

    /**
     * As {@link #append(String, long, List, String)}, with a write to another table in the same statement, made if and
     * only if the events are (a game's clock row, say); {@code alongside} may be null. Needs no transaction of its
     * own: one statement commits, or fails, whole.
     */
    public Uni<List<CloudEvent>> append(
            String streamId,
            long expectedVersion,
            List<? extends TesseraEvent> events,
            String topic,
            Alongside alongside) {
        return append(streamId, expectedVersion, events, topic, alongside, null);
    }

    /**
     * As {@link #append(String, long, List, String, Alongside)}, recording {@code batch} (may be null) in the {@code
     * metadata} column of every event appended: what made these events, such as the move and the seat that sent it.
     * Its {@code move} member (JSON text, or JSON) is kept on the batch's first event only, and published there with its
     * {@code by} member, as the envelope's {@code move} and {@code movedby} attributes ({@link #withMove}); the rest is
     * the store's own.
     */
    public Uni<List<CloudEvent>> append(
            String streamId,
            long expectedVersion,
            List<? extends TesseraEvent> events,
            String topic,
            Alongside alongside,
            JsonNode batch) {
        return append(streamId, expectedVersion, events, topic, alongside, batch, null);
    }

    /**
     * Whom a stream (a game) waits for once an append is made, published on the append's last event as the envelope's
     * {@code toact} and {@code deadline} ({@link CloudEvent#withToAct}): a consumer then knows whose turn it is without
     * asking. Not stored: the history (the events endpoint, the exports) leaves it out.
     *
     * @param player   null when the stream waits for nobody
     * @param deadline null without a turn clock
     */
    public record ToAct(String player, OffsetDateTime deadline) {}

    /**
     * As {@link #append(String, long, List, String, Alongside, JsonNode)}, with {@code toAct} (may be null: not a game,
     * or nobody to say) published on the append's last event.
     */
    public Uni<List<CloudEvent>> append(
            String streamId,
            long expectedVersion,
            List<? extends TesseraEvent> events,
            String topic,
            Alongside alongside,
            JsonNode batch,
            ToAct toAct) {
        // PostgreSQL keeps microseconds: the time published is the time stored, to the digit, so that the history
        // (the events endpoint, the exports, a republication) tells it as it was published.
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
        List<CloudEvent> envelopes = new ArrayList<>();
        long v = expectedVersion;
        for (TesseraEvent event : events) {
            envelopes.add(codec.envelope(outbox.source(), streamId, ++v, event, now));
        }
        if (envelopes.isEmpty()) {
            throw new IllegalArgumentException("nothing to append to " + streamId);
        }
        envelopes.set(0, withMove(envelopes.get(0), batch));
        if (toAct != null && toAct.player() != null) {
            int last = envelopes.size() - 1;
            envelopes.set(last, envelopes.get(last).withToAct(toAct.player(), toAct.deadline()));
        }
        return insert(streamId, expectedVersion, envelopes, topic, alongside, batch)
                .chain(actual -> {
                    if (actual != expectedVersion) {
                        return Uni.createFrom()
                                .failure(new ConcurrencyConflictException(streamId, expectedVersion, actual));
                    }
                    return Uni.createFrom().item(envelopes);
                })
                .onFailure(Sql::isUniqueViolation)
                .transform(e -> new ConcurrencyConflictException(streamId, expectedVersion, -1));
    }

    /**
     * Inserts the envelopes and their outbox records for {@code topic}, in one statement, only if the stream is
     * at {@code expectedVersion}; answers the version it found (both were written if and only if it is the
     * expected one). A transaction that appended meanwhile and commits first makes this one fail on the
     * (stream_id, version) key.
     */
    private Uni<Long> insert(
            String streamId,
            long expectedVersion,
            List<CloudEvent> envelopes,
            String topic,
            Alongside alongside,
            JsonNode batch) {
        int n = envelopes.size();
        Long[] versions = new Long[n];
        String[] ids = new String[n];
        String[] types = new String[n];
        Integer[] schemaVersions = new Integer[n];
        String[] payloads = new String[n];
        for (int i = 0; i < n; i++) {
            CloudEvent e = envelopes.get(i);
            versions[i] = e.streamversion();
            ids[i] = e.id();
            types[i] = e.type();
            schemaVersions[i] = EventTypes.of(EventTypes.byName(e.type())).version();
            payloads[i] = json(e.data());
        }
        String[] records = outbox.payloads(topic, streamId, envelopes);
        List<Object> parameters = new ArrayList<>(List.of(
                streamId,
                expectedVersion,
                versions,
                ids,
                types,
                schemaVersions,
                payloads,
                envelopes.get(0).time(),
                topic,
                Outbox.slot(streamId),
                records));
        if (alongside != null) {
            parameters.addAll(alongside.parameters());
        }
        parameters.add(batch == null ? null : json(batch));
        return SessionSql.select(alongside == null ? APPEND_ALONE : append(alongside), parameters.toArray())
                .map(rows -> {
                    long found = Sql.number(rows.get(0)[0]);
                    if (found == expectedVersion && records.length > 0) {
                        outbox.countAdded();
                    }
                    return found;
                });
    }

    /**
     * {@code first}, the first envelope of an append, with the move its batch metadata records ({@code by} and {@code
     * move}), if it records one.
     */
    private CloudEvent withMove(CloudEvent first, JsonNode batch) {
        return withMove(codec.mapper(), first, batch);
    }

    /** As {@link #withMove(CloudEvent, JsonNode)}, for a tool outside a service ({@code mapper}: the codec's). */
    public static CloudEvent withMove(ObjectMapper mapper, CloudEvent first, JsonNode batch) {
        if (batch == null || !batch.hasNonNull(MOVE) || !batch.hasNonNull(BY)) {
            return first;
        }
        JsonNode move = batch.get(MOVE);
        return first.withMove(batch.get(BY).asText(), move.isTextual() ? move.asText() : json(mapper, move));
    }

    /** The batch metadata's members that are published, on a batch's first event: the move (JSON text) and its seat. */
    public static final String MOVE = "move";

    public static final String BY = "by";

    /**
     * The stream's events after {@code afterVersion}, in order, as they were published: each with the move its batch
     * metadata records, on a batch's first event.
     */
    public Uni<List<CloudEvent>> published(String streamId, long afterVersion) {
        return SessionSql.select(
                        "SELECT " + COLUMNS
                                + ", metadata::text FROM events WHERE stream_id = $1 AND version > $2 ORDER BY version",
                        streamId,
                        afterVersion)
                .map(rows -> rows.stream()
                        .map(r -> withMove(envelope(stored(streamId, r)), r[6] == null ? null : tree((String) r[6])))
                        .toList());
    }

    /** The stream's events after {@code afterVersion}, in order, as stored. */
    public Uni<List<StoredEvent>> load(String streamId, long afterVersion) {
        return load(streamId, afterVersion, Integer.MAX_VALUE);
    }

    /** At most {@code limit} of the stream's events after {@code afterVersion}, in order, as stored. */
    public Uni<List<StoredEvent>> load(String streamId, long afterVersion, int limit) {
        return SessionSql.select(
                        "SELECT " + COLUMNS
                                + " FROM events WHERE stream_id = $1 AND version > $2 ORDER BY version LIMIT $3",
                        streamId,
                        afterVersion,
                        (long) limit)
                .map(rows -> rows.stream().map(r -> stored(streamId, r)).toList());
    }

    /** The columns of a stored event, in the order {@link #stored} reads them (for a statement that selects more). */
    public static final String COLUMNS = "version, event_id::text, type, schema_version, payload::text, recorded_at";

    /** A row of {@link #COLUMNS} (its first six values) as the stored event of {@code streamId}. */
    public StoredEvent stored(String streamId, Object[] r) {
        return new StoredEvent(
                streamId,
                Sql.number(r[0]),
                (String) r[1],
                (String) r[2],
                (int) Sql.number(r[3]),
                tree((String) r[4]),
                Sql.time(r[5]));
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
        return envelope(outbox.source(), stored);
    }

    /**
     * The stored row as the CloudEvent {@code source} published (without the move, which its batch metadata records, and
     * without {@code toact}, which is not stored).
     */
    public static CloudEvent envelope(String source, StoredEvent stored) {
        return new CloudEvent(
                CloudEvent.SPEC_VERSION,
                stored.eventId(),
                source,
                stored.type(),
                stored.streamId(),
                stored.recordedAt(),
                "application/json",
                EventTypes.schemaUri(stored.type(), stored.schemaVersion()),
                stored.version(),
                stored.data());
    }

    public Uni<Optional<Snapshot>> snapshot(String streamId) {
        return SessionSql.select("SELECT version, state::text FROM snapshots WHERE stream_id = $1", streamId)
                .map(rows -> rows.stream()
                        .findFirst()
                        .map(r -> new Snapshot(streamId, Sql.number(r[0]), tree((String) r[1]))));
    }

    public Uni<Void> saveSnapshot(String streamId, long version, JsonNode state) {
        return SessionSql.update("""
                        INSERT INTO snapshots (stream_id, version, state) VALUES ($1, $2, CAST(CAST($3 AS text) AS jsonb))
                        ON CONFLICT (stream_id) DO UPDATE SET version = excluded.version, state = excluded.state,
                        taken_at = now() WHERE snapshots.version < excluded.version""", streamId, version, json(state)).replaceWithVoid();
    }

    private String json(JsonNode node) {
        return json(codec.mapper(), node);
    }

    private static String json(ObjectMapper mapper, JsonNode node) {
        try {
            return mapper.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** Stored JSON (a payload, the metadata) read back. */
    public JsonNode tree(String json) {
        return tree(codec.mapper(), json);
    }

    /** As {@link #tree(String)}, for a tool outside a service ({@code mapper}: the codec's). */
    public static JsonNode tree(ObjectMapper mapper, String json) {
        try {
            return mapper.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored JSON does not parse", e);
        }
    }

    public record Snapshot(String streamId, long version, JsonNode state) {}
}
