package dev.tessera.gateway.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.core.Response;
import java.io.IOException;

/** Reading a service's answer, when the gateway adds to it rather than passing it on. */
final class Json {
    private Json() {}

    /** The body of a forwarded answer (the Forwarder keeps it as bytes) read as {@code type}. */
    static <T> T read(ObjectMapper mapper, Response answer, Class<T> type) {
        try {
            return mapper.readValue((byte[]) answer.getEntity(), type);
        } catch (IOException e) {
            throw new IllegalStateException("unreadable answer from a service: " + e.getMessage(), e);
        }
    }
}
