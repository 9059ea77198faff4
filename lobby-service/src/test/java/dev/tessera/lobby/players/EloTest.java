package dev.tessera.lobby.players;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Hand-computed: E_ij = 1 / (1 + 10^((R_j - R_i) / 400)); ΔR_i = 32 / (n - 1) × Σ (S_ij - E_ij), rounded. */
class EloTest {

    private static Elo.Contender c(String player, int rating, int rank) {
        return new Elo.Contender(player, rating, rank);
    }

    @Test
    void two_players_of_equal_rating_the_winner_gains_16_and_the_loser_drops_16() {
        // E = 0.5 each; winner 32 × (1 - 0.5) = +16, loser 32 × (0 - 0.5) = -16.
        assertEquals(Map.of("ana", 1516, "bob", 1484), Elo.rate(List.of(c("ana", 1500, 1), c("bob", 1500, 2))));
    }

    @Test
    void three_players_of_equal_rating_the_middle_one_stays() {
        // First: 16 × ((1 - .5) + (1 - .5)) = +16; second: 16 × ((0 - .5) + (1 - .5)) = 0; third: -16.
        assertEquals(
                Map.of("ana", 1516, "bob", 1500, "cyd", 1484),
                Elo.rate(List.of(c("ana", 1500, 1), c("bob", 1500, 2), c("cyd", 1500, 3))));
    }

    @Test
    void a_tie_scores_half_a_game() {
        // Two equal players tie: 32 × (0.5 - 0.5) = 0.
        assertEquals(Map.of("ana", 1500, "bob", 1500), Elo.rate(List.of(c("ana", 1500, 1), c("bob", 1500, 1))));
        // Tied first of three: 16 × ((0.5 - .5) + (1 - .5)) = +8 each; the last: 16 × (-.5 - .5) = -16.
        assertEquals(
                Map.of("ana", 1508, "bob", 1508, "cyd", 1484),
                Elo.rate(List.of(c("ana", 1500, 1), c("bob", 1500, 1), c("cyd", 1500, 3))));
    }

    @Test
    void beating_a_stronger_player_gains_more_than_beating_a_weaker_one() {
        // E(1600 vs 1400) = 1 / (1 + 10^(-0.5)) = 0.75975; the 1400 player wins: 32 × (1 - 0.24025) = 24.31 → ±24.
        assertEquals(Map.of("hi", 1576, "lo", 1424), Elo.rate(List.of(c("hi", 1600, 2), c("lo", 1400, 1))));
        // The favourite wins: 32 × (1 - 0.75975) = 7.69 → ±8.
        assertEquals(Map.of("hi", 1608, "lo", 1392), Elo.rate(List.of(c("hi", 1600, 1), c("lo", 1400, 2))));
    }

    @Test
    void three_players_of_unequal_ratings() {
        // E(1600 vs 1500) = 0.64006, E(1600 vs 1400) = 0.75975, E(1500 vs 1400) = 0.64006. Ranks: lo 1, hi 2, mid 3.
        // hi:  16 × ((1 - 0.64006) + (0 - 0.75975)) = -6.40 → -6
        // mid: 16 × ((0 - 0.35994) + (0 - 0.64006)) = -16
        // lo:  16 × ((1 - 0.24025) + (1 - 0.35994)) = 22.40 → +22
        assertEquals(
                Map.of("hi", 1594, "mid", 1484, "lo", 1422),
                Elo.rate(List.of(c("hi", 1600, 2), c("mid", 1500, 3), c("lo", 1400, 1))));
    }

    @Test
    void rounding_is_symmetric_and_a_lone_player_keeps_the_rating() {
        // 32 × (1 - E(1484 vs 1516)) = 32 × 0.54600 = 17.47 → +17 and -17.
        assertEquals(Map.of("a", 1501, "b", 1499), Elo.rate(List.of(c("a", 1484, 1), c("b", 1516, 2))));
        assertEquals(Map.of("solo", 1523), Elo.rate(List.of(c("solo", 1523, 1))));
    }
}
