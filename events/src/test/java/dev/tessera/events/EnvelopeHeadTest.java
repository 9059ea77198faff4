package dev.tessera.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tessera.events.lobby.TableOpened;
import java.time.OffsetDateTime;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What consumers that pass most records over read of a record: its type, subject and stream version, not its data. */
class EnvelopeHeadTest {
    private final EventCodec codec = new EventCodec();

    @Test
    void a_written_envelope_tells_its_type_subject_and_version() {
        String json = codec.write(codec.envelope(
                "/tessera/test",
                "table-1",
                7,
                new TableOpened("table-1", "carrara", 3, "ana", Map.of("expansion", "true")),
                OffsetDateTime.now()));
        assertEquals(new EventCodec.Head("tessera.lobby.TableOpened", "table-1", 7L), codec.head(json));
    }

    @Test
    void the_attributes_are_found_wherever_they_are_even_after_the_data() {
        String json = """
                {"data": {"subject": "not this", "nested": [{"type": "nor this"}]}, "specversion": "1.0",
                 "streamversion": 12, "id": "e1", "subject": "game-9", "type": "tessera.game.GameEnded"}""";
        assertEquals(new EventCodec.Head("tessera.game.GameEnded", "game-9", 12L), codec.head(json));
    }

    @Test
    void a_record_without_them_says_so_with_nulls_and_one_that_is_no_json_object_is_malformed() {
        assertEquals(new EventCodec.Head(null, null, null), codec.head("{\"id\": \"e1\"}"));
        assertThrows(EventCodec.MalformedEventException.class, () -> codec.head("[1, 2]"));
        assertThrows(EventCodec.MalformedEventException.class, () -> codec.head("{\"type\": "));
    }
}
