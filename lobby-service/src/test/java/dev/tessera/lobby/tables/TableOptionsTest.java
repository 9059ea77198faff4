package dev.tessera.lobby.tables;

import dev.tessera.kit.problem.ProblemException;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class TableOptionsTest {

    @Test
    void defaults_are_made_explicit() {
        Map<String, String> turnBased = Map.of("clock", "turn-based", "moveHours", "72");
        assertEquals(turnBased, TableOptions.normalise(null));
        assertEquals(turnBased, TableOptions.normalise(Map.of()));
        assertEquals(turnBased, TableOptions.normalise(Map.of("clock", "turn-based")));
        assertEquals(Map.of("clock", "realtime", "turnSeconds", "120"), TableOptions.normalise(Map.of("clock", "realtime")));
    }

    @Test
    void values_in_range_are_kept_and_written_plainly() {
        assertEquals(Map.of("clock", "realtime", "turnSeconds", "5"),
                TableOptions.normalise(Map.of("clock", "realtime", "turnSeconds", "5")));
        assertEquals(Map.of("clock", "realtime", "turnSeconds", "3600"),
                TableOptions.normalise(Map.of("clock", "realtime", "turnSeconds", "3600")));
        assertEquals(Map.of("clock", "turn-based", "moveHours", "1"), TableOptions.normalise(Map.of("moveHours", "01")));
        assertEquals(Map.of("clock", "turn-based", "moveHours", "720"), TableOptions.normalise(Map.of("moveHours", "720")));
    }

    @Test
    void each_bad_option_names_its_field() {
        assertField("options.clock", Map.of("clock", "blitz"));
        assertField("options.turnSeconds", Map.of("clock", "realtime", "turnSeconds", "4"));
        assertField("options.turnSeconds", Map.of("clock", "realtime", "turnSeconds", "3601"));
        assertField("options.turnSeconds", Map.of("clock", "realtime", "turnSeconds", "ten"));
        assertField("options.turnSeconds", Map.of("clock", "realtime", "turnSeconds", "-10"));
        assertField("options.moveHours", Map.of("moveHours", "0"));
        assertField("options.moveHours", Map.of("moveHours", "721"));
        assertField("options.moveHours", Map.of("moveHours", "1.5"));
        // The other clock's key.
        assertField("options.moveHours", Map.of("clock", "realtime", "moveHours", "24"));
        assertField("options.turnSeconds", Map.of("turnSeconds", "60"));
        assertField("options.variant", Map.of("variant", "expert"));
        Map<String, String> nullValue = new HashMap<>();
        nullValue.put("clock", null);
        assertField("options.clock", nullValue);
    }

    private static void assertField(String field, Map<String, String> options) {
        ProblemException e = assertThrows(ProblemException.class, () -> TableOptions.normalise(options));
        assertEquals(400, e.status());
        assertEquals(field, e.toProblem("/").extensions().get("field"));
    }
}
