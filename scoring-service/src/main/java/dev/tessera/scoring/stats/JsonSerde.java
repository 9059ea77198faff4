package dev.tessera.scoring.stats;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.events.EventCodec;
import java.io.IOException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/** JSON (Jackson, ISO times) for the values of the statistics' stores, changelogs and repartition topics. */
public final class JsonSerde<T> implements Serde<T> {
    private static final ObjectMapper MAPPER = EventCodec.newMapper();

    private final Class<T> type;

    public JsonSerde(Class<T> type) {
        this.type = type;
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    @Override
    public Serializer<T> serializer() {
        return (topic, value) -> {
            if (value == null) {
                return null;
            }
            try {
                return MAPPER.writeValueAsBytes(value);
            } catch (IOException e) {
                throw new SerializationException("cannot write " + type.getSimpleName(), e);
            }
        };
    }

    @Override
    public Deserializer<T> deserializer() {
        return (topic, bytes) -> {
            if (bytes == null) {
                return null;
            }
            try {
                return MAPPER.readValue(bytes, type);
            } catch (IOException e) {
                throw new SerializationException("cannot read " + type.getSimpleName(), e);
            }
        };
    }
}
