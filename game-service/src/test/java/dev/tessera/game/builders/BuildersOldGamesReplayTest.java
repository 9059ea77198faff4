package dev.tessera.game.builders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.game.rules.AnyTitle;
import dev.tessera.game.rules.GameSetup;
import dev.tessera.game.rules.RecordedGame;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Games stored before machines came replay exactly as they were played. Each fixture is a whole game written
 * down, as game-service stores it, by the engine of that time (git 0b700aa): its GameStarted's setup (options
 * without an edition), its events at their schema versions of then, and the states that engine reached.
 */
class BuildersOldGamesReplayTest {

    /** The random player of the recorded games sent a worker or a machine 4 times as often as any other kind. */
    private static final int SEND_WEIGHT = 4;

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
                assertEquals(
                        recorded.state("stateAfter100Events", BuildersState.class),
                        state,
                        fixture + " after 100 events");
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

        var replayed = playedAsRecorded(
                recorded.setup(), new Random(recorded.get("randomPlayoutSeed").asLong()));

        assertEquals(recorded.events(BuildersEvent.class), replayed.events());
    }

    /** The edition is what keeps old games apart: the same seed deals another game with the machines in the deck. */
    @Test
    void the_same_seed_with_todays_edition_deals_another_game() {
        GameSetup old = fixture("before-machines-2-players.json").setup();
        GameSetup today = new GameSetup(old.players(), old.seed(), engine.optionsForNewGame(old.options()));

        assertNotEquals(engine.start(old).buildingDisplay(), engine.start(today).buildingDisplay());
    }

    /**
     * The game the recorded one came from: the moves the random player of that time (RandomPlayout, removed since)
     * picked with {@code random}, played through AnyTitle's harness. That player picked a kind of move first, a
     * worker or a machine sent weighted {@value #SEND_WEIGHT} to 1, then a move of that kind; it makes the one choice
     * the harness is left with, so the harness's own random draws (its seed does not matter) change nothing.
     */
    private AnyTitle.Played<BuildersState, BuildersMove, BuildersEvent> playedAsRecorded(
            GameSetup setup, Random random) {
        return AnyTitle.playout(engine).among(pickedAsThen(random)).play(setup, new Random(0));
    }

    private static BiFunction<BuildersState, List<BuildersMove>, List<BuildersMove>> pickedAsThen(Random random) {
        return (state, legal) -> {
            List<Class<?>> kinds = new ArrayList<>();
            for (BuildersMove move : legal) {
                if (!kinds.contains(move.getClass())) {
                    boolean send = move instanceof BuildersMove.SendWorker || move instanceof BuildersMove.SendMachine;
                    for (int i = 0; i < (send ? SEND_WEIGHT : 1); i++) {
                        kinds.add(move.getClass());
                    }
                }
            }
            Class<?> kind = kinds.get(random.nextInt(kinds.size()));
            List<BuildersMove> ofKind = legal.stream().filter(kind::isInstance).toList();
            return List.of(ofKind.get(random.nextInt(ofKind.size())));
        };
    }

    private static RecordedGame fixture(String name) {
        return RecordedGame.read("/builders/" + name);
    }
}
