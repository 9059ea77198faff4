package dev.tessera.scoring.builders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tessera.scoring.standings.Standing;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BuildersStandingsTest {

    @ParameterizedTest(name = "{0} VP + {1} coins = {2}")
    @CsvSource({"17, 25, 19", "17, 0, 17", "0, 9, 0", "0, 10, 1", "12, 99, 21", "20, 100, 30"})
    void one_victory_point_per_full_ten_coins(int buildingVp, int coins, int total) {
        assertEquals(total, new BuildersFinalScore("A", buildingVp, coins).total());
    }

    @Test
    void ranks_by_total() {
        assertEquals(
                List.of(new Standing("B", 19, 1), new Standing("A", 18, 2)),
                BuildersStandings.of(
                        List.of(new BuildersFinalScore("A", 17, 19), new BuildersFinalScore("B", 17, 25))));
    }

    @Test
    void equal_totals_go_to_more_building_victory_points() {
        // Both total 19: B built more, so B wins even with fewer coins.
        assertEquals(
                List.of(new Standing("B", 19, 1), new Standing("A", 19, 2)),
                BuildersStandings.of(
                        List.of(new BuildersFinalScore("A", 17, 20), new BuildersFinalScore("B", 18, 12))));
    }

    @Test
    void then_to_more_coins() {
        assertEquals(
                List.of(new Standing("B", 19, 1), new Standing("A", 19, 2)),
                BuildersStandings.of(
                        List.of(new BuildersFinalScore("A", 17, 21), new BuildersFinalScore("B", 17, 28))));
    }

    @Test
    void a_full_tie_shares_the_rank() {
        assertEquals(
                List.of(new Standing("A", 19, 1), new Standing("C", 19, 1), new Standing("B", 18, 3)),
                BuildersStandings.of(List.of(
                        new BuildersFinalScore("A", 17, 25),
                        new BuildersFinalScore("B", 18, 5),
                        new BuildersFinalScore("C", 17, 25))));
    }

    @Test
    void scores_are_never_negative() {
        assertThrows(IllegalArgumentException.class, () -> new BuildersFinalScore("A", 3, -1));
        assertThrows(IllegalArgumentException.class, () -> new BuildersFinalScore("A", -1, 3));
    }
}
