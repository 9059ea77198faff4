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
import java.util.Map;
import java.util.UUID;

/**
 * Turns events into CloudEvents JSON and back. Reading goes through the contract's own upcasters
 * ({@link Upcasters#CONTRACT}) and any a service registers, so a record stored or published at an older schema
 * version is read as the current record.
 *
 * <p>A record of a type it knows at a version newer than it knows was written by a newer release (a rolling upgrade
 * runs both side by side): it is never read as if it were the version known here, whose fields may have changed
 * meaning. {@link NewerEventException} says so, and the caller leaves the record for an instance of the newer release
 * (docs/adr/0008, the event-compatibility rule). A type it does not know at all is read as null: a release that does
 * not know a type has nothing to do with it.
 */
public final class EventCodec {
    private final ObjectMapper mapper;
    private final List<Upcaster> upcasters;
    private final Map<String, Integer> newestKnown;

    public EventCodec() {
        this(List.of());
    }

    /** A codec reading through the contract's upcasters and {@code upcasters}. */
    public EventCodec(List<Upcaster> upcasters) {
        this(upcasters, Map.of());
    }

    /**
     * As {@link #EventCodec(List)}, reading the types in {@code newestKnown} as if their newest version were the one
     * given there rather than the contract's: how a test, or a rehearsal, makes an instance stand in for an older
     * release that did not know those versions yet.
     */
    public EventCodec(List<Upcaster> upcasters, Map<String, Integer> newestKnown) {
        this.mapper = newMapper();
        this.upcasters = new ArrayList<>(Upcasters.CONTRACT);
        this.upcasters.addAll(upcasters);
        this.newestKnown = Map.copyOf(newestKnown);
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

    /** Wraps an event for publication, under a new random id. */
    public CloudEvent envelope(
            String source, String subject, long streamVersion, TesseraEvent event, OffsetDateTime time) {
        return envelope(UUID.randomUUID().toString(), source, subject, streamVersion, event, time);
    }

    /** Wraps an event for publication under {@code id}. */
    public CloudEvent envelope(
            String id, String source, String subject, long streamVersion, TesseraEvent event, OffsetDateTime time) {
        EventType type = EventTypes.of(event.getClass());
        return new CloudEvent(
                CloudEvent.SPEC_VERSION,
                id,
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

    /**
     * Reads stored event data of {@code type} at {@code version}, upcasting it to the current record.
     *
     * @throws NewerEventException when {@code version} is newer than this release knows of {@code type}
     */
    public TesseraEvent read(String type, int version, JsonNode data) {
        Class<? extends TesseraEvent> cls = EventTypes.byName(type);
        if (cls == null) {
            return null;
        }
        int current = EventTypes.of(cls).version();
        int newest = newestKnown.getOrDefault(type, current);
        if (version > newest) {
            throw new NewerEventException(type, version, newest);
        }
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

    /**
     * A record of a newer release: a type this one knows, at a version it does not. Not malformed, and not to be
     * dead-lettered: an instance of the newer release reads it.
     */
    public static final class NewerEventException extends RuntimeException {
        private final String type;
        private final int version;
        private final int newestKnown;

        public NewerEventException(String type, int version, int newestKnown) {
            super(type + " v" + version + " is newer than this release knows (v" + newestKnown + ")");
            this.type = type;
            this.version = version;
            this.newestKnown = newestKnown;
        }

        public String type() {
            return type;
        }

        public int version() {
            return version;
        }

        public int newestKnown() {
            return newestKnown;
        }

        /** The first {@code NewerEventException} in {@code failure}'s cause chain, or null. */
        public static NewerEventException in(Throwable failure) {
            for (Throwable t = failure; t != null; t = t.getCause()) {
                if (t instanceof NewerEventException newer) {
                    return newer;
                }
            }
            return null;
        }
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
