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

    private static FinalScoringInput.Tally tally(String player, int vp, int coins, int objects, int buildings, int stones) {
        return new FinalScoringInput.Tally(player, vp, coins, objects, buildings, stones);
    }

    private static List<FinalStanding> score(FinalScoringInput.Tally... players) {
        return CarraraFinalScoring.score(new FinalScoringInput(5, 1, 1, List.of(players)));
    }

    @Test
    void coinsConvertFiveToOneRoundedDownPlusObjectsAndBuildings() {
        List<FinalStanding> standings = score(tally("ann", 30, 14, 3, 7, 0));

        assertEquals(new FinalStanding("ann", 1, 30 + 2 + 3 + 7, 30, 2, 3, 7, 0, false), standings.get(0));
    }

    @Test
    void ratesComeFromTheInput() {
        var input = new FinalScoringInput(2, 3, 0, List.of(tally("ann", 0, 5, 2, 4, 0)));

        FinalStanding ann = CarraraFinalScoring.score(input).get(0);

        assertEquals(2, ann.coinVp());
        assertEquals(6, ann.objectVp());
        assertEquals(0, ann.buildingVp());
        assertEquals(8, ann.total());
    }

    @Test
    void mostVpWinsAndStandingsAreBestFirst() {
        List<FinalStanding> standings = score(tally("ann", 10, 0, 0, 0, 9), tally("bob", 20, 0, 0, 0, 0),
                tally("cat", 15, 0, 0, 0, 0));

        assertEquals(List.of("bob", "cat", "ann"), standings.stream().map(FinalStanding::player).toList());
        assertEquals(List.of(1, 2, 3), standings.stream().map(FinalStanding::rank).toList());
    }

    @Test
    void aTieGoesToMostStones() {
        List<FinalStanding> standings = score(tally("ann", 10, 0, 0, 0, 1), tally("bob", 10, 0, 0, 0, 4));

        assertEquals("bob", standings.get(0).player());
        assertEquals(1, standings.get(0).rank());
        assertEquals(2, standings.get(1).rank());
        assertFalse(standings.get(0).shared());
    }

    @Test
    void aTieOnVpAndStonesIsShared() {
        List<FinalStanding> standings = score(tally("ann", 10, 4, 0, 0, 2), tally("bob", 10, 0, 0, 0, 2),
                tally("cat", 3, 0, 0, 0, 2));

        assertEquals(1, standings.get(0).rank());
        assertEquals(1, standings.get(1).rank());
        assertTrue(standings.get(0).shared() && standings.get(1).shared());
        assertEquals(3, standings.get(2).rank());
        assertFalse(standings.get(2).shared());
    }

    @Test
    void theEnginesGameFinishedEventSerialisesToAnInput() throws Exception {
        var finished = new GameFinished("declared", "bob", 5, 1, 1, List.of(
                new GameFinished.Tally("ann", 12, 9, 2, 5, 14, 3), new GameFinished.Tally("bob", 20, 0, 6, 8, 22, 0)));

        List<FinalStanding> standings = CarraraFinalScoring.score(
                JSON.readValue(JSON.writeValueAsString(finished), FinalScoringInput.class));

        assertEquals(new FinalStanding("bob", 1, 34, 20, 0, 6, 8, 0, false), standings.get(0));
        assertEquals(new FinalStanding("ann", 2, 20, 12, 1, 2, 5, 3, false), standings.get(1));
    }

    @Test
    void rejectsBadInputNamingTheField() {
        assertEquals("players[1].coins", assertThrows(InvalidInputException.class,
                () -> score(tally("ann", 0, 0, 0, 0, 0), tally("bob", 0, -1, 0, 0, 0))).field());
        assertEquals("players[1].player", assertThrows(InvalidInputException.class,
                () -> score(tally("ann", 0, 0, 0, 0, 0), tally("ann", 0, 0, 0, 0, 0))).field());
        assertEquals("players", assertThrows(InvalidInputException.class, () -> score()).field());
        assertEquals("coinsPerVp", assertThrows(InvalidInputException.class,
                () -> CarraraFinalScoring.score(new FinalScoringInput(null, 1, 1, List.of()))).field());
        assertEquals("players[0].vp", assertThrows(InvalidInputException.class, () -> CarraraFinalScoring.score(
                new FinalScoringInput(5, 1, 1, List.of(new FinalScoringInput.Tally("ann", null, 0, 0, 0, 0))))).field());
    }
}
