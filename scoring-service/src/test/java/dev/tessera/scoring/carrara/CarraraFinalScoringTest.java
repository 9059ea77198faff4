package dev.tessera.scoring.carrara;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.events.carrara.GameFinished;
import dev.tessera.scoring.standings.InvalidInputException;
import java.util.List;
import org.junit.jupiter.api.Test;

class CarraraFinalScoringTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static FinalScoringInput.Tally tally(
            String player, int vp, int coins, int objects, int buildings, int stones) {
        return new FinalScoringInput.Tally(player, vp, coins, objects, null, buildings, stones, null);
    }

    private static List<FinalStanding> score(FinalScoringInput.Tally... players) {
        return CarraraFinalScoring.score(new FinalScoringInput(5, 1, null, 1, List.of(players)));
    }

    @Test
    void coins_convert_five_to_one_rounded_down_plus_objects_and_buildings() {
        List<FinalStanding> standings = score(tally("ann", 30, 14, 3, 7, 0));

        assertEquals(new FinalStanding("ann", 1, 30 + 2 + 3 + 7, 30, 2, 3, 7, 0, 0, false), standings.get(0));
    }

    @Test
    void rates_come_from_the_input() {
        var input = new FinalScoringInput(2, 3, null, 0, List.of(tally("ann", 0, 5, 2, 4, 0)));

        FinalStanding ann = CarraraFinalScoring.score(input).get(0);

        assertEquals(2, ann.coinVp());
        assertEquals(6, ann.objectVp());
        assertEquals(0, ann.buildingVp());
        assertEquals(8, ann.total());
    }

    @Test
    void most_vp_wins_and_standings_are_best_first() {
        List<FinalStanding> standings =
                score(tally("ann", 10, 0, 0, 0, 9), tally("bob", 20, 0, 0, 0, 0), tally("cat", 15, 0, 0, 0, 0));

        assertEquals(
                List.of("bob", "cat", "ann"),
                standings.stream().map(FinalStanding::player).toList());
        assertEquals(
                List.of(1, 2, 3), standings.stream().map(FinalStanding::rank).toList());
    }

    @Test
    void a_tie_goes_to_most_stones() {
        List<FinalStanding> standings = score(tally("ann", 10, 0, 0, 0, 1), tally("bob", 10, 0, 0, 0, 4));

        assertEquals("bob", standings.get(0).player());
        assertEquals(1, standings.get(0).rank());
        assertEquals(2, standings.get(1).rank());
        assertFalse(standings.get(0).shared());
    }

    @Test
    void a_tie_on_vp_and_stones_is_shared() {
        List<FinalStanding> standings =
                score(tally("ann", 10, 4, 0, 0, 2), tally("bob", 10, 0, 0, 0, 2), tally("cat", 3, 0, 0, 0, 2));

        assertEquals(1, standings.get(0).rank());
        assertEquals(1, standings.get(1).rank());
        assertTrue(standings.get(0).shared() && standings.get(1).shared());
        assertEquals(3, standings.get(2).rank());
        assertFalse(standings.get(2).shared());
    }

    @Test
    void the_engines_game_finished_event_serialises_to_an_input() throws Exception {
        var finished = new GameFinished(
                "declared",
                "bob",
                5,
                1,
                0,
                1,
                null,
                List.of(
                        new GameFinished.Tally("ann", 12, 9, 2, 2, 5, 14, 3, 0),
                        new GameFinished.Tally("bob", 20, 0, 6, 6, 8, 22, 0, 0)));

        List<FinalStanding> standings =
                CarraraFinalScoring.score(JSON.readValue(JSON.writeValueAsString(finished), FinalScoringInput.class));

        assertEquals(new FinalStanding("bob", 1, 34, 20, 0, 6, 8, 0, 0, false), standings.get(0));
        assertEquals(new FinalStanding("ann", 2, 20, 12, 1, 2, 5, 0, 3, false), standings.get(1));
    }

    /** Expansion: the object card counts one of each kind (2 VP each), leftovers score 1 VP, the bonus card adds. */
    @Test
    void with_the_expansion_leftover_objects_and_the_bonus_card_score() throws Exception {
        var finished = new GameFinished(
                "buildings-exhausted",
                null,
                5,
                2,
                1,
                1,
                "large-building",
                List.of(
                        new GameFinished.Tally("ann", 30, 10, 7, 4, 6, 40, 1, 5),
                        new GameFinished.Tally("bob", 30, 10, 7, 7, 6, 40, 1, 0)));

        List<FinalStanding> standings =
                CarraraFinalScoring.score(JSON.readValue(JSON.writeValueAsString(finished), FinalScoringInput.class));

        // ann: 30 + 10/5 + (4 × 2 + 3 × 1) + 6 + 5 = 54; bob: 30 + 2 + 7 × 2 + 6 = 52
        assertEquals(new FinalStanding("ann", 1, 54, 30, 2, 11, 6, 5, 1, false), standings.get(0));
        assertEquals(new FinalStanding("bob", 2, 52, 30, 2, 14, 6, 0, 1, false), standings.get(1));
    }

    @Test
    void the_expansions_fields_are_optional_and_checked() throws Exception {
        FinalScoringInput basic = JSON.readValue("""
                {"coinsPerVp": 5, "vpPerObject": 1, "vpPerBuilding": 1,
                 "players": [{"player": "ann", "vp": 3, "coins": 5, "objects": 2, "buildings": 1, "stones": 0}]}""", FinalScoringInput.class);
        assertEquals(3 + 1 + 2 + 1, CarraraFinalScoring.score(basic).get(0).total());

        assertEquals(
                "players[0].objectsCounted",
                assertThrows(
                                InvalidInputException.class,
                                () -> CarraraFinalScoring.score(new FinalScoringInput(
                                        5, 2, 1, 1, List.of(new FinalScoringInput.Tally("ann", 0, 0, 2, 3, 0, 0, 0)))))
                        .field(),
                "more counted than held");
        assertEquals(
                "players[0].bonusVp",
                assertThrows(
                                InvalidInputException.class,
                                () -> CarraraFinalScoring.score(new FinalScoringInput(
                                        5, 2, 1, 1, List.of(new FinalScoringInput.Tally("ann", 0, 0, 2, 2, 0, 0, -5)))))
                        .field());
        assertEquals(
                "vpPerLeftoverObject",
                assertThrows(
                                InvalidInputException.class,
                                () -> CarraraFinalScoring.score(new FinalScoringInput(
                                        5, 2, -1, 1, List.of(new FinalScoringInput.Tally("ann", 0, 0, 2, 2, 0, 0, 0)))))
                        .field());
    }

    @Test
    void rejects_bad_input_naming_the_field() {
        assertEquals(
                "players[1].coins",
                assertThrows(
                                InvalidInputException.class,
                                () -> score(tally("ann", 0, 0, 0, 0, 0), tally("bob", 0, -1, 0, 0, 0)))
                        .field());
        assertEquals(
                "players[1].player",
                assertThrows(
                                InvalidInputException.class,
                                () -> score(tally("ann", 0, 0, 0, 0, 0), tally("ann", 0, 0, 0, 0, 0)))
                        .field());
        assertEquals(
                "players",
                assertThrows(InvalidInputException.class, () -> score()).field());
        assertEquals(
                "coinsPerVp",
                assertThrows(
                                InvalidInputException.class,
                                () -> CarraraFinalScoring.score(new FinalScoringInput(null, 1, null, 1, List.of())))
                        .field());
        assertEquals(
                "players[0].vp",
                assertThrows(
                                InvalidInputException.class,
                                () -> CarraraFinalScoring.score(new FinalScoringInput(
                                        5,
                                        1,
                                        null,
                                        1,
                                        List.of(new FinalScoringInput.Tally("ann", null, 0, 0, null, 0, 0, null)))))
                        .field());
    }
}
