package dev.tessera.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.OffsetDateTime;

/**
 * The CloudEvents 1.0 envelope of every record on Tessera's topics (structured mode, JSON). Standard
 * attributes plus six extensions: {@code streamversion}, the event's position in its stream (a game's
 * or a table's), which consumers use to apply each event once and in order; on the first event of the events a
 * player's move produced in a game, {@code movedby} (the seat the move was played for) and {@code move} (the move, as
 * the move endpoint accepts it, in JSON text), so that anyone can decide the game again from its seed and its moves
 * (docs/replays-and-fairness.md, "Draws anyone can verify"); and on the last event of each append to a game's stream
 * on the topic, {@code toact} (the player the game waits for once the append is made, absent when it waits for
 * nobody) and {@code deadline} (when that player's turn clock runs out, absent without a clock), so that a consumer
 * knows whose turn it is without asking game-service (the gateway's webhooks, a client's live feed). When tracing
 * is on, {@code traceparent} (CloudEvents' distributed-tracing extension) holds the W3C trace context of the work
 * that made the event: the move's request, or the consumer that applied the event it follows from.
 *
 * @param toact    null when the game waits for no player after this event, or when this is not an append's last event
 *     on the topic (the events endpoint and the exports, which tell the history, leave it out)
 * @param deadline null without {@code toact} or when the table plays without a turn clock
 * @param traceparent null when tracing is off; it is written in the record published,
 *     never in the event store (the events endpoint and the exports leave it out)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CloudEvent(
        String specversion,
        String id,
        String source,
        String type,
        String subject,
        OffsetDateTime time,
        String datacontenttype,
        String dataschema,
        Long streamversion,
        JsonNode data,
        String movedby,
        String move,
        String toact,
        OffsetDateTime deadline,
        String traceparent) {

    /** An envelope that records no move: every event but the first of a move's events. */
    public CloudEvent(
            String specversion,
            String id,
            String source,
            String type,
            String subject,
            OffsetDateTime time,
            String datacontenttype,
            String dataschema,
            Long streamversion,
            JsonNode data) {
        this(
                specversion,
                id,
                source,
                type,
                subject,
                time,
                datacontenttype,
                dataschema,
                streamversion,
                data,
                null,
                null,
                null,
                null,
                null);
    }

    /** This envelope as the first event of {@code seat}'s move {@code move} (JSON text). */
    public CloudEvent withMove(String seat, String move) {
        return with(data, seat, move, toact, deadline, traceparent);
    }

    /** This envelope with {@code data} in place of its own (the move it records kept). */
    public CloudEvent withData(JsonNode data) {
        return with(data, movedby, move, toact, deadline, traceparent);
    }

    /**
     * This envelope as the last event of an append after which the game waits for {@code player} (null: for nobody),
     * whose turn clock runs out at {@code deadline} (null: no clock).
     */
    public CloudEvent withToAct(String player, OffsetDateTime deadline) {
        return with(data, movedby, move, player, player == null ? null : deadline, traceparent);
    }

    /**
     * This envelope with the W3C trace context of the work that made it (CloudEvents' distributed-tracing extension),
     * null for none.
     */
    public CloudEvent withTraceparent(String traceparent) {
        return with(data, movedby, move, toact, deadline, traceparent);
    }

    private CloudEvent with(
            JsonNode data, String movedby, String move, String toact, OffsetDateTime deadline, String traceparent) {
        return new CloudEvent(
                specversion,
                id,
                source,
                type,
                subject,
                time,
                datacontenttype,
                dataschema,
                streamversion,
                data,
                movedby,
                move,
                toact,
                deadline,
                traceparent);
    }

    public static final String SPEC_VERSION = "1.0";
    public static final String CONTENT_TYPE = "application/cloudevents+json";
    /** The record header that holds {@link #CONTENT_TYPE}. */
    public static final String CONTENT_TYPE_HEADER = "content-type";
    /**
     * The record header that repeats the envelope's {@code type} (the name of CloudEvents' Kafka binding for it), so
     * that a consumer passes over the types it does not need without reading the record's value.
     */
    public static final String TYPE_HEADER = "ce_type";

    /** The schema version encoded in {@code dataschema} ({@code .../<type>/v<N>.json}). */
    public int schemaVersion() {
        int v = dataschema.lastIndexOf("/v");
        return Integer.parseInt(dataschema.substring(v + 2, dataschema.length() - ".json".length()));
    }
}
