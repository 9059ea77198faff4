package dev.tessera.scoring.alhambra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

class ScoringTableTest {

    /** Every cell of BGA's scoring table, copied from its source rather than from the code. */
    @ParameterizedTest(name = "{0} round {1} place {2} pays {3}")
    @CsvSource({
        "PAVILION, 1, 1, 1", "PAVILION, 2, 1, 8", "PAVILION, 2, 2, 1",
        "PAVILION, 3, 1, 16", "PAVILION, 3, 2, 8", "PAVILION, 3, 3, 1",
        "SERAGLIO, 1, 1, 2", "SERAGLIO, 2, 1, 9", "SERAGLIO, 2, 2, 2",
        "SERAGLIO, 3, 1, 17", "SERAGLIO, 3, 2, 9", "SERAGLIO, 3, 3, 2",
        "ARCADES, 1, 1, 3", "ARCADES, 2, 1, 10", "ARCADES, 2, 2, 3",
        "ARCADES, 3, 1, 18", "ARCADES, 3, 2, 10", "ARCADES, 3, 3, 3",
        "CHAMBERS, 1, 1, 4", "CHAMBERS, 2, 1, 11", "CHAMBERS, 2, 2, 4",
        "CHAMBERS, 3, 1, 19", "CHAMBERS, 3, 2, 11", "CHAMBERS, 3, 3, 4",
        "GARDEN, 1, 1, 5", "GARDEN, 2, 1, 12", "GARDEN, 2, 2, 5",
        "GARDEN, 3, 1, 20", "GARDEN, 3, 2, 12", "GARDEN, 3, 3, 5",
        "TOWER, 1, 1, 6", "TOWER, 2, 1, 13", "TOWER, 2, 2, 6",
        "TOWER, 3, 1, 21", "TOWER, 3, 2, 13", "TOWER, 3, 3, 6",
    })
    void cell_of_the_scoring_table(BuildingType type, int round, int place, int points) {
        assertEquals(points, ScoringTable.points(round, type, place));
    }

    @ParameterizedTest
    @EnumSource(BuildingType.class)
    void places_a_round_does_not_pay_are_worth_nothing(BuildingType type) {
        assertEquals(0, ScoringTable.points(1, type, 2));
        assertEquals(0, ScoringTable.points(2, type, 3));
        assertEquals(0, ScoringTable.points(3, type, 4));
    }

    @Test
    void there_are_only_three_rounds() {
        assertThrows(IllegalArgumentException.class, () -> ScoringTable.points(0, BuildingType.TOWER, 1));
        assertThrows(IllegalArgumentException.class, () -> ScoringTable.points(4, BuildingType.TOWER, 1));
    }

    @Test
    void buildingTilesMatchRulesSection1_1() {
        assertEquals(
                54,
                Arrays.stream(BuildingType.values())
                        .mapToInt(BuildingType::tileCount)
                        .sum());
        assertEquals(7, BuildingType.PAVILION.tileCount());
        assertEquals(7, BuildingType.SERAGLIO.tileCount());
        assertEquals(9, BuildingType.ARCADES.tileCount());
        assertEquals(9, BuildingType.CHAMBERS.tileCount());
        assertEquals(11, BuildingType.GARDEN.tileCount());
        assertEquals(11, BuildingType.TOWER.tileCount());
    }
}
