package dev.tessera.game.builders;

import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.game.rules.GameSetup;
import dev.tessera.game.rules.RecordedGame;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
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

    @ParameterizedTest
    @ValueSource(strings = {"before-machines-2-players.json", "before-machines-4-players.json"})
    void a_game_stored_before_machines_replays_to_the_states_it_reached_then(String fixture) {
        RecordedGame recorded = fixture(fixture);
        GameSetup setup = recorded.setup();
        assertTrue(recorded.olderVersions() > 0, "the stream holds events of versions since raised, read by upcasting");

        BuildersState state = engine.start(setup);
        List<BuildersEvent> events = recorded.events(BuildersEvent.class);
        for (int i = 0; i < events.size(); i++) {
            state = engine.evolve(state, events.get(i));
            if (i + 1 == 100) {
                assertEquals(recorded.state("stateAfter100Events", BuildersState.class), state, fixture + " after 100 events");
            }
        }

        assertEquals(recorded.state("finalState", BuildersState.class), state, fixture + " at the end");
        assertTrue(engine.isOver(state));
    }

    /** Today's engine decides, from the same moves, exactly the events stored then (read at today's versions). */
    @ParameterizedTest
    @ValueSource(strings = {"before-machines-2-players.json", "before-machines-4-players.json"})
    void the_same_moves_in_a_game_stored_before_machines_decide_the_same_events(String fixture) {
        RecordedGame recorded = fixture(fixture);

        RandomPlayout.Game replayed = new RandomPlayout().play(recorded.setup(),
                new Random(recorded.get("randomPlayoutSeed").asLong()));

        assertEquals(recorded.events(BuildersEvent.class), replayed.events());
    }

    /** The edition is what keeps old games apart: the same seed deals another game with the machines in the deck. */
    @Test
    void the_same_seed_with_todays_edition_deals_another_game() {
        GameSetup old = fixture("before-machines-2-players.json").setup();
        GameSetup today = new GameSetup(old.players(), old.seed(), engine.optionsForNewGame(old.options()));

        assertNotEquals(engine.start(old).buildingDisplay(), engine.start(today).buildingDisplay());
    }

    private static RecordedGame fixture(String name) {
        return RecordedGame.read("/builders/" + name);
    }
}
