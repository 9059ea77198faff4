package dev.tessera.events;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
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
    public CloudEvent envelope(
            String source, String subject, long streamVersion, TesseraEvent event, OffsetDateTime time) {
        EventType type = EventTypes.of(event.getClass());
        return new CloudEvent(
                CloudEvent.SPEC_VERSION,
                UUID.randomUUID().toString(),
                source,
                type.value(),
                subject,
                time.withOffsetSameInstant(ZoneOffset.UTC),
                "application/json",
                EventTypes.schemaUri(type.value(), type.version()),
                streamVersion,
                data(event));
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

    /** What a record says about itself, read without its {@code data}: for consumers that pass most records over. */
    public record Head(String type, String subject, Long streamversion) {}

    /**
     * The envelope's {@code type}, {@code subject} and {@code streamversion}, read from the JSON without building its
     * {@code data} (skipped token by token), and stopping as soon as the three are known.
     */
    public Head head(String json) {
        String type = null;
        String subject = null;
        Long version = null;
        try (JsonParser parser = mapper.getFactory().createParser(json)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new MalformedEventException("not a CloudEvents JSON record: not an object");
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME && (type == null || subject == null || version == null)) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                switch (field) {
                    case "type" -> type = parser.getValueAsString();
                    case "subject" -> subject = parser.getValueAsString();
                    case "streamversion" ->
                        version = value == JsonToken.VALUE_NUMBER_INT ? parser.getLongValue() : null;
                    default -> parser.skipChildren();
                }
            }
        } catch (IOException e) {
            throw new MalformedEventException("not a CloudEvents JSON record: " + e.getMessage(), e);
        }
        return new Head(type, subject, version);
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
            throw new MalformedEventException(
                    "data of " + type + " v" + version + " does not fit: " + e.getOriginalMessage(), e);
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
