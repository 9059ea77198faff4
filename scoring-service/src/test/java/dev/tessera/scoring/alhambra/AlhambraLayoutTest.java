package dev.tessera.scoring.alhambra;

import static dev.tessera.scoring.alhambra.BuildingType.GARDEN;
import static dev.tessera.scoring.alhambra.BuildingType.TOWER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AlhambraLayoutTest {

    private final AlhambraLayout layout = AlhambraLayout.fountainOnly()
            .place(new Square(1, 0), TOWER, Set.of(Side.N, Side.E))
            .place(new Square(0, 1), GARDEN, Set.of(Side.E, Side.S, Side.W))
            .place(new Square(-1, 0), GARDEN, Set.of());

    @Test
    void counts_buildings_but_not_the_fountain() {
        assertEquals(Map.of(TOWER, 1, GARDEN, 2), layout.counts());
        assertEquals(Map.of(), AlhambraLayout.fountainOnly().counts());
    }

    @Test
    void holdings_carry_counts_and_the_longest_wall() {
        assertEquals(new PlayerHoldings("A", Map.of(TOWER, 1, GARDEN, 2), 3), layout.holdings("A"));
    }

    @Test
    void removing_a_tile_to_the_reserve_takes_it_out_of_the_score() {
        AlhambraLayout redesigned = layout.remove(new Square(0, 1));
        assertEquals(new PlayerHoldings("A", Map.of(TOWER, 1, GARDEN, 1), 2), redesigned.holdings("A"));
    }

    @Test
    void placing_next_to_a_wall_makes_it_internal() {
        // A garden east of the tower covers the tower's east wall; only the north wall is left.
        AlhambraLayout covered = AlhambraLayout.fountainOnly()
                .place(new Square(1, 0), TOWER, Set.of(Side.N, Side.E))
                .place(new Square(2, 0), GARDEN, Set.of(Side.W));
        assertEquals(1, covered.longestWall());
    }

    @Test
    void a_square_holds_one_tile_and_the_fountain_none() {
        assertThrows(IllegalArgumentException.class, () -> layout.place(new Square(1, 0), GARDEN, Set.of()));
        assertThrows(IllegalArgumentException.class, () -> layout.place(AlhambraLayout.FOUNTAIN, GARDEN, Set.of()));
        assertThrows(IllegalArgumentException.class, () -> layout.remove(new Square(5, 5)));
    }

    @Test
    void layouts_are_values() {
        AlhambraLayout sameTilesOtherOrder = AlhambraLayout.fountainOnly()
                .place(new Square(-1, 0), GARDEN, Set.of())
                .place(new Square(0, 1), GARDEN, Set.of(Side.W, Side.S, Side.E))
                .place(new Square(1, 0), TOWER, Set.of(Side.E, Side.N));
        assertEquals(layout, sameTilesOtherOrder);
    }
}
