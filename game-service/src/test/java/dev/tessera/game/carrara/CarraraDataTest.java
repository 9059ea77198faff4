package dev.tessera.game.carrara;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The data checked against game-service/docs/carrara.md and its sources. */
class CarraraDataTest {

    @Test
    void thirty_tiles_of_six_types_each_with_costs_one_to_five() {
        List<Tile> tiles = CarraraData.tiles();
        assertEquals(30, tiles.size());
        assertEquals(30, new HashSet<>(tiles).size());
        assertEquals(6 * 15, tiles.stream().mapToInt(Tile::cost).sum());
        for (BuildingType type : BuildingType.values()) {
            assertEquals(
                    List.of(1, 2, 3, 4, 5),
                    tiles.stream().filter(t -> t.type() == type).map(Tile::cost).toList());
        }
    }

    @Test
    void twenty_city_buildings_and_ten_land_buildings() {
        assertEquals(
                20,
                CarraraData.tiles().stream()
                        .filter(t -> CarraraData.category(t.type()) == Category.CITY)
                        .count());
        assertEquals(
                EnumSet.of(BuildingType.CASTELLO, BuildingType.VILLA),
                EnumSet.copyOf(Arrays.stream(BuildingType.values())
                        .filter(t -> CarraraData.category(t) == Category.LAND)
                        .toList()));
    }

    @Test
    void every_type_shows_a_different_object_the_palazzo_a_crown_and_the_biblioteca_a_book() {
        assertEquals(
                6,
                Arrays.stream(BuildingType.values())
                        .map(CarraraData::object)
                        .distinct()
                        .count());
        assertEquals(ObjectKind.CROWN, CarraraData.object(BuildingType.PALAZZO));
        assertEquals(ObjectKind.BOOK, CarraraData.object(BuildingType.BIBLIOTECA));
    }

    @Test
    void the_wheels_prices_match_the_table_of_the_rules() {
        int[][] table = { // rows: sections I..VI; columns: white, yellow, red, green, blue, black (0 = free)
            {6, 5, 4, 3, 2, 1}, {5, 4, 3, 2, 1, 0}, {4, 3, 2, 1, 0, 0},
            {3, 2, 1, 0, 0, 0}, {2, 1, 0, 0, 0, 0}, {1, 0, 0, 0, 0, 0}
        };
        for (int section = 1; section <= 6; section++) {
            for (Stone stone : Stone.values()) {
                assertEquals(
                        table[section - 1][stone.ordinal()],
                        CarraraData.price(section, stone),
                        "section " + section + " " + stone);
            }
        }
    }

    @Test
    void cities_accept_their_colour_and_every_more_expensive_one() {
        assertTrue(CarraraData.accepts(City.LIVORNO, Stone.WHITE));
        assertFalse(CarraraData.accepts(City.LIVORNO, Stone.YELLOW));
        assertTrue(CarraraData.accepts(City.LUCCA, Stone.RED));
        assertFalse(CarraraData.accepts(City.LUCCA, Stone.GREEN));
        for (Stone stone : Stone.values()) {
            assertTrue(CarraraData.accepts(City.LERICI, stone));
        }
        assertEquals(
                List.of(1, 2, 3, 4, 5, 6),
                Arrays.stream(City.values())
                        .map(c -> (int) Arrays.stream(Stone.values())
                                .filter(s -> CarraraData.accepts(c, s))
                                .count())
                        .toList());
    }

    @Test
    void city_values_and_payouts_match_the_rules() {
        assertEquals(
                List.of(3, 3, 2, 2, 1, 1),
                Arrays.stream(City.values()).map(CarraraData::value).toList());
        assertEquals(
                List.of(Payout.VP, Payout.COINS, Payout.VP, Payout.COINS, Payout.VP, Payout.COINS),
                Arrays.stream(City.values()).map(CarraraData::payout).toList());
        for (City city : City.values()) {
            int min = CarraraData.minBuildings(city);
            assertTrue(min == 2 || min == 3, city + " needs 2 or 3 buildings, per the board");
        }
    }

    @Test
    void the_component_counts_match_the_rules() {
        assertEquals(42, CarraraData.STONES_PER_COLOUR * Stone.values().length);
        assertEquals(36, CarraraData.OBJECTS_PER_KIND * ObjectKind.values().length);
        assertEquals(List.of(Stone.BLACK, Stone.BLUE, Stone.GREEN, Stone.RED), CarraraData.START_STONES);
        assertEquals(30, CarraraData.BUILDINGS);
    }
}
