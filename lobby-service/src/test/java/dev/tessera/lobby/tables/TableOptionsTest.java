package dev.tessera.lobby.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.events.Games;
import dev.tessera.kit.problem.ProblemException;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TableOptionsTest {
    private static final Games.Title ALHAMBRA = Games.byId("alhambra").orElseThrow();
    private static final Games.Title CARRARA = Games.byId("carrara").orElseThrow();
    private static final Games.Title BUILDERS = Games.byId("builders").orElseThrow();

    @Test
    void defaults_are_made_explicit() {
        Map<String, String> turnBased = Map.of("clock", "turn-based", "moveHours", "72");
        assertEquals(turnBased, TableOptions.normalise(ALHAMBRA, null));
        assertEquals(turnBased, TableOptions.normalise(ALHAMBRA, Map.of()));
        assertEquals(turnBased, TableOptions.normalise(BUILDERS, Map.of("clock", "turn-based")));
        assertEquals(
                Map.of("clock", "realtime", "turnSeconds", "120"),
                TableOptions.normalise(ALHAMBRA, Map.of("clock", "realtime")));
        assertEquals(turnBased, TableOptions.defaults(BUILDERS));
    }

    @Test
    void every_carrara_table_says_whether_it_plays_the_expansion() {
        assertEquals(
                Map.of("clock", "turn-based", "moveHours", "72", "expansion", "false"), TableOptions.defaults(CARRARA));
        assertEquals(
                Map.of("clock", "turn-based", "moveHours", "72", "expansion", "false"),
                TableOptions.normalise(CARRARA, null));
        assertEquals(
                Map.of("clock", "turn-based", "moveHours", "72", "expansion", "true"),
                TableOptions.normalise(CARRARA, Map.of("expansion", "true")));
        assertEquals(
                Map.of("clock", "realtime", "turnSeconds", "30", "expansion", "false"),
                TableOptions.normalise(
                        CARRARA, Map.of("clock", "realtime", "turnSeconds", "030", "expansion", "false")));
    }

    @Test
    void every_title_has_its_options_listed() {
        for (Games.Title title : Games.ALL) {
            assertEquals("turn-based", TableOptions.defaults(title).get("clock"), title.id());
        }
    }

    @Test
    void values_in_range_are_kept_and_written_plainly() {
        assertEquals(
                Map.of("clock", "realtime", "turnSeconds", "5"),
                TableOptions.normalise(ALHAMBRA, Map.of("clock", "realtime", "turnSeconds", "5")));
        assertEquals(
                Map.of("clock", "realtime", "turnSeconds", "3600"),
                TableOptions.normalise(ALHAMBRA, Map.of("clock", "realtime", "turnSeconds", "3600")));
        assertEquals(
                Map.of("clock", "turn-based", "moveHours", "1"),
                TableOptions.normalise(ALHAMBRA, Map.of("moveHours", "01")));
        assertEquals(
                Map.of("clock", "turn-based", "moveHours", "720"),
                TableOptions.normalise(ALHAMBRA, Map.of("moveHours", "720")));
    }

    @Test
    void each_bad_option_names_its_field() {
        assertField("options.clock", ALHAMBRA, Map.of("clock", "blitz"));
        assertField("options.turnSeconds", ALHAMBRA, Map.of("clock", "realtime", "turnSeconds", "4"));
        assertField("options.turnSeconds", ALHAMBRA, Map.of("clock", "realtime", "turnSeconds", "3601"));
        assertField("options.turnSeconds", ALHAMBRA, Map.of("clock", "realtime", "turnSeconds", "ten"));
        assertField("options.turnSeconds", ALHAMBRA, Map.of("clock", "realtime", "turnSeconds", "-10"));
        assertField("options.moveHours", ALHAMBRA, Map.of("moveHours", "0"));
        assertField("options.moveHours", ALHAMBRA, Map.of("moveHours", "721"));
        assertField("options.moveHours", ALHAMBRA, Map.of("moveHours", "1.5"));
        // The other clock's key.
        assertField("options.moveHours", CARRARA, Map.of("clock", "realtime", "moveHours", "24"));
        assertField("options.turnSeconds", CARRARA, Map.of("turnSeconds", "60"));
        assertField("options.variant", CARRARA, Map.of("variant", "expert"));
        Map<String, String> nullValue = new HashMap<>();
        nullValue.put("clock", null);
        assertField("options.clock", ALHAMBRA, nullValue);
    }

    @Test
    void the_expansion_is_exactly_true_or_false() {
        for (String value : new String[] {"yes", "TRUE", "True", " true", "1", ""}) {
            assertField("options.expansion", CARRARA, Map.of("expansion", value));
        }
        Map<String, String> nullValue = new HashMap<>();
        nullValue.put("expansion", null);
        assertField("options.expansion", CARRARA, nullValue);
    }

    @Test
    void only_carrara_has_an_expansion() {
        for (Games.Title title : new Games.Title[] {ALHAMBRA, BUILDERS}) {
            for (String value : new String[] {"true", "false"}) {
                ProblemException e = assertField("options.expansion", title, Map.of("expansion", value));
                assertTrue(e.getMessage().startsWith(title.name() + " has no expansion"), e.getMessage());
            }
        }
    }

    private static ProblemException assertField(String field, Games.Title title, Map<String, String> options) {
        ProblemException e = assertThrows(ProblemException.class, () -> TableOptions.normalise(title, options));
        assertEquals(400, e.status());
        assertEquals(field, e.toProblem("/").extensions().get("field"));
        return e;
    }
}
