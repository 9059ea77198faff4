package dev.tessera.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.OffsetDateTime;

/**
 * The CloudEvents 1.0 envelope of every record on Tessera's topics (structured mode, JSON). Standard
 * attributes plus three extensions: {@code streamversion}, the event's position in its stream (a game's
 * or a table's), which consumers use to apply each event once and in order; and, on the first event of the events a
 * player's move produced in a game, {@code movedby} (the seat the move was played for) and {@code move} (the move, as
 * the move endpoint accepts it, in JSON text), so that anyone can decide the game again from its seed and its moves
 * (docs/replays-and-fairness.md, "Draws anyone can verify").
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
        String move) {

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
                null);
    }

    /** This envelope as the first event of {@code seat}'s move {@code move} (JSON text). */
    public CloudEvent withMove(String seat, String move) {
        return with(data, seat, move);
    }

    /** This envelope with {@code data} in place of its own (the move it records kept). */
    public CloudEvent withData(JsonNode data) {
        return with(data, movedby, move);
    }

    private CloudEvent with(JsonNode data, String movedby, String move) {
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
                move);
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
