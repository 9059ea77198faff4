package dev.tessera.game.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.events.EventCodec;
import dev.tessera.events.EventTypes;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The history's words ({@code describe} of each title, {@link Lines} for the rest): every event of whole random games
 * gets a line that names its player and leaves no member out, and the words read as the web client's log shows them.
 */
class HistoryLinesTest {
    private static final ObjectMapper JSON = new EventCodec().mapper();

    @ParameterizedTest
    @ValueSource(strings = {"alhambra", "carrara", "builders"})
    void every_event_of_a_whole_game_has_a_whole_line_that_names_its_player(String title) {
        RulesEngine<Object, Object, Object> engine = AnyTitle.engine(title);
        Set<String> worded = new TreeSet<>();
        for (long seed = 1; seed <= 3; seed++) {
            var played = AnyTitle.playout(engine)
                    .play(new GameSetup(List.of("ana", "bob", "cyd"), seed, Map.of()), new Random(seed));
            for (Object event : played.events()) {
                String type = EventTypes.of(event.getClass()).value();
                String name = type.substring(type.lastIndexOf('.') + 1);
                JsonNode data = JSON.valueToTree(event);
                String line = engine.describe(name, data);
                if (line != null) {
                    worded.add(name);
                } else {
                    line = Lines.generic(name, data);
                }
                String where = title + " " + name + " " + data + ": \"" + line + "\"";
                assertFalse(line.isBlank(), where);
                assertFalse(line.contains("null") || line.contains("  ") || line.contains(" ,"), where);
                assertFalse(line.endsWith(" ") || line.endsWith(":"), where);
                if (data.path("player").isTextual()) {
                    assertTrue(line.contains(data.path("player").asText()), where);
                }
            }
        }
        assertTrue(worded.contains("TurnEnded"), title + " words its turns: " + worded);
        assertTrue(worded.size() >= 4, title + " words its moves: " + worded);
    }

    @Test
    void the_words_are_those_of_the_log() throws Exception {
        assertEquals(
                "Scoring round 1: ana 3, bob 0",
                AnyTitle.engine("alhambra")
                        .describe(
                                "PointsAwarded",
                                JSON.readTree("{\"round\": 1, \"points\": {\"ana\": 3, \"bob\": 0}}")));
        assertEquals(
                "ana took yellow 3, blue 5",
                AnyTitle.engine("alhambra")
                        .describe(
                                "MoneyTaken",
                                JSON.readTree("{\"player\": \"ana\", \"cards\": [{\"id\": 1, \"currency\": \"yellow\","
                                        + " \"value\": 3}, {\"id\": 2, \"currency\": \"blue\", \"value\": 5}]}")));
        assertEquals(
                "bob bought white, black from section IV for 6",
                AnyTitle.engine("carrara")
                        .describe(
                                "StonesBought",
                                JSON.readTree(
                                        "{\"player\": \"bob\", \"section\": 4, \"stones\": [\"white\", \"black\"],"
                                                + " \"price\": 6}")));
        assertEquals(
                "cyd recruited an apprentice",
                AnyTitle.engine("builders")
                        .describe(
                                "WorkerRecruited",
                                JSON.readTree("{\"player\": \"cyd\", \"worker\": {\"type\": \"Apprentice\"}}")));
        assertEquals("ana: seat taken by bot", Lines.generic("SeatTakenByBot", JSON.readTree("{\"player\": \"ana\"}")));
        assertEquals("game started", Lines.generic("GameStarted", JSON.readTree("{\"game\": \"alhambra\"}")));
    }
}
