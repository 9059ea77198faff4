package dev.tessera.lobby.players;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Multiplayer Elo, pairwise: every player of a game is compared with every other one.
 * <p>
 * For each pair (i, j): expected score {@code E_ij = 1 / (1 + 10^((R_j - R_i) / 400))}, actual score
 * {@code S_ij} = 1 when i ranked better, 0.5 on the same rank, 0 when worse. Then
 * {@code ΔR_i = K / (n - 1) × Σ_j (S_ij - E_ij)} with {@link #K} = 32, rounded to the nearest integer
 * (halves away from zero, so a two-player game moves both ratings by the same amount).
 * Two players of equal rating: the winner gains 16, the loser drops 16. Pure Java, no framework.
 */
public final class Elo {
    /** The most a rating moves in one game (against a field of much weaker or stronger players). */
    public static final int K = 32;
    /** Everyone's rating in a title before their first rated game of it. */
    public static final int INITIAL = 1500;

    /** One player of a game: the rating before it, and the place for the rating (1 is best, equal places tie). */
    public record Contender(String player, int rating, int rank) {}

    private Elo() {}

    /** The ratings after the game, by player, in the order given. One player alone keeps their rating. */
    public static Map<String, Integer> rate(List<Contender> contenders) {
        Map<String, Integer> after = new LinkedHashMap<>();
        int n = contenders.size();
        for (Contender i : contenders) {
            if (n < 2) {
                after.put(i.player(), i.rating());
                continue;
            }
            double sum = 0;
            for (Contender j : contenders) {
                if (j != i) {
                    sum += actual(i, j) - expected(i.rating(), j.rating());
                }
            }
            after.put(i.player(), i.rating() + roundHalfAwayFromZero((double) K / (n - 1) * sum));
        }
        return after;
    }

    /** The score i is expected to take from a game against j. */
    static double expected(int ratingI, int ratingJ) {
        return 1.0 / (1.0 + Math.pow(10, (ratingJ - ratingI) / 400.0));
    }

    private static double actual(Contender i, Contender j) {
        if (i.rank() < j.rank()) {
            return 1;
        }
        return i.rank() == j.rank() ? 0.5 : 0;
    }

    private static int roundHalfAwayFromZero(double delta) {
        return (int) (Math.signum(delta) * Math.round(Math.abs(delta)));
    }
}
