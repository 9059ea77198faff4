package dev.tessera.gateway.webhooks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * A webhook's body, as the Standard Webhooks specification suggests it: {@code {"type": …, "timestamp": …, "data":
 * {…}}}, where {@code timestamp} is when the fact happened (the event's time; a {@code ping}'s is when it was asked
 * for). The body is made once, when the delivery is, and every attempt sends the same bytes.
 */
final class Messages {
    private Messages() {}

    static String body(ObjectMapper mapper, String type, OffsetDateTime timestamp, ObjectNode data) {
        ObjectNode body = mapper.createObjectNode();
        body.put("type", type);
        body.put("timestamp", timestamp.withOffsetSameInstant(ZoneOffset.UTC).toString());
        body.set("data", data);
        try {
            return mapper.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a webhook body is plain JSON", e);
        }
    }
}
