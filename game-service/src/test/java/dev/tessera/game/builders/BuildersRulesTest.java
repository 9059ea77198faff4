package dev.tessera.game.builders;

import static dev.tessera.game.builders.Crafted.buildings;
import static dev.tessera.game.builders.Crafted.site;
import static dev.tessera.game.builders.Crafted.withActionPoints;
import static dev.tessera.game.builders.Crafted.withDecks;
import static dev.tessera.game.builders.Crafted.withPlayer;
import static dev.tessera.game.builders.Crafted.workers;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.events.builders.BuildersEvent.ActionPointBought;
import dev.tessera.events.builders.BuildersEvent.BuildingCompleted;
import dev.tessera.events.builders.BuildersEvent.CoinsTaken;
import dev.tessera.events.builders.BuildersEvent.ConstructionStarted;
import dev.tessera.events.builders.BuildersEvent.GameEndTriggered;
import dev.tessera.events.builders.BuildersEvent.GameFinished;
import dev.tessera.events.builders.BuildersEvent.MachineSent;
import dev.tessera.events.builders.BuildersEvent.TurnEnded;
import dev.tessera.events.builders.BuildersEvent.WorkerRecruited;
import dev.tessera.events.builders.BuildersEvent.WorkerSent;
import dev.tessera.events.builders.PlayerTally;
import dev.tessera.game.rules.RulesFixture;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * One given/when/then test per rule and per rule code, the tests of each move in the nested class named after it;
 * completion, machines, turns and the end of the game by topic.
 */
class BuildersRulesTest {

    private static final RulesFixture<BuildersState, BuildersMove, BuildersEvent> RULES =
            RulesFixture.of(new BuildersEngine());

    // Card ids from builders.md 7.1 / 7.2 used below:
    private static final int STRAW_HUT = 1; // stone 1, tile 2; 1 VP, 6 coins
    private static final int WOODEN_SHACK = 2; // wood 1, knowledge 1; 0 VP, 8 coins
    private static final int CATHEDRAL = 29; // 5/4/4/4; 8 VP
    private static final int CASTLE = 22; // 7 VP
    private static final int STONE_BRIDGE = 4; // 1 VP
    private static final int APPRENTICE_WOOD_KNOWLEDGE = 12; // 0/1/1/0
    private static final int APPRENTICE_STONE_TILE = 10; // 1/0/0/1
    private static final int APPRENTICE_WOOD_TILE = 8; // 0/1/0/1
    private static final int APPRENTICE_STONE_WOOD = 7; // 1/1/0/0
    private static final int CRAFTSMAN_ALL = 28; // 1/1/1/1
    private static final int CRAFTSMAN_ALL_TOO = 38; // 1/1/1/1
    private static final int MASTER = 9; // 0/2/3/0, wage 5
    private static final int LABOURER_KNOWLEDGE_TILE = 19; // 0/0/2/1
    private static final int TREEHOUSE = 15; // wood 2, knowledge 1; 1 VP
    // Machines (assumed data, BuildersData.MACHINES): requirements; VP; supplies.
    private static final int PULLEY = 35; // needs 0/2/2/1; 1 VP; supplies 2 stone
    private static final int SAWMILL = 36; // needs 2/0/1/2; 1 VP; supplies 2 wood
    private static final int TILE_KILN = 38; // needs 2/1/2/0; 1 VP; supplies 2 tile
    private static final int TREADWHEEL = 39; // needs 1/2/2/2; 2 VP; supplies 2 stone, 1 knowledge

    private final BuildersState twoPlayers = Crafted.start(2, 42);

    @Nested
    class StartConstruction {
        @Test
        void takes_a_face_up_building_for_one_action_point_and_refills_its_slot_from_the_deck() {
            Building wanted = twoPlayers.buildingDisplay().get(2);
            Building deckTop = twoPlayers.buildingDeck().get(0);

            List<BuildersEvent> events = RULES.given(twoPlayers)
                    .when("p1", new BuildersMove.StartConstruction(wanted.id()))
                    .events();

            ConstructionStarted started = assertInstanceOf(ConstructionStarted.class, events.get(0));
            assertEquals(1, events.size());
            assertEquals(wanted.info(), started.building());
            assertEquals(deckTop.info(), started.replacement());
            assertEquals(twoPlayers.buildingDeck().get(1).info(), started.deckTop());
            BuildersState after = RULES.apply(twoPlayers, events);
            assertEquals(List.of(Site.opened(wanted)), after.player("p1").sites());
            assertEquals(deckTop, after.buildingDisplay().get(2));
            assertEquals(
                    twoPlayers.buildingDeck().size() - 1, after.buildingDeck().size());
            assertEquals(BuildersData.ACTION_POINTS_PER_TURN - 1, after.actionPoints());
        }

        @Test
        void when_the_deck_is_empty_the_slot_stays_empty() {
            BuildersState given = withDecks(
                    twoPlayers,
                    buildings(STRAW_HUT, WOODEN_SHACK),
                    List.of(),
                    twoPlayers.workerDisplay(),
                    twoPlayers.workerDeck());

            List<BuildersEvent> events = RULES.given(given)
                    .when("p1", new BuildersMove.StartConstruction(STRAW_HUT))
                    .events();

            ConstructionStarted started = assertInstanceOf(ConstructionStarted.class, events.get(0));
            assertNull(started.replacement());
            assertEquals(buildings(WOODEN_SHACK), RULES.apply(given, events).buildingDisplay());
        }

        @Test
        void a_building_not_in_the_display_is_no_such_card() {
            int inDeck = twoPlayers.buildingDeck().get(0).id();
            RULES.given(twoPlayers)
                    .when("p1", new BuildersMove.StartConstruction(inDeck))
                    .thenRejected("no-such-card");
        }

        @Test
        void needs_an_action_point() {
            BuildersState given = withActionPoints(twoPlayers, 0);
            RULES.given(given)
                    .when(
                            "p1",
                            new BuildersMove.StartConstruction(
                                    twoPlayers.buildingDisplay().get(0).id()))
                    .thenRejected("not-enough-action-points");
        }
    }

    @Nested
    class RecruitWorker {
        @Test
        void takes_a_face_up_worker_for_one_action_point_free_of_coins_and_refills_its_slot() {
            Worker wanted = twoPlayers.workerDisplay().get(4);
            Worker deckTop = twoPlayers.workerDeck().get(0);

            List<BuildersEvent> events = RULES.given(twoPlayers)
                    .when("p1", new BuildersMove.RecruitWorker(wanted.id()))
                    .events();

            WorkerRecruited recruited = assertInstanceOf(WorkerRecruited.class, events.get(0));
            assertEquals(wanted.info(), recruited.worker());
            assertEquals(deckTop.info(), recruited.replacement());
            BuildersState after = RULES.apply(twoPlayers, events);
            PlayerState p1 = after.player("p1");
            assertTrue(p1.freeWorkers().contains(wanted));
            assertEquals(BuildersData.STARTING_COINS, p1.coins());
            assertEquals(deckTop, after.workerDisplay().get(4));
            assertEquals(BuildersData.ACTION_POINTS_PER_TURN - 1, after.actionPoints());
        }

        @Test
        void a_worker_not_in_the_display_is_no_such_card() {
            int starting = twoPlayers.player("p1").freeWorkers().get(0).id();
            RULES.given(twoPlayers)
                    .when("p1", new BuildersMove.RecruitWorker(starting))
                    .thenRejected("no-such-card");
        }

        @Test
        void needs_an_action_point() {
            BuildersState given = withActionPoints(twoPlayers, 0);
            RULES.given(given)
                    .when(
                            "p1",
                            new BuildersMove.RecruitWorker(
                                    twoPlayers.workerDisplay().get(0).id()))
                    .thenRejected("not-enough-action-points");
        }
    }

    @Nested
    class SendWorker {
        private final BuildersState cathedral = withPlayer(
                twoPlayers,
                "p1",
                30,
                workers(CRAFTSMAN_ALL, CRAFTSMAN_ALL_TOO, MASTER, APPRENTICE_STONE_TILE),
                List.of(site(CATHEDRAL), site(STRAW_HUT)),
                List.of());

        @Test
        void pays_the_wage_to_the_bank_and_puts_the_worker_on_the_site() {
            Worker master = BuildersData.worker(MASTER);

            List<BuildersEvent> events = RULES.given(cathedral)
                    .when("p1", new BuildersMove.SendWorker(MASTER, CATHEDRAL))
                    .events();

            WorkerSent sent = assertInstanceOf(WorkerSent.class, events.get(0));
            assertEquals(1, events.size());
            assertEquals(master.wage(), sent.wagePaid());
            assertEquals(1, sent.actionPointsSpent());
            BuildersState after = RULES.apply(cathedral, events);
            PlayerState p1 = after.player("p1");
            assertEquals(30 - master.wage(), p1.coins());
            assertFalse(p1.freeWorkers().contains(master));
            assertEquals(List.of(master), p1.site(CATHEDRAL).orElseThrow().workers());
            assertEquals(
                    cathedral.bank().received() + master.wage(), after.bank().received());
        }

        @Test
        void the_kth_worker_sent_to_the_same_building_this_turn_costs_k_action_points() {
            BuildersState given = withActionPoints(cathedral, 6);

            BuildersState after = RULES.given(given)
                    .played("p1", new BuildersMove.SendWorker(CRAFTSMAN_ALL, CATHEDRAL))
                    .state();
            assertEquals(5, after.actionPoints());
            WorkerSent second = assertInstanceOf(
                    WorkerSent.class,
                    RULES.given(after)
                            .when("p1", new BuildersMove.SendWorker(CRAFTSMAN_ALL_TOO, CATHEDRAL))
                            .events()
                            .get(0));
            assertEquals(2, second.actionPointsSpent());
            after = RULES.given(after)
                    .played("p1", new BuildersMove.SendWorker(CRAFTSMAN_ALL_TOO, CATHEDRAL))
                    .state();
            assertEquals(3, after.actionPoints());
            after = RULES.given(after)
                    .played("p1", new BuildersMove.SendWorker(MASTER, CATHEDRAL))
                    .state();
            assertEquals(0, after.actionPoints());
        }

        @Test
        void a_worker_sent_to_another_building_costs_one_action_point_again() {
            BuildersState after = RULES.given(cathedral)
                    .played(
                            "p1",
                            new BuildersMove.SendWorker(CRAFTSMAN_ALL, CATHEDRAL),
                            new BuildersMove.SendWorker(APPRENTICE_STONE_TILE, STRAW_HUT))
                    .state();
            assertEquals(BuildersData.ACTION_POINTS_PER_TURN - 2, after.actionPoints());
        }

        @Test
        void workers_sent_in_earlier_turns_do_not_raise_the_cost() {
            BuildersState afterRound = RULES.given(cathedral)
                    .played("p1", new BuildersMove.SendWorker(CRAFTSMAN_ALL, CATHEDRAL), new BuildersMove.EndTurn())
                    .state();
            afterRound = RULES.given(afterRound)
                    .played("p2", new BuildersMove.EndTurn())
                    .state();

            List<BuildersEvent> events = RULES.given(afterRound)
                    .when("p1", new BuildersMove.SendWorker(CRAFTSMAN_ALL_TOO, CATHEDRAL))
                    .events();

            assertEquals(1, assertInstanceOf(WorkerSent.class, events.get(0)).actionPointsSpent());
        }

        @Test
        void a_second_worker_to_the_same_building_with_one_action_point_left_is_not_enough() {
            BuildersState given = RULES.given(cathedral)
                    .played("p1", new BuildersMove.SendWorker(CRAFTSMAN_ALL, CATHEDRAL))
                    .state();
            given = withActionPoints(given, 1);
            RULES.given(given)
                    .when("p1", new BuildersMove.SendWorker(CRAFTSMAN_ALL_TOO, CATHEDRAL))
                    .thenRejected("not-enough-action-points");
        }

        @Test
        void a_wage_the_player_cannot_pay_is_refused() {
            BuildersState given = withPlayer(twoPlayers, "p1", 4, workers(MASTER), List.of(site(CATHEDRAL)), List.of());
            RULES.given(given)
                    .when("p1", new BuildersMove.SendWorker(MASTER, CATHEDRAL))
                    .thenRejected("cannot-afford-wage");
        }

        @Test
        void a_worker_already_on_a_site_is_busy() {
            BuildersState given = RULES.given(cathedral)
                    .played("p1", new BuildersMove.SendWorker(CRAFTSMAN_ALL, CATHEDRAL))
                    .state();
            RULES.given(given)
                    .when("p1", new BuildersMove.SendWorker(CRAFTSMAN_ALL, STRAW_HUT))
                    .thenRejected("worker-busy");
        }

        @Test
        void someone_elses_worker_is_no_such_card() {
            int theirs = twoPlayers.player("p2").freeWorkers().get(0).id();
            RULES.given(cathedral)
                    .when("p1", new BuildersMove.SendWorker(theirs, CATHEDRAL))
                    .thenRejected("no-such-card");
        }

        @Test
        void a_building_that_is_not_the_players_site_is_no_such_card() {
            int faceUp = twoPlayers.buildingDisplay().get(0).id();
            RULES.given(cathedral)
                    .when("p1", new BuildersMove.SendWorker(CRAFTSMAN_ALL, faceUp))
                    .thenRejected("no-such-card");
        }

        @Test
        void a_finished_building_takes_no_more_workers() {
            BuildersState given =
                    withPlayer(twoPlayers, "p1", 10, workers(CRAFTSMAN_ALL), List.of(), buildings(WOODEN_SHACK));
            RULES.given(given)
                    .when("p1", new BuildersMove.SendWorker(CRAFTSMAN_ALL, WOODEN_SHACK))
                    .thenRejected("building-complete");
        }
    }

    @Nested
    class Completion {
        @Test
        void a_building_whose_four_requirements_are_met_pays_its_coins_and_vp_and_frees_its_workers() {
            Building hut = BuildersData.building(STRAW_HUT);
            BuildersState given = withPlayer(
                    twoPlayers,
                    "p1",
                    10,
                    workers(APPRENTICE_WOOD_TILE),
                    List.of(site(STRAW_HUT, APPRENTICE_STONE_TILE)),
                    List.of());
            int wage = BuildersData.worker(APPRENTICE_WOOD_TILE).wage();

            List<BuildersEvent> events = RULES.given(given)
                    .when("p1", new BuildersMove.SendWorker(APPRENTICE_WOOD_TILE, STRAW_HUT))
                    .events();

            assertEquals(2, events.size());
            BuildingCompleted completed = assertInstanceOf(BuildingCompleted.class, events.get(1));
            assertEquals(hut.info(), completed.building());
            assertEquals(hut.victoryPoints(), completed.victoryPoints());
            assertEquals(hut.coins(), completed.coinsEarned());
            assertEquals(List.of(APPRENTICE_STONE_TILE, APPRENTICE_WOOD_TILE), completed.returnedWorkerIds());
            PlayerState p1 = RULES.apply(given, events).player("p1");
            assertEquals(10 - wage + hut.coins(), p1.coins());
            assertEquals(List.of(hut), p1.completed());
            assertEquals(hut.victoryPoints(), p1.buildingVictoryPoints());
            assertTrue(p1.sites().isEmpty());
            assertEquals(workers(APPRENTICE_STONE_TILE, APPRENTICE_WOOD_TILE), p1.freeWorkers());
        }

        @Test
        void surplus_of_one_resource_does_not_make_up_for_another() {
            // Straw Hut needs 3 resources (1 stone, 2 tile); these two workers bring 4 but no tile.
            BuildersState given = withPlayer(
                    twoPlayers,
                    "p1",
                    10,
                    workers(APPRENTICE_STONE_WOOD),
                    List.of(site(STRAW_HUT, APPRENTICE_WOOD_KNOWLEDGE)),
                    List.of());

            List<BuildersEvent> events = RULES.given(given)
                    .when("p1", new BuildersMove.SendWorker(APPRENTICE_STONE_WOOD, STRAW_HUT))
                    .events();

            assertEquals(1, events.size());
            assertEquals(1, RULES.apply(given, events).player("p1").sites().size());
        }

        @Test
        void completion_costs_no_action_point() {
            BuildersState given = withPlayer(
                    twoPlayers, "p1", 10, workers(APPRENTICE_WOOD_KNOWLEDGE), List.of(site(WOODEN_SHACK)), List.of());
            BuildersState after = RULES.given(given)
                    .played("p1", new BuildersMove.SendWorker(APPRENTICE_WOOD_KNOWLEDGE, WOODEN_SHACK))
                    .state();
            assertEquals(BuildersData.ACTION_POINTS_PER_TURN - 1, after.actionPoints());
            assertEquals(buildings(WOODEN_SHACK), after.player("p1").completed());
        }
    }

    @Nested
    class SendMachine {
        private final Building treadwheel = BuildersData.building(TREADWHEEL);
        /** p1 has built the Treadwheel Crane (free to work) and has two sites and two workers. */
        private final BuildersState withTreadwheel = withPlayer(
                twoPlayers,
                "p1",
                10,
                workers(CRAFTSMAN_ALL, CRAFTSMAN_ALL_TOO),
                List.of(treadwheel),
                List.of(site(CATHEDRAL), site(STRAW_HUT)),
                List.of(treadwheel));

        @Test
        void sending_a_machine_costs_an_action_point_and_no_wage() {
            List<BuildersEvent> events = RULES.given(withTreadwheel)
                    .when("p1", new BuildersMove.SendMachine(TREADWHEEL, CATHEDRAL))
                    .events();

            MachineSent sent = assertInstanceOf(MachineSent.class, events.get(0));
            assertEquals(1, events.size());
            assertEquals(treadwheel.info(), sent.machine());
            assertEquals(1, sent.actionPointsSpent());
            assertEquals(BuildersData.ACTION_POINTS_PER_TURN - 1, sent.actionPointsLeft());
            BuildersState after = RULES.apply(withTreadwheel, events);
            PlayerState p1 = after.player("p1");
            assertEquals(10, p1.coins());
            assertEquals(withTreadwheel.bank(), after.bank());
            assertTrue(p1.freeMachines().isEmpty());
            assertEquals(List.of(treadwheel), p1.site(CATHEDRAL).orElseThrow().machines());
            assertEquals(
                    new Resources(2, 0, 1, 0), p1.site(CATHEDRAL).orElseThrow().supplied());
        }

        @Test
        void workers_and_machines_sent_to_the_same_building_this_turn_share_the_escalating_cost() {
            BuildersState given = withActionPoints(withTreadwheel, 6);

            BuildersState after = RULES.given(given)
                    .played("p1", new BuildersMove.SendWorker(CRAFTSMAN_ALL, CATHEDRAL))
                    .state();
            MachineSent second = assertInstanceOf(
                    MachineSent.class,
                    RULES.given(after)
                            .when("p1", new BuildersMove.SendMachine(TREADWHEEL, CATHEDRAL))
                            .events()
                            .get(0));
            assertEquals(2, second.actionPointsSpent());
            after = RULES.given(after)
                    .played("p1", new BuildersMove.SendMachine(TREADWHEEL, CATHEDRAL))
                    .state();
            assertEquals(3, after.actionPoints());
            WorkerSent third = assertInstanceOf(
                    WorkerSent.class,
                    RULES.given(after)
                            .when("p1", new BuildersMove.SendWorker(CRAFTSMAN_ALL_TOO, CATHEDRAL))
                            .events()
                            .get(0));
            assertEquals(3, third.actionPointsSpent());
        }

        @Test
        void a_machine_sent_to_another_building_costs_one_action_point_again() {
            BuildersState after = RULES.given(withTreadwheel)
                    .played(
                            "p1",
                            new BuildersMove.SendWorker(CRAFTSMAN_ALL, CATHEDRAL),
                            new BuildersMove.SendMachine(TREADWHEEL, STRAW_HUT))
                    .state();
            assertEquals(BuildersData.ACTION_POINTS_PER_TURN - 2, after.actionPoints());
        }

        @Test
        void a_second_send_to_the_same_building_with_one_action_point_left_is_not_enough() {
            BuildersState given = withActionPoints(
                    RULES.given(withTreadwheel)
                            .played("p1", new BuildersMove.SendWorker(CRAFTSMAN_ALL, CATHEDRAL))
                            .state(),
                    1);
            RULES.given(given)
                    .when("p1", new BuildersMove.SendMachine(TREADWHEEL, CATHEDRAL))
                    .thenRejected("not-enough-action-points");
        }

        @Test
        void a_machine_is_sent_even_without_coins() {
            BuildersState broke = withPlayer(
                    twoPlayers,
                    "p1",
                    0,
                    workers(MASTER),
                    List.of(treadwheel),
                    List.of(site(CATHEDRAL)),
                    List.of(treadwheel));

            List<BuildersMove> legal = RULES.engine().legalMoves(broke, "p1");

            assertTrue(legal.contains(new BuildersMove.SendMachine(TREADWHEEL, CATHEDRAL)));
            assertFalse(legal.contains(new BuildersMove.SendWorker(MASTER, CATHEDRAL)));
            assertEquals(
                    0,
                    RULES.apply(
                                    broke,
                                    RULES.given(broke)
                                            .when("p1", new BuildersMove.SendMachine(TREADWHEEL, CATHEDRAL))
                                            .events())
                            .player("p1")
                            .coins());
        }

        @Test
        void legal_moves_send_each_free_machine_to_each_site_the_action_points_allow() {
            BuildersState given = RULES.given(withTreadwheel)
                    .played("p1", new BuildersMove.SendWorker(CRAFTSMAN_ALL, CATHEDRAL))
                    .state();
            given = withActionPoints(given, 1);

            List<BuildersMove> legal = RULES.engine().legalMoves(given, "p1");

            assertTrue(legal.contains(new BuildersMove.SendMachine(TREADWHEEL, STRAW_HUT)));
            assertFalse(
                    legal.contains(new BuildersMove.SendMachine(TREADWHEEL, CATHEDRAL)),
                    "the second to the Cathedral costs 2");
        }

        @Test
        void a_completed_building_gives_back_its_machines_with_its_workers() {
            Building kiln = BuildersData.building(TILE_KILN);
            Building hut = BuildersData.building(STRAW_HUT);
            BuildersState given = withPlayer(
                    twoPlayers,
                    "p1",
                    10,
                    workers(),
                    List.of(kiln),
                    List.of(site(STRAW_HUT, APPRENTICE_STONE_TILE)),
                    List.of(kiln));

            List<BuildersEvent> events = RULES.given(given)
                    .when("p1", new BuildersMove.SendMachine(TILE_KILN, STRAW_HUT))
                    .events();

            assertInstanceOf(MachineSent.class, events.get(0));
            BuildingCompleted completed = assertInstanceOf(BuildingCompleted.class, events.get(1));
            assertEquals(List.of(APPRENTICE_STONE_TILE), completed.returnedWorkerIds());
            assertEquals(List.of(TILE_KILN), completed.returnedMachineIds());
            assertEquals(hut.coins(), completed.coinsEarned());
            PlayerState p1 = RULES.apply(given, events).player("p1");
            assertEquals(List.of(kiln), p1.freeMachines());
            assertEquals(workers(APPRENTICE_STONE_TILE), p1.freeWorkers());
            assertEquals(List.of(kiln, hut), p1.completed());
            assertEquals(10 + hut.coins(), p1.coins());
        }

        @Test
        void a_machine_still_being_built_is_not_complete() {
            BuildersState given = withPlayer(
                    twoPlayers,
                    "p1",
                    10,
                    workers(),
                    List.of(),
                    List.of(site(PULLEY, MASTER), site(CATHEDRAL)),
                    List.of());
            RULES.given(given)
                    .when("p1", new BuildersMove.SendMachine(PULLEY, CATHEDRAL))
                    .thenRejected("machine-not-complete");
        }

        @Test
        void a_machine_in_the_display_or_the_deck_is_not_complete() {
            BuildersState given = withDecks(
                    withTreadwheel,
                    buildings(SAWMILL, STRAW_HUT),
                    buildings(PULLEY),
                    twoPlayers.workerDisplay(),
                    twoPlayers.workerDeck());
            RULES.given(given)
                    .when("p1", new BuildersMove.SendMachine(SAWMILL, CATHEDRAL))
                    .thenRejected("machine-not-complete");
            RULES.given(given)
                    .when("p1", new BuildersMove.SendMachine(PULLEY, CATHEDRAL))
                    .thenRejected("machine-not-complete");
        }

        @Test
        void a_machine_already_on_a_site_is_busy() {
            BuildersState given = RULES.given(withTreadwheel)
                    .played("p1", new BuildersMove.SendMachine(TREADWHEEL, CATHEDRAL))
                    .state();
            RULES.given(given)
                    .when("p1", new BuildersMove.SendMachine(TREADWHEEL, STRAW_HUT))
                    .thenRejected("machine-busy");
            RULES.given(given)
                    .when("p1", new BuildersMove.SendMachine(TREADWHEEL, CATHEDRAL))
                    .thenRejected("machine-busy");
        }

        @Test
        void someone_elses_machine_or_a_card_that_is_no_machine_is_no_such_card() {
            // The decks are emptied: the Sawmill is p2's alone (the states of rule tests do not conserve cards).
            BuildersState given = withDecks(withTreadwheel, List.of(), List.of(), List.of(), List.of());
            given = withPlayer(
                    given, "p2", 10, workers(), List.of(BuildersData.building(SAWMILL)), List.of(), buildings(SAWMILL));
            RULES.given(given)
                    .when("p1", new BuildersMove.SendMachine(SAWMILL, CATHEDRAL))
                    .thenRejected("no-such-card");
            RULES.given(given)
                    .when("p1", new BuildersMove.SendMachine(STRAW_HUT, CATHEDRAL))
                    .thenRejected("no-such-card");
            RULES.given(given)
                    .when("p1", new BuildersMove.SendMachine(CRAFTSMAN_ALL, CATHEDRAL))
                    .thenRejected("no-such-card");
        }

        @Test
        void a_machine_goes_only_to_the_players_own_unfinished_sites() {
            BuildersState given = withPlayer(
                    twoPlayers,
                    "p1",
                    10,
                    workers(),
                    List.of(treadwheel),
                    List.of(),
                    buildings(TREADWHEEL, WOODEN_SHACK));
            RULES.given(given)
                    .when("p1", new BuildersMove.SendMachine(TREADWHEEL, WOODEN_SHACK))
                    .thenRejected("building-complete");
            RULES.given(given)
                    .when("p1", new BuildersMove.SendMachine(TREADWHEEL, TREADWHEEL))
                    .thenRejected("building-complete");
            RULES.given(given)
                    .when(
                            "p1",
                            new BuildersMove.SendMachine(
                                    TREADWHEEL,
                                    twoPlayers.buildingDisplay().get(0).id()))
                    .thenRejected("no-such-card");
        }

        @Test
        void only_the_current_player_sends_machines() {
            RULES.given(withTreadwheel)
                    .when("p2", new BuildersMove.SendMachine(TREADWHEEL, CATHEDRAL))
                    .thenRejected("not-your-turn");
        }
    }

    /** What machines change in the other rules: opened and completed like buildings, their VP, the stalemate. */
    @Nested
    class Machines {
        private final Building treadwheel = BuildersData.building(TREADWHEEL);

        @Test
        void a_machine_is_opened_like_any_building() {
            BuildersState given = withDecks(
                    twoPlayers,
                    buildings(PULLEY, STRAW_HUT),
                    List.of(),
                    twoPlayers.workerDisplay(),
                    twoPlayers.workerDeck());

            List<BuildersEvent> events = RULES.given(given)
                    .when("p1", new BuildersMove.StartConstruction(PULLEY))
                    .events();

            ConstructionStarted started = assertInstanceOf(ConstructionStarted.class, events.get(0));
            assertEquals(2, started.building().machine().stone());
            assertEquals(
                    List.of(Site.opened(BuildersData.building(PULLEY))),
                    RULES.apply(given, events).player("p1").sites());
        }

        @Test
        void a_completed_machine_scores_its_vp_pays_no_coins_and_joins_the_players_free_machines() {
            Building pulley = BuildersData.building(PULLEY);
            BuildersState given = withPlayer(
                    twoPlayers, "p1", 10, workers(APPRENTICE_STONE_TILE), List.of(site(PULLEY, MASTER)), List.of());
            int wage = BuildersData.worker(APPRENTICE_STONE_TILE).wage();

            List<BuildersEvent> events = RULES.given(given)
                    .when("p1", new BuildersMove.SendWorker(APPRENTICE_STONE_TILE, PULLEY))
                    .events();

            BuildingCompleted completed = assertInstanceOf(BuildingCompleted.class, events.get(1));
            assertEquals(pulley.info(), completed.building());
            assertEquals(1, completed.victoryPoints());
            assertEquals(0, completed.coinsEarned());
            assertEquals(1, completed.buildingVictoryPoints());
            assertEquals(10 - wage, completed.coinsLeft());
            BuildersState after = RULES.apply(given, events);
            PlayerState p1 = after.player("p1");
            assertEquals(List.of(pulley), p1.freeMachines());
            assertEquals(List.of(pulley), p1.completed());
            assertEquals(1, p1.buildingVictoryPoints());
            assertEquals(10 - wage, p1.coins());
            assertEquals(given.bank().paidOut(), after.bank().paidOut());
            assertEquals(workers(MASTER, APPRENTICE_STONE_TILE), p1.freeWorkers());
        }

        @Test
        void machines_vp_count_towards_the_target_and_the_tallies() {
            // Cathedral 8 + Castle 7 + Treadwheel Crane 2 = 17.
            BuildersState given = withPlayer(
                    twoPlayers,
                    "p1",
                    23,
                    workers(),
                    List.of(treadwheel),
                    List.of(),
                    buildings(CATHEDRAL, CASTLE, TREADWHEEL));
            given = RULES.given(given).played("p1", new BuildersMove.EndTurn()).state();

            List<BuildersEvent> events =
                    RULES.given(given).when("p2", new BuildersMove.EndTurn()).events();

            GameFinished finished = assertInstanceOf(GameFinished.class, events.get(events.size() - 1));
            assertEquals(new PlayerTally("p1", 17, 23, 3), finished.tallies().get(0));
        }

        @Test
        void a_free_machine_that_can_still_finish_a_site_is_no_stalemate() {
            // The Treehouse (wood 2, knowledge 1) has knowledge; only the Sawmill's 2 wood can finish it.
            Building sawmill = BuildersData.building(SAWMILL);
            BuildersState empty = withDecks(twoPlayers, List.of(), List.of(), List.of(), List.of());
            empty = withPlayer(empty, "p2", 10, workers(), List.of(), List.of());
            BuildersState withSawmill = withPlayer(
                    empty,
                    "p1",
                    10,
                    workers(),
                    List.of(sawmill),
                    List.of(site(TREEHOUSE, LABOURER_KNOWLEDGE_TILE)),
                    List.of(sawmill));
            BuildersState without = withPlayer(
                    empty,
                    "p1",
                    10,
                    workers(),
                    List.of(),
                    List.of(site(TREEHOUSE, LABOURER_KNOWLEDGE_TILE)),
                    List.of());

            assertEquals(
                    1,
                    RULES.given(withSawmill)
                            .when("p1", new BuildersMove.EndTurn())
                            .events()
                            .size());
            assertEquals(
                    GameEndTriggered.STALEMATE,
                    assertInstanceOf(
                                    GameEndTriggered.class,
                                    RULES.given(without)
                                            .when("p1", new BuildersMove.EndTurn())
                                            .events()
                                            .get(0))
                            .reason());
        }
    }

    @Nested
    class TakeCoins {
        @Test
        void one_two_or_three_action_points_give_one_three_or_six_coins() {
            int[] expected = {0, 1, 3, 6};
            for (int points = 1; points <= 3; points++) {
                List<BuildersEvent> events = RULES.given(twoPlayers)
                        .when("p1", new BuildersMove.TakeCoins(points))
                        .events();
                CoinsTaken taken = assertInstanceOf(CoinsTaken.class, events.get(0));
                assertEquals(expected[points], taken.coinsTaken());
                BuildersState after = RULES.apply(twoPlayers, events);
                assertEquals(
                        BuildersData.STARTING_COINS + expected[points],
                        after.player("p1").coins());
                assertEquals(BuildersData.ACTION_POINTS_PER_TURN - points, after.actionPoints());
                assertEquals(
                        twoPlayers.bank().paidOut() + expected[points],
                        after.bank().paidOut());
            }
        }

        @Test
        void four_or_zero_action_points_are_not_a_coin_action() {
            BuildersState given = withActionPoints(twoPlayers, 4);
            RULES.given(given).when("p1", new BuildersMove.TakeCoins(4)).thenRejected("invalid-action-points");
            RULES.given(given).when("p1", new BuildersMove.TakeCoins(0)).thenRejected("invalid-action-points");
        }

        @Test
        void needs_the_action_points_it_spends() {
            BuildersState given = withActionPoints(twoPlayers, 2);
            RULES.given(given).when("p1", new BuildersMove.TakeCoins(3)).thenRejected("not-enough-action-points");
        }
    }

    @Nested
    class BuyActionPoint {
        @Test
        void five_coins_buy_one_more_action_point_any_number_of_times() {
            BuildersState given = withPlayer(twoPlayers, "p1", 12, workers(), List.of(), List.of());

            BuildersState after = RULES.given(given)
                    .played("p1", new BuildersMove.BuyActionPoint(), new BuildersMove.BuyActionPoint())
                    .state();

            assertEquals(BuildersData.ACTION_POINTS_PER_TURN + 2, after.actionPoints());
            assertEquals(
                    12 - 2 * BuildersData.ACTION_POINT_PRICE, after.player("p1").coins());
            assertEquals(given.bank().received() + 10, after.bank().received());
            ActionPointBought bought = assertInstanceOf(
                    ActionPointBought.class,
                    RULES.given(given)
                            .when("p1", new BuildersMove.BuyActionPoint())
                            .events()
                            .get(0));
            assertEquals(BuildersData.ACTION_POINT_PRICE, bought.coinsPaid());
        }

        @Test
        void without_five_coins_it_is_refused() {
            BuildersState given = withPlayer(twoPlayers, "p1", 4, workers(), List.of(), List.of());
            RULES.given(given).when("p1", new BuildersMove.BuyActionPoint()).thenRejected("cannot-afford-action");
        }
    }

    @Nested
    class Turns {
        @Test
        void ending_a_turn_loses_unused_action_points_and_the_next_player_gets_three() {
            BuildersState given = RULES.given(twoPlayers)
                    .played("p1", new BuildersMove.TakeCoins(1))
                    .state();

            List<BuildersEvent> events =
                    RULES.given(given).when("p1", new BuildersMove.EndTurn()).events();

            TurnEnded ended = assertInstanceOf(TurnEnded.class, events.get(0));
            assertEquals(1, events.size());
            assertEquals(2, ended.actionPointsLost());
            assertEquals("p2", ended.nextPlayer());
            BuildersState after = RULES.apply(given, events);
            assertEquals("p2", after.currentPlayer().name());
            assertEquals(BuildersData.ACTION_POINTS_PER_TURN, after.actionPoints());
            assertEquals(1, after.round());
        }

        @Test
        void after_the_last_seat_a_new_round_starts_with_the_first_seat() {
            BuildersState after = RULES.given(twoPlayers)
                    .played("p1", new BuildersMove.EndTurn())
                    .played("p2", new BuildersMove.EndTurn())
                    .state();
            assertEquals("p1", after.currentPlayer().name());
            assertEquals(2, after.round());
        }

        @Test
        void only_the_current_player_may_move_and_someone_without_a_seat_is_not_a_player() {
            RULES.given(twoPlayers).when("p2", new BuildersMove.TakeCoins(1)).thenRejected("not-your-turn");
            RULES.given(twoPlayers).when("stranger", new BuildersMove.EndTurn()).thenRejected("not-a-player");
            assertTrue(RULES.engine().legalMoves(twoPlayers, "p2").isEmpty());
        }
    }

    @Nested
    class GameEnd {
        private final BuildersState threePlayers = Crafted.start(3, 7);

        private BuildersState withVictoryPoints(BuildersState state, String name, int... completed) {
            return withPlayer(state, name, 23, workers(), List.of(), buildings(completed));
        }

        @Test
        void seventeen_vp_at_the_end_of_the_start_players_turn_lets_the_others_finish_the_round() {
            // Cathedral 8 + Castle 7 + Straw Hut 1 + Stone Bridge 1 = 17.
            BuildersState given = withVictoryPoints(threePlayers, "p1", CATHEDRAL, CASTLE, STRAW_HUT, STONE_BRIDGE);

            List<BuildersEvent> events =
                    RULES.given(given).when("p1", new BuildersMove.EndTurn()).events();

            GameEndTriggered triggered = assertInstanceOf(GameEndTriggered.class, events.get(0));
            assertEquals(GameEndTriggered.TARGET_REACHED, triggered.reason());
            assertEquals(17, triggered.buildingVictoryPoints());
            assertEquals("p2", assertInstanceOf(TurnEnded.class, events.get(1)).nextPlayer());
            BuildersState after = RULES.apply(given, events);
            assertFalse(RULES.engine().isOver(after));
            assertEquals("p1", after.endTriggeredBy());

            after = RULES.given(after).played("p2", new BuildersMove.EndTurn()).state();
            assertFalse(RULES.engine().isOver(after));
            List<BuildersEvent> last =
                    RULES.given(after).when("p3", new BuildersMove.EndTurn()).events();
            GameFinished finished = assertInstanceOf(GameFinished.class, last.get(last.size() - 1));
            assertNull(assertInstanceOf(TurnEnded.class, last.get(0)).nextPlayer());
            assertEquals("p1", finished.triggeredBy());
            assertEquals(
                    List.of(
                            new PlayerTally("p1", 17, 23, 4),
                            new PlayerTally("p2", 0, 10, 0),
                            new PlayerTally("p3", 0, 10, 0)),
                    finished.tallies());
            assertTrue(RULES.engine().isOver(RULES.apply(after, last)));
        }

        @Test
        void sixteen_vp_does_not_end_the_game() {
            BuildersState given = withVictoryPoints(threePlayers, "p1", CATHEDRAL, CASTLE, STRAW_HUT);
            List<BuildersEvent> events =
                    RULES.given(given).when("p1", new BuildersMove.EndTurn()).events();
            assertEquals(1, events.size());
            assertInstanceOf(TurnEnded.class, events.get(0));
        }

        @Test
        void the_target_reached_on_the_last_seats_turn_ends_the_game_at_once() {
            BuildersState given = RULES.given(threePlayers)
                    .played("p1", new BuildersMove.EndTurn())
                    .played("p2", new BuildersMove.EndTurn())
                    .state();
            given = withVictoryPoints(given, "p3", CATHEDRAL, CASTLE, STRAW_HUT, STONE_BRIDGE);

            List<BuildersEvent> events =
                    RULES.given(given).when("p3", new BuildersMove.EndTurn()).events();

            assertEquals(3, events.size());
            assertInstanceOf(GameEndTriggered.class, events.get(0));
            assertInstanceOf(GameFinished.class, events.get(2));
            assertTrue(RULES.engine().isOver(RULES.apply(given, events)));
        }

        @Test
        void the_target_counts_only_at_the_end_of_a_turn() {
            BuildersState given = withPlayer(
                    threePlayers,
                    "p1",
                    10,
                    workers(APPRENTICE_WOOD_KNOWLEDGE),
                    List.of(site(WOODEN_SHACK)),
                    buildings(CATHEDRAL, CASTLE, STRAW_HUT, STONE_BRIDGE));
            List<BuildersEvent> events = RULES.given(given)
                    .when("p1", new BuildersMove.SendWorker(APPRENTICE_WOOD_KNOWLEDGE, WOODEN_SHACK))
                    .events();
            assertTrue(events.stream().noneMatch(e -> e instanceof GameEndTriggered));
            assertNull(RULES.apply(given, events).endTriggeredBy());
        }

        @Test
        void a_second_player_reaching_the_target_triggers_nothing_more() {
            BuildersState given = withVictoryPoints(threePlayers, "p1", CATHEDRAL, CASTLE, STRAW_HUT, STONE_BRIDGE);
            given = withVictoryPoints(given, "p2", CATHEDRAL, CASTLE, STRAW_HUT, STONE_BRIDGE);
            BuildersState after =
                    RULES.given(given).played("p1", new BuildersMove.EndTurn()).state();
            List<BuildersEvent> events =
                    RULES.given(after).when("p2", new BuildersMove.EndTurn()).events();
            assertEquals(1, events.size());
            assertInstanceOf(TurnEnded.class, events.get(0));
        }

        @Test
        void when_no_building_can_ever_be_completed_the_round_is_the_last() {
            // Every worker is stuck on a Cathedral it cannot finish, and nothing is left to recruit or open.
            BuildersState given = withDecks(threePlayers, List.of(), List.of(), List.of(), List.of());
            given = withPlayer(given, "p1", 10, workers(), List.of(site(CATHEDRAL, MASTER)), List.of());
            given = withPlayer(given, "p2", 10, workers(CRAFTSMAN_ALL), List.of(), List.of());
            given = withPlayer(given, "p3", 10, workers(), List.of(), List.of());

            List<BuildersEvent> events =
                    RULES.given(given).when("p1", new BuildersMove.EndTurn()).events();

            GameEndTriggered triggered = assertInstanceOf(GameEndTriggered.class, events.get(0));
            assertEquals(GameEndTriggered.STALEMATE, triggered.reason());
        }

        @Test
        void a_building_that_can_still_be_finished_is_no_stalemate() {
            BuildersState given = withDecks(threePlayers, List.of(), List.of(), List.of(), List.of());
            given = withPlayer(
                    given,
                    "p1",
                    0,
                    workers(APPRENTICE_WOOD_KNOWLEDGE),
                    List.of(site(CATHEDRAL, MASTER), site(WOODEN_SHACK)),
                    List.of());
            given = withPlayer(given, "p2", 10, workers(), List.of(), List.of());
            given = withPlayer(given, "p3", 10, workers(), List.of(), List.of());

            assertEquals(
                    1,
                    RULES.given(given)
                            .when("p1", new BuildersMove.EndTurn())
                            .events()
                            .size());
        }

        @Test
        void after_the_end_every_move_is_game_over() {
            BuildersState given = RULES.given(threePlayers)
                    .played("p1", new BuildersMove.EndTurn())
                    .played("p2", new BuildersMove.EndTurn())
                    .state();
            given = withVictoryPoints(given, "p3", CATHEDRAL, CASTLE, STRAW_HUT, STONE_BRIDGE);
            BuildersState over =
                    RULES.given(given).played("p3", new BuildersMove.EndTurn()).state();

            RULES.given(over).when("p1", new BuildersMove.TakeCoins(1)).thenRejected("game-over");
            RULES.given(over).when("p3", new BuildersMove.EndTurn()).thenRejected("game-over");
            assertTrue(RULES.engine().legalMoves(over, "p1").isEmpty());
        }
    }
}
