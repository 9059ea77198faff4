package dev.tessera.game.builders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.game.rules.GameSetup;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BuildersSetupTest {

    private final BuildersEngine engine = new BuildersEngine();

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void each_player_starts_with_ten_coins_and_one_apprentice(int players) {
        BuildersState state = Crafted.start(players, 11);

        assertEquals(players, state.players().size());
        for (PlayerState player : state.players()) {
            assertEquals(10, player.coins());
            assertEquals(1, player.freeWorkers().size());
            assertEquals(WorkerType.APPRENTICE, player.freeWorkers().get(0).type());
            assertTrue(player.sites().isEmpty() && player.completed().isEmpty());
        }
        assertEquals(10 * players, state.bank().inCirculation());
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void five_buildings_and_five_workers_lie_face_up_and_the_rest_form_the_decks(int players) {
        BuildersState state = Crafted.start(players, 12);

        assertEquals(5, state.buildingDisplay().size());
        assertEquals(5, state.workerDisplay().size());
        assertEquals(34 + 8 - 5, state.buildingDeck().size());
        assertEquals(42 - 5 - players, state.workerDeck().size());
        PropertyChecks.assertCardsConserved(state);
    }

    @Test
    void a_new_game_records_the_edition_of_its_cards_and_is_dealt_the_34_buildings_and_8_machines() {
        Map<String, String> options = engine.optionsForNewGame(Map.of("clock", "turn-based", "moveHours", "72"));
        assertEquals(Map.of("clock", "turn-based", "moveHours", "72", BuildersEdition.OPTION, "2"), options);

        BuildersState state = engine.start(new GameSetup(List.of("a", "b"), 17, options));

        List<Building> dealt = new java.util.ArrayList<>(state.buildingDisplay());
        dealt.addAll(state.buildingDeck());
        assertEquals(42, dealt.size());
        assertEquals(8, dealt.stream().filter(Building::machine).count());
    }

    @Test
    void a_game_whose_options_name_no_edition_was_recorded_before_machines_and_has_none() {
        BuildersState state = engine.start(Crafted.setupBeforeMachines(3, 17));

        assertEquals(34 - 5, state.buildingDeck().size());
        assertTrue(state.buildingDeck().stream().noneMatch(Building::machine));
        assertTrue(state.buildingDisplay().stream().noneMatch(Building::machine));
        PropertyChecks.assertCardsConserved(state, BuildersEdition.BUILDINGS_ONLY);
        assertThrows(
                IllegalArgumentException.class,
                () -> engine.start(new GameSetup(List.of("a", "b"), 1, Map.of(BuildersEdition.OPTION, "9"))));
    }

    @Test
    void the_start_player_has_three_action_points_in_round_one() {
        BuildersState state = Crafted.start(3, 13);
        assertEquals("p1", state.currentPlayer().name());
        assertEquals(3, state.actionPoints());
        assertEquals(1, state.round());
        assertFalse(engine.isOver(state));
    }

    @Test
    void the_same_seed_deals_the_same_game_and_another_seed_another() {
        assertEquals(Crafted.start(4, 99), Crafted.start(4, 99));
        assertNotEquals(
                Crafted.start(4, 99).buildingDeck(), Crafted.start(4, 100).buildingDeck());
    }

    @Test
    void undealt_apprentices_are_shuffled_into_the_worker_deck() {
        BuildersState state = Crafted.start(2, 14);
        long apprenticesLeft = state.workerDeck().stream()
                        .filter(w -> w.type() == WorkerType.APPRENTICE)
                        .count()
                + state.workerDisplay().stream()
                        .filter(w -> w.type() == WorkerType.APPRENTICE)
                        .count();
        assertEquals(6 - 2, apprenticesLeft);
    }

    @Test
    void only_two_to_four_players_can_play() {
        assertEquals(2, engine.minPlayers());
        assertEquals(4, engine.maxPlayers());
        assertThrows(IllegalArgumentException.class, () -> engine.start(new GameSetup(List.of("a"), 1, Map.of())));
        assertThrows(
                IllegalArgumentException.class,
                () -> engine.start(new GameSetup(List.of("a", "b", "c", "d", "e"), 1, Map.of())));
        assertEquals("builders", engine.game());
    }

    @Test
    void the_view_shows_the_top_of_each_deck_but_not_the_order_below() throws Exception {
        BuildersState state = Crafted.start(2, 15);

        BuildersView view = (BuildersView) engine.view(state, "p1");

        assertEquals(state.buildingDeck().get(0), view.buildingDeckTop());
        assertEquals(state.workerDeck().get(0), view.workerDeckTop());
        assertEquals(state.buildingDeck().size(), view.buildingDeckSize());
        assertEquals(view, engine.view(state, null));
        assertEquals(view, engine.view(state, "p2"));
        JsonNode json = new ObjectMapper().valueToTree(view);
        assertFalse(json.has("buildingDeck"));
        assertFalse(json.has("workerDeck"));
        assertEquals("p1", json.get("currentPlayer").asText());
        assertEquals(10, json.get("players").get(0).get("coins").asInt());
        assertTrue(json.get("players").get(0).get("freeMachines").isEmpty());
        // A worker card names its rank; the view says what each rank is paid.
        for (WorkerType type : WorkerType.values()) {
            assertEquals(type.wage(), json.get("wages").get(type.name()).asInt());
        }
    }

    @Test
    void the_view_shows_each_players_free_machines_the_machines_on_sites_and_what_a_machine_card_supplies() {
        Building pulley = BuildersData.building(35);
        Building crane = BuildersData.building(39);
        BuildersState state = Crafted.withPlayer(
                Crafted.start(2, 16),
                "p2",
                10,
                Crafted.workers(9),
                List.of(crane),
                List.of(new Site(BuildersData.building(29), Crafted.workers(28), List.of(pulley))),
                List.of(pulley, crane));

        BuildersView.PlayerView p2 =
                ((BuildersView) engine.view(state, "p1")).players().get(1);

        assertEquals(List.of(crane), p2.freeMachines());
        assertEquals(List.of(pulley), p2.sites().get(0).machines());
        assertEquals(new Resources(3, 1, 1, 1), p2.sites().get(0).supplied());
        assertEquals(pulley.victoryPoints() + crane.victoryPoints(), p2.buildingVictoryPoints());
        JsonNode card = new ObjectMapper().valueToTree(p2).get("freeMachines").get(0);
        assertEquals("Treadwheel Crane", card.get("name").asText());
        assertEquals(2, card.get("supplies").get("stone").asInt());
    }

    @Test
    void the_view_shows_what_each_site_has_been_supplied_so_far() {
        BuildersState state = Crafted.withPlayer(
                Crafted.start(2, 16), "p2", 10, Crafted.workers(), List.of(Crafted.site(29, 9, 28)), List.of());

        BuildersView view = (BuildersView) engine.view(state, "p1");

        BuildersView.SiteView site = view.players().get(1).sites().get(0);
        assertEquals(29, site.building().id());
        assertEquals(new Resources(1, 3, 4, 1), site.supplied());
    }
}
