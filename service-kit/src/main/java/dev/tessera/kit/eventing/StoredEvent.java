package dev.tessera.kit.eventing;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.OffsetDateTime;

/** One row of the event store, as stored (data not yet upcast). */
public record StoredEvent(
        String streamId,
        long version,
        String eventId,
        String type,
        int schemaVersion,
        JsonNode data,
        OffsetDateTime recordedAt) {}
