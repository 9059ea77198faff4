package dev.tessera.scoring.standings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class StandingsTest {

    private static Contender plain(String player, int total) {
        return Contender.withoutTieBreakers(player, total);
    }

    @Test
    void highest_total_first() {
        assertEquals(
                List.of(new Standing("B", 30, 1), new Standing("C", 20, 2), new Standing("A", 10, 3)),
                Standings.rank(List.of(plain("A", 10), plain("B", 30), plain("C", 20))));
    }

    @Test
    void equal_totals_share_a_rank_and_the_next_rank_skips() {
        assertEquals(
                List.of(
                        new Standing("A", 40, 1),
                        new Standing("B", 30, 2),
                        new Standing("D", 30, 2),
                        new Standing("C", 10, 4)),
                Standings.rank(List.of(plain("A", 40), plain("B", 30), plain("C", 10), plain("D", 30))));
    }

    @Test
    void a_tie_for_first_skips_second() {
        assertEquals(
                List.of(new Standing("B", 5, 1), new Standing("C", 5, 1), new Standing("A", 2, 3)),
                Standings.rank(List.of(plain("A", 2), plain("B", 5), plain("C", 5))));
    }

    @Test
    void everyone_tied() {
        assertEquals(
                List.of(new Standing("A", 0, 1), new Standing("B", 0, 1)),
                Standings.rank(List.of(plain("A", 0), plain("B", 0))));
    }

    @Test
    void tie_breakers_apply_in_order_only_when_totals_are_equal() {
        List<Standing> standings = Standings.rank(List.of(
                new Contender("A", 20, List.of(15, 50)),
                new Contender("B", 20, List.of(17, 30)),
                new Contender("C", 20, List.of(15, 59)),
                new Contender("D", 21, List.of(0, 0))));
        assertEquals(
                List.of(
                        new Standing("D", 21, 1),
                        new Standing("B", 20, 2),
                        new Standing("C", 20, 3),
                        new Standing("A", 20, 4)),
                standings);
    }

    @Test
    void a_full_tie_after_tie_breakers_shares_the_rank() {
        assertEquals(
                List.of(new Standing("A", 20, 1), new Standing("B", 20, 1), new Standing("C", 20, 3)),
                Standings.rank(List.of(
                        new Contender("A", 20, List.of(17, 30)),
                        new Contender("B", 20, List.of(17, 30)),
                        new Contender("C", 20, List.of(16, 45)))));
    }

    @Test
    void contenders_must_be_distinct_and_comparable() {
        assertThrows(IllegalArgumentException.class, () -> Standings.rank(List.of(plain("A", 1), plain("A", 2))));
        assertThrows(
                IllegalArgumentException.class,
                () -> Standings.rank(List.of(new Contender("A", 1, List.of(1)), plain("B", 1))));
    }

    @Test
    void no_contenders_no_standings() {
        assertEquals(List.of(), Standings.rank(List.of()));
    }
}
