package dev.tessera.game.alhambra;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The component data against game-service/docs/alhambra.md and its sources. */
class AlhambraDataTest {

    @Test
    void fifty_four_tiles_with_the_bga_ids() {
        assertEquals(54, AlhambraData.TILES.size());
        assertEquals(
                IntStream.rangeClosed(6, 59).boxed().toList(),
                AlhambraData.TILES.stream().map(Tile::id).toList());
        AlhambraData.TILES.forEach(t -> assertEquals(t, AlhambraData.tile(t.id())));
    }

    @Test
    void counts_cost_ranges_and_sums_per_type() {
        // type -> count, min cost, max cost, sum of costs
        Map<BuildingType, List<Integer>> expected = Map.of(
                BuildingType.PAVILION, List.of(7, 2, 8, 35),
                BuildingType.SERAGLIO, List.of(7, 3, 9, 42),
                BuildingType.ARCADES, List.of(9, 4, 10, 63),
                BuildingType.CHAMBERS, List.of(9, 5, 11, 72),
                BuildingType.GARDEN, List.of(11, 6, 12, 99),
                BuildingType.TOWER, List.of(11, 7, 13, 110));
        for (BuildingType type : BuildingType.values()) {
            var stats = AlhambraData.TILES.stream()
                    .filter(t -> t.type() == type)
                    .mapToInt(Tile::cost)
                    .summaryStatistics();
            assertEquals(
                    expected.get(type),
                    List.of((int) stats.getCount(), stats.getMin(), stats.getMax(), (int) stats.getSum()),
                    type.toString());
        }
    }

    @Test
    void wall_patterns_as_summarised_in_the_rules() {
        Map<String, Integer> byPattern = new java.util.TreeMap<>();
        AlhambraData.TILES.forEach(t -> byPattern.merge(t.walls().code(), 1, Integer::sum));
        assertEquals(
                Map.ofEntries(
                        Map.entry("", 10),
                        Map.entry("N", 4),
                        Map.entry("E", 4),
                        Map.entry("S", 4),
                        Map.entry("W", 4),
                        Map.entry("NE", 5),
                        Map.entry("ES", 5),
                        Map.entry("SW", 5),
                        Map.entry("NW", 5),
                        Map.entry("NEW", 2),
                        Map.entry("NES", 2),
                        Map.entry("ESW", 2),
                        Map.entry("NSW", 2)),
                byPattern);
    }

    @Test
    void money_is_four_currencies_of_one_to_nine_in_three_copies_or_two_with_two_players() {
        for (int players : new int[] {2, 3}) {
            List<MoneyCard> cards = AlhambraData.moneyCards(players);
            int copies = players == 2 ? 2 : 3;
            assertEquals(36 * copies, cards.size());
            Map<Currency, Integer> totals = new EnumMap<>(Currency.class);
            cards.forEach(c -> totals.merge(c.currency(), c.value(), Integer::sum));
            for (Currency c : Currency.values()) {
                assertEquals(45 * copies, totals.get(c));
            }
            assertEquals(
                    cards.size(), cards.stream().map(MoneyCard::id).distinct().count());
            cards.forEach(c -> assertEquals(c, AlhambraData.moneyCard(c.id())));
        }
    }

    @Test
    void walls_read_and_write_as_sides_in_nesw_order() {
        assertEquals("NESW", Walls.parse("WSEN").code());
        assertEquals(Walls.N | Walls.W, Walls.parse("NW").mask());
        assertEquals("", Walls.NONE.code());
    }
}
