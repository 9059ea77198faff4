package dev.tessera.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.OffsetDateTime;

/**
 * The CloudEvents 1.0 envelope of every record on Tessera's topics (structured mode, JSON). Standard
 * attributes plus one extension, {@code streamversion}: the event's position in its stream (a game's
 * or a table's), which consumers use to apply each event once and in order.
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
        JsonNode data) {

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
