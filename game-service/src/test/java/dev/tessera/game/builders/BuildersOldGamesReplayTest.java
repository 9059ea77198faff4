package dev.tessera.game.builders;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.events.EventCodec;
import dev.tessera.events.EventTypes;
import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.game.rules.GameSetup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Games stored before machines came replay exactly as they were played. Each fixture is a whole game written
 * down, as game-service stores it, by the engine of that time (git 0b700aa): its GameStarted's setup (options
 * without an edition), its events at their schema versions of then, and the states that engine reached.
 */
class BuildersOldGamesReplayTest {

    private final BuildersEngine engine = new BuildersEngine();
    /** Reads stored events as game-service's store does: through the contract's upcasters. */
    private final EventCodec codec = new EventCodec();
    private final ObjectMapper json = codec.mapper();

    @ParameterizedTest
    @ValueSource(strings = {"before-machines-2-players.json", "before-machines-4-players.json"})
    void a_game_stored_before_machines_replays_to_the_states_it_reached_then(String fixture) throws IOException {
        JsonNode recorded = fixture(fixture);
        GameSetup setup = setupOf(recorded);
        assertTrue(olderVersions(recorded) > 0, "the stream holds events of versions since raised, read by upcasting");

        BuildersState state = engine.start(setup);
        List<BuildersEvent> events = events(recorded);
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
    @ValueSource(strings = {"before-machines-2-players.json", "before-machines-4-players.json"})
    void the_same_moves_in_a_game_stored_before_machines_decide_the_same_events(String fixture) throws IOException {
        JsonNode recorded = fixture(fixture);

        RandomPlayout.Game replayed = new RandomPlayout().play(setupOf(recorded),
                new Random(recorded.get("randomPlayoutSeed").asLong()));

        assertEquals(events(recorded), replayed.events());
    }

    /** The edition is what keeps old games apart: the same seed deals another game with the machines in the deck. */
    @Test
    void the_same_seed_with_todays_edition_deals_another_game() throws IOException {
        JsonNode recorded = fixture("before-machines-2-players.json");
        GameSetup old = setupOf(recorded);
        GameSetup today = new GameSetup(old.players(), old.seed(), engine.optionsForNewGame(old.options()));

        assertNotEquals(engine.start(old).buildingDisplay(), engine.start(today).buildingDisplay());
    }

    private JsonNode fixture(String name) throws IOException {
        try (InputStream in = getClass().getResourceAsStream("/builders/" + name)) {
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

    private List<BuildersEvent> events(JsonNode recorded) {
        List<BuildersEvent> events = new ArrayList<>();
        for (JsonNode row : recorded.get("events")) {
            events.add((BuildersEvent) codec.read(row.get("type").asText(), row.get("schemaVersion").asInt(),
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

    /** A state as the engine of then wrote it: read as a snapshot of then would be. */
    private BuildersState stateIn(JsonNode recorded, String field) throws IOException {
        return json.treeToValue(recorded.get(field), BuildersState.class);
    }
}
