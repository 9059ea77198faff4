package dev.tessera.game.builders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.events.builders.BuildersEvent.BuildingCompleted;
import dev.tessera.events.builders.BuildersEvent.GameEndTriggered;
import dev.tessera.events.builders.BuildersEvent.GameFinished;
import dev.tessera.events.builders.BuildersEvent.MachineSent;
import dev.tessera.events.builders.BuildersEvent.TurnEnded;
import dev.tessera.events.builders.PlayerTally;
import dev.tessera.game.rules.AnyTitle;
import dev.tessera.game.rules.Decision;
import dev.tessera.game.rules.GameSetup;
import dev.tessera.game.rules.RulesFixture;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Random whole games through legalMoves, with the invariants checked after every move. */
class BuildersPropertyTest {

    private static final int GAMES_PER_PLAYER_COUNT = 1_000;
    /** Observed random games last under 200 rounds; a game beyond this one failed to end. */
    private static final int ROUND_LIMIT = 400;

    private static final RulesFixture<BuildersState, BuildersMove, BuildersEvent> RULES =
            RulesFixture.of(new BuildersEngine());

    private final BuildersEngine engine = new BuildersEngine();
    private final ObjectMapper json = new ObjectMapper();

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void a_thousand_random_games_keep_every_invariant_end_with_equal_turns_and_replay_identically(int players) {
        Map<String, Integer> endings = new HashMap<>();
        MachineUse machines = new MachineUse();
        for (int game = 0; game < GAMES_PER_PLAYER_COUNT; game++) {
            long seed = players * 1_000_000L + game;
            GameSetup setup = Crafted.setup(players, seed);
            PropertyChecks.CoinLedger ledger = new PropertyChecks.CoinLedger(players);
            var played = randomGames()
                    .after((before, mover, move, events, state) -> {
                        ledger.record(events);
                        machines.record(events);
                        PropertyChecks.assertCardsConserved(state);
                        PropertyChecks.assertStructure(state);
                        PropertyChecks.assertCoinsConserved(state, ledger);
                        assertTrue(state.round() <= ROUND_LIMIT, "game " + seed + " passed round " + ROUND_LIMIT);
                        assertOnlyTheCurrentPlayerCanMove(state);
                    })
                    .play(setup, new Random(seed));
            String reason = assertEndedProperly(played);
            endings.merge(reason, 1, Integer::sum);
            assertEquals(played.end(), RULES.apply(engine.start(setup), played.events()), "replay of game " + seed);
            machines.endGame();
        }
        // Both ways of ending must have been exercised for the run to mean something.
        assertTrue(endings.getOrDefault(GameEndTriggered.TARGET_REACHED, 0) > 0, endings.toString());
        assertTrue(endings.getOrDefault(GameEndTriggered.STALEMATE, 0) > 0, endings.toString());
        // And machines must really have been built and sent to work, in a good share of the games.
        assertTrue(machines.gamesWithMachineSent >= GAMES_PER_PLAYER_COUNT / 4, machines.toString());
        assertTrue(machines.sentToCompletion > 0, machines.toString());
    }

    /** How much random play used machines: built, sent to work, and sent to a site they helped finish. */
    private static final class MachineUse {
        int completed;
        int sent;
        int sentToCompletion;
        int gamesWithMachineSent;
        private boolean sentThisGame;

        void record(List<BuildersEvent> events) {
            for (BuildersEvent event : events) {
                if (event instanceof BuildingCompleted e && e.building().machine() != null) {
                    completed++;
                }
                if (event instanceof BuildingCompleted e) {
                    sentToCompletion += e.returnedMachineIds().size();
                }
                if (event instanceof MachineSent) {
                    sent++;
                    sentThisGame = true;
                }
            }
        }

        void endGame() {
            if (sentThisGame) {
                gamesWithMachineSent++;
            }
            sentThisGame = false;
        }

        @Override
        public String toString() {
            return "machines completed " + completed + ", sent " + sent + ", back from finished sites "
                    + sentToCompletion + ", games with a machine sent " + gamesWithMachineSent;
        }
    }

    /** Games recorded before machines (no edition in their options) still play by the same rules, without machines. */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void games_recorded_before_machines_still_keep_every_invariant_and_never_see_a_machine(int players) {
        for (int game = 0; game < 100; game++) {
            long seed = players * 1_000_000L + game;
            GameSetup setup = Crafted.setupBeforeMachines(players, seed);
            PropertyChecks.CoinLedger ledger = new PropertyChecks.CoinLedger(players);
            var played = randomGames()
                    .after((before, mover, move, events, state) -> {
                        ledger.record(events);
                        PropertyChecks.assertCardsConserved(state, BuildersEdition.BUILDINGS_ONLY);
                        PropertyChecks.assertStructure(state);
                        PropertyChecks.assertCoinsConserved(state, ledger);
                    })
                    .play(setup, new Random(seed));
            assertEndedProperly(played);
            assertTrue(
                    played.events().stream()
                            .noneMatch(e -> e instanceof MachineSent
                                    || e instanceof BuildingCompleted c
                                            && c.building().machine() != null),
                    "game " + seed);
            assertEquals(played.end(), RULES.apply(engine.start(setup), played.events()), "replay of game " + seed);
        }
    }

    /**
     * Random whole games through AnyTitle's harness, a kind of move first, then a move of that kind. Sending a worker
     * or a machine to a site is a kind of its own for each site: with sends one kind among the others, random players
     * open buildings and recruit far more than they finish buildings, and few games see a machine at work.
     */
    static AnyTitle.Playout<BuildersState, BuildersMove, BuildersEvent> randomGames() {
        return AnyTitle.playout(new BuildersEngine()).kinds(BuildersPropertyTest::kind);
    }

    private static Object kind(BuildersMove move) {
        if (move instanceof BuildersMove.SendWorker send) {
            return "send to " + send.building();
        }
        if (move instanceof BuildersMove.SendMachine send) {
            return "send to " + send.building();
        }
        return move.getClass();
    }

    private void assertOnlyTheCurrentPlayerCanMove(BuildersState state) {
        for (PlayerState player : state.players()) {
            boolean current = !state.finished() && player == state.currentPlayer();
            assertEquals(current, !engine.legalMoves(state, player.name()).isEmpty());
        }
    }

    /** Checks the end of a finished game and answers why it ended. */
    private String assertEndedProperly(AnyTitle.Played<BuildersState, BuildersMove, BuildersEvent> played) {
        BuildersState end = played.end();
        List<BuildersEvent> events = played.events();
        assertTrue(engine.isOver(end));
        GameFinished finished = assertInstanceOf(GameFinished.class, events.get(events.size() - 1));
        assertEquals(
                end.players().stream()
                        .map(p -> new PlayerTally(
                                p.name(),
                                p.buildingVictoryPoints(),
                                p.coins(),
                                p.completed().size()))
                        .toList(),
                finished.tallies());

        List<GameEndTriggered> triggers = events.stream()
                .filter(GameEndTriggered.class::isInstance)
                .map(GameEndTriggered.class::cast)
                .toList();
        assertEquals(1, triggers.size());
        GameEndTriggered trigger = triggers.get(0);
        assertEquals(trigger.player(), finished.triggeredBy());
        if (trigger.reason().equals(GameEndTriggered.TARGET_REACHED)) {
            assertTrue(trigger.buildingVictoryPoints() >= BuildersData.TARGET_VICTORY_POINTS);
        } else {
            assertFalse(TurnEnd.anyBuildingCanStillBeCompleted(end));
        }

        Map<String, Integer> turns = new HashMap<>();
        events.stream()
                .filter(TurnEnded.class::isInstance)
                .map(TurnEnded.class::cast)
                .forEach(t -> turns.merge(t.player(), 1, Integer::sum));
        assertEquals(1, turns.values().stream().distinct().count(), "unequal turns " + turns);
        assertEquals(end.players().size(), turns.size());
        assertEquals(end.round(), turns.values().iterator().next());
        return trigger.reason();
    }

    @Test
    void the_same_setup_and_choices_give_the_same_events() {
        for (int players = 2; players <= 4; players++) {
            GameSetup setup = Crafted.setup(players, 500 + players);
            assertEquals(
                    randomGames().play(setup, new Random(7)).events(),
                    randomGames().play(setup, new Random(7)).events());
        }
    }

    @Test
    void every_legal_move_round_trips_through_json_and_is_accepted() throws Exception {
        for (int players = 2; players <= 4; players++) {
            for (long seed = 0; seed < 10; seed++) {
                randomGames()
                        .after((before, mover, move, events, state) -> {
                            if (!state.finished()) {
                                assertLegalMovesRoundTrip(state);
                            }
                        })
                        .play(Crafted.setup(players, seed), new Random(seed));
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

    /** game-service snapshots a state only if it comes back equal from JSON: with machines on sites and free too. */
    @Test
    void states_with_machines_survive_json_so_they_can_be_snapshotted() {
        ObjectMapper codecMapper = dev.tessera.events.EventCodec.newMapper();
        int[] withMachines = {0};
        for (long seed = 0; seed < 10; seed++) {
            BuildersState end = randomGames()
                    .after((before, mover, move, events, after) -> {
                        if (after.players().stream()
                                .anyMatch(p -> !p.freeMachines().isEmpty())) {
                            assertSurvivesJson(codecMapper, after);
                            withMachines[0]++;
                        }
                    })
                    .play(Crafted.setup(3, seed), new Random(seed))
                    .end();
            assertSurvivesJson(codecMapper, end);
        }
        assertTrue(withMachines[0] >= 100, "only " + withMachines[0] + " states had a free machine to snapshot");
    }

    private static void assertSurvivesJson(ObjectMapper mapper, BuildersState state) {
        try {
            assertEquals(state, mapper.treeToValue(mapper.valueToTree(state), BuildersState.class));
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void events_round_trip_through_json() throws Exception {
        for (BuildersEvent event :
                randomGames().play(Crafted.setup(3, 77), new Random(77)).events()) {
            String text = json.writeValueAsString(event);
            assertEquals(event, json.readValue(text, event.getClass()), text);
        }
    }
}
