package dev.tessera.game.builders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.events.EventType;
import dev.tessera.events.builders.BuildersEvent;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BuildersEventContractTest {

    /** Machines (MachineSent, and BuildingInfo saying whether a card is one) raised three types to version 2. */
    private static final Map<String, Integer> VERSIONS =
            Map.of("ConstructionStarted", 2, "WorkerSent", 2, "BuildingCompleted", 2);

    @Test
    void every_event_is_a_record_named_tessera_builders_and_its_simple_name() {
        Class<?>[] events = BuildersEvent.class.getPermittedSubclasses();
        assertEquals(10, events.length);
        for (Class<?> event : events) {
            assertTrue(event.isRecord(), event.getName());
            EventType type = event.getAnnotation(EventType.class);
            assertNotNull(type, event.getName());
            assertEquals("tessera.builders." + event.getSimpleName(), type.value());
            assertEquals(VERSIONS.getOrDefault(event.getSimpleName(), 1), type.version(), event.getName());
        }
    }
}
