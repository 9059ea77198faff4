package dev.tessera.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Turns events into CloudEvents JSON and back. Reading goes through the contract's own upcasters
 * ({@link Upcasters#CONTRACT}) and any a service registers, so a record stored or published at an older schema
 * version is read as the current record.
 */
public final class EventCodec {
    private final ObjectMapper mapper;
    private final List<Upcaster> upcasters;

    public EventCodec() {
        this(List.of());
    }

    /** A codec reading through the contract's upcasters and {@code upcasters}. */
    public EventCodec(List<Upcaster> upcasters) {
        this.mapper = newMapper();
        this.upcasters = new ArrayList<>(Upcasters.CONTRACT);
        this.upcasters.addAll(upcasters);
    }

    /** The mapper every Tessera component uses for event data: ISO times, unknown fields ignored. */
    public static ObjectMapper newMapper() {
        return new ObjectMapper()
                .registerModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    }

    public ObjectMapper mapper() {
        return mapper;
    }

    public JsonNode data(TesseraEvent event) {
        return mapper.valueToTree(event);
    }

    /** Wraps an event for publication. */
    public CloudEvent envelope(String source, String subject, long streamVersion, TesseraEvent event, OffsetDateTime time) {
        EventType type = EventTypes.of(event.getClass());
        return new CloudEvent(CloudEvent.SPEC_VERSION, UUID.randomUUID().toString(), source, type.value(), subject,
                time.withOffsetSameInstant(ZoneOffset.UTC), "application/json",
                EventTypes.schemaUri(type.value(), type.version()), streamVersion, data(event));
    }

    public String write(CloudEvent envelope) {
        try {
            return mapper.writeValueAsString(envelope);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot serialise " + envelope.type(), e);
        }
    }

    public CloudEvent readEnvelope(String json) {
        try {
            return mapper.readValue(json, CloudEvent.class);
        } catch (JsonProcessingException e) {
            throw new MalformedEventException("not a CloudEvents JSON record: " + e.getOriginalMessage(), e);
        }
    }

    /** The event in an envelope, upcast to the current schema; null when the type is not one we know. */
    public TesseraEvent read(CloudEvent envelope) {
        return read(envelope.type(), envelope.schemaVersion(), envelope.data());
    }

    /** Reads stored event data of {@code type} at {@code version}, upcasting it to the current record. */
    public TesseraEvent read(String type, int version, JsonNode data) {
        Class<? extends TesseraEvent> cls = EventTypes.byName(type);
        if (cls == null) {
            return null;
        }
        int current = EventTypes.of(cls).version();
        JsonNode node = data;
        for (int v = version; v < current; v++) {
            node = upcast(type, v, node);
        }
        try {
            return mapper.treeToValue(node, cls);
        } catch (JsonProcessingException e) {
            throw new MalformedEventException("data of " + type + " v" + version + " does not fit: " + e.getOriginalMessage(), e);
        }
    }

    private JsonNode upcast(String type, int fromVersion, JsonNode data) {
        for (Upcaster u : upcasters) {
            if (u.type().equals(type) && u.fromVersion() == fromVersion) {
                return u.upcast(((ObjectNode) data).deepCopy());
            }
        }
        throw new MalformedEventException("no upcaster for " + type + " v" + fromVersion);
    }

    /** A record that can never be read: the caller dead-letters it. */
    public static final class MalformedEventException extends RuntimeException {
        public MalformedEventException(String message) {
            super(message);
        }

        public MalformedEventException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
