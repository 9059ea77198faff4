package dev.tessera.game.carrara;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.events.carrara.CarraraEvent;
import dev.tessera.game.rules.RecordedGame;
import java.util.List;
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

    @ParameterizedTest
    @ValueSource(strings = {"2", "3", "4"})
    void a_game_stored_before_the_expansion_replays_to_the_states_it_reached_then(String players) {
        RecordedGame recorded = fixture(players);
        assertTrue(recorded.olderVersions() > 0, "the stream holds events of versions since raised, read by upcasting");

        CarraraState state = engine.start(recorded.setup());
        assertFalse(state.hasExpansion());
        List<CarraraEvent> events = recorded.events(CarraraEvent.class);
        for (int i = 0; i < events.size(); i++) {
            state = engine.evolve(state, events.get(i));
            if (i + 1 == 100) {
                assertEquals(
                        recorded.state("stateAfter100Events", CarraraState.class),
                        state,
                        players + " players, after 100 events");
            }
        }

        assertEquals(recorded.state("finalState", CarraraState.class), state, players + " players, at the end");
        assertTrue(engine.isOver(state));
    }

    /** Today's engine decides, from the same moves, exactly the events stored then (read at today's versions). */
    @ParameterizedTest
    @ValueSource(strings = {"2", "3", "4"})
    void the_same_moves_in_a_game_stored_before_the_expansion_decide_the_same_events(String players) {
        RecordedGame recorded = fixture(players);

        List<CarraraEvent> replayed = CarraraPropertyTest.playedAsRecorded(
                recorded.setup(),
                new Random(recorded.get("randomPlayoutSeed").asLong()),
                recorded.get("mayDeclare").asBoolean());

        assertEquals(recorded.events(CarraraEvent.class), replayed);
    }

    /** The 3-player game ended by the buildings running out, the others by a declaration. */
    private static RecordedGame fixture(String players) {
        return RecordedGame.read("/carrara/before-expansion-" + players + "-players.json");
    }
}
