package dev.tessera.game.carrara;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.events.EventCodec;
import dev.tessera.events.EventTypes;
import dev.tessera.events.carrara.CarraraEvent;
import dev.tessera.game.rules.GameSetup;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Games stored before the expansion came replay exactly as they were played. Each fixture is a whole game written
 * down, as game-service stores it, by the engine of that time (git f6fe283): its GameStarted's setup (options
 * without {@code expansion}), its events at their schema versions of then (ValuationRequested and GameFinished at
 * version 1), and the states that engine reached, read as that engine's snapshots would be.
 */
class CarraraOldGamesReplayTest {

    private final CarraraEngine engine = new CarraraEngine();
    /** Reads stored events as game-service's store does: through the contract's upcasters. */
    private final EventCodec codec = new EventCodec();
    private final ObjectMapper json = codec.mapper();

    @ParameterizedTest
    @ValueSource(strings = {"before-expansion-2-players.json", "before-expansion-3-players.json",
        "before-expansion-4-players.json"})
    void a_game_stored_before_the_expansion_replays_to_the_states_it_reached_then(String fixture) throws IOException {
        JsonNode recorded = fixture(fixture);
        assertTrue(olderVersions(recorded) > 0, "the stream holds events of versions since raised, read by upcasting");

        CarraraState state = engine.start(setupOf(recorded));
        assertFalse(state.hasExpansion());
        List<CarraraEvent> events = events(recorded);
        for (int i = 0; i < events.size(); i++) {
            state = engine.evolve(state, events.get(i));
            if (i + 1 == 100) {
                assertEquals(stateIn(recorded, "stateAfter100Events"), state, fixture + " after 100 events");
            }
        }

        assertEquals(stateIn(recorded, "finalState"), state, fixture + " at the end");
        assertTrue(engine.isOver(state));
    }

    /** Today's engine decides, from the same moves, exactly the events stored then (read at today's versions). */
    @ParameterizedTest
    @ValueSource(strings = {"before-expansion-2-players.json", "before-expansion-3-players.json",
        "before-expansion-4-players.json"})
    void the_same_moves_in_a_game_stored_before_the_expansion_decide_the_same_events(String fixture) throws IOException {
        JsonNode recorded = fixture(fixture);

        List<CarraraEvent> replayed = RandomGame.play(setupOf(recorded), new Random(recorded.get("randomPlayoutSeed").asLong()),
                recorded.get("mayDeclare").asBoolean(), 1500, null);

        assertEquals(events(recorded), replayed);
    }

    private JsonNode fixture(String name) throws IOException {
        try (InputStream in = getClass().getResourceAsStream("/carrara/" + name)) {
            return json.readTree(in);
        }
    }

    private GameSetup setupOf(JsonNode recorded) {
        List<String> players = new ArrayList<>();
        recorded.get("players").forEach(p -> players.add(p.asText()));
        Map<String, String> options = json.convertValue(recorded.get("options"),
                json.getTypeFactory().constructMapType(Map.class, String.class, String.class));
        return new GameSetup(players, recorded.get("seed").asLong(), options);
    }

    private List<CarraraEvent> events(JsonNode recorded) {
        List<CarraraEvent> events = new ArrayList<>();
        for (JsonNode row : recorded.get("events")) {
            events.add((CarraraEvent) codec.read(row.get("type").asText(), row.get("schemaVersion").asInt(),
                    row.get("data")));
        }
        return events;
    }

    private static long olderVersions(JsonNode recorded) {
        long older = 0;
        for (JsonNode row : recorded.get("events")) {
            if (row.get("schemaVersion").asInt() < EventTypes.of(EventTypes.byName(row.get("type").asText())).version()) {
                older++;
            }
        }
        return older;
    }

    private CarraraState stateIn(JsonNode recorded, String field) throws IOException {
        return json.treeToValue(recorded.get(field), CarraraState.class);
    }
}
