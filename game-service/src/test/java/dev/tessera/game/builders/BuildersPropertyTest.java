package dev.tessera.game.builders;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.events.builders.BuildersEvent.GameEndTriggered;
import dev.tessera.events.builders.BuildersEvent.GameFinished;
import dev.tessera.events.builders.BuildersEvent.TurnEnded;
import dev.tessera.events.builders.PlayerTally;
import dev.tessera.game.rules.Decision;
import dev.tessera.game.rules.GameSetup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Random whole games through legalMoves, with the invariants checked after every move. */
class BuildersPropertyTest {

    private static final int GAMES_PER_PLAYER_COUNT = 1_000;
    /** Observed random games last under 200 rounds; a game beyond this one failed to end. */
    private static final int ROUND_LIMIT = 400;

    private final BuildersEngine engine = new BuildersEngine();
    private final RandomPlayout playout = new RandomPlayout();
    private final ObjectMapper json = new ObjectMapper();

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void a_thousand_random_games_keep_every_invariant_end_with_equal_turns_and_replay_identically(int players) {
        Map<String, Integer> endings = new HashMap<>();
        for (int game = 0; game < GAMES_PER_PLAYER_COUNT; game++) {
            long seed = players * 1_000_000L + game;
            GameSetup setup = RandomPlayout.setup(players, seed);
            PropertyChecks.CoinLedger ledger = new PropertyChecks.CoinLedger(players);
            RandomPlayout.Game played = playout.play(setup, new Random(seed), (state, events) -> {
                ledger.record(events);
                PropertyChecks.assertCardsConserved(state);
                PropertyChecks.assertStructure(state);
                PropertyChecks.assertCoinsConserved(state, ledger);
                assertTrue(state.round() <= ROUND_LIMIT, "game " + seed + " passed round " + ROUND_LIMIT);
                assertOnlyTheCurrentPlayerCanMove(state);
            });
            String reason = assertEndedProperly(played);
            endings.merge(reason, 1, Integer::sum);
            assertEquals(played.end(), Given.apply(engine.start(setup), played.events()), "replay of game " + seed);
        }
        // Both ways of ending must have been exercised for the run to mean something.
        assertTrue(endings.getOrDefault(GameEndTriggered.TARGET_REACHED, 0) > 0, endings.toString());
        assertTrue(endings.getOrDefault(GameEndTriggered.STALEMATE, 0) > 0, endings.toString());
    }

    private void assertOnlyTheCurrentPlayerCanMove(BuildersState state) {
        for (PlayerState player : state.players()) {
            boolean current = !state.finished() && player == state.currentPlayer();
            assertEquals(current, !engine.legalMoves(state, player.name()).isEmpty());
        }
    }

    /** Checks the end of a finished game and answers why it ended. */
    private String assertEndedProperly(RandomPlayout.Game played) {
        BuildersState end = played.end();
        List<BuildersEvent> events = played.events();
        assertTrue(engine.isOver(end));
        GameFinished finished = assertInstanceOf(GameFinished.class, events.get(events.size() - 1));
        assertEquals(end.players().stream().map(p -> new PlayerTally(p.name(), p.buildingVictoryPoints(), p.coins(),
                p.completed().size())).toList(), finished.tallies());

        List<GameEndTriggered> triggers = events.stream().filter(GameEndTriggered.class::isInstance)
                .map(GameEndTriggered.class::cast).toList();
        assertEquals(1, triggers.size());
        GameEndTriggered trigger = triggers.get(0);
        assertEquals(trigger.player(), finished.triggeredBy());
        if (trigger.reason().equals(GameEndTriggered.TARGET_REACHED)) {
            assertTrue(trigger.buildingVictoryPoints() >= BuildersEngine.TARGET_VICTORY_POINTS);
        } else {
            assertFalse(BuildersEngine.anyBuildingCanStillBeCompleted(end));
        }

        Map<String, Integer> turns = new HashMap<>();
        events.stream().filter(TurnEnded.class::isInstance).map(TurnEnded.class::cast)
                .forEach(t -> turns.merge(t.player(), 1, Integer::sum));
        assertEquals(1, turns.values().stream().distinct().count(), "unequal turns " + turns);
        assertEquals(end.players().size(), turns.size());
        assertEquals(end.round(), turns.values().iterator().next());
        return trigger.reason();
    }

    @Test
    void the_same_setup_and_choices_give_the_same_events() {
        for (int players = 2; players <= 4; players++) {
            GameSetup setup = RandomPlayout.setup(players, 500 + players);
            assertEquals(playout.play(setup, new Random(7)).events(), playout.play(setup, new Random(7)).events());
        }
    }

    @Test
    void every_legal_move_round_trips_through_json_and_is_accepted() throws Exception {
        for (int players = 2; players <= 4; players++) {
            for (long seed = 0; seed < 10; seed++) {
                playout.play(RandomPlayout.setup(players, seed), new Random(seed), (state, events) -> {
                    if (!state.finished()) {
                        assertLegalMovesRoundTrip(state);
                    }
                });
            }
        }
    }

    private void assertLegalMovesRoundTrip(BuildersState state) {
        String player = state.currentPlayer().name();
        for (BuildersMove move : engine.legalMoves(state, player)) {
            try {
                String text = json.writeValueAsString(move);
                JsonNode tree = json.readTree(text);
                assertTrue(tree.has("type") && !tree.has("player"), text);
                BuildersMove back = json.readValue(text, BuildersMove.class);
                assertEquals(move, back, text);
                assertInstanceOf(Decision.Accepted.class, engine.decide(state, player, back), text);
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
        }
    }

    @Test
    void events_round_trip_through_json() throws Exception {
        for (BuildersEvent event : playout.play(RandomPlayout.setup(3, 77), new Random(77)).events()) {
            String text = json.writeValueAsString(event);
            assertEquals(event, json.readValue(text, event.getClass()), text);
        }
    }
}
