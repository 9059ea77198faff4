package dev.tessera.scoring.alhambra;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * One Alhambra scoring round (game-service/docs/alhambra.md): for each building type the players with at least one such
 * building are ranked by count; round r pays places 1..r from the {@link ScoringTable}; tied players add
 * the points of the places they occupy together and split them, rounded down, and the next places are
 * skipped. Every player also scores their longest external wall. The 2-player neutral "Dirk" takes part
 * in the ranking (he can take a place or share a tie) but scores nothing and is not in the result.
 */
public final class RoundScoring {

    private RoundScoring() {}

    /** A round without the neutral player (3 to 6 players). */
    public static List<PlayerRoundScore> score(int round, List<PlayerHoldings> players) {
        return score(round, players, Map.of());
    }

    /**
     * @param neutral Dirk's buildings per type in a 2-player game; empty when there is no Dirk
     * @return one score per player, in the players' order
     */
    public static List<PlayerRoundScore> score(
            int round, List<PlayerHoldings> players, Map<BuildingType, Integer> neutral) {
        if (round < 1 || round > ScoringTable.ROUNDS) {
            throw new IllegalArgumentException("no scoring round " + round);
        }
        List<Map<BuildingType, Integer>> byType = new ArrayList<>();
        players.forEach(player -> byType.add(new EnumMap<>(BuildingType.class)));
        for (BuildingType type : BuildingType.values()) {
            scoreType(round, type, players, neutral.getOrDefault(type, 0), byType);
        }
        List<PlayerRoundScore> scores = new ArrayList<>();
        for (int i = 0; i < players.size(); i++) {
            int buildings =
                    byType.get(i).values().stream().mapToInt(Integer::intValue).sum();
            int wall = players.get(i).wall();
            scores.add(new PlayerRoundScore(players.get(i).player(), byType.get(i), buildings, wall, buildings + wall));
        }
        return List.copyOf(scores);
    }

    /** A contestant for one type's majority; {@code player} is an index into the players, or NEUTRAL. */
    private record Contestant(int player, int count) {}

    private static final int NEUTRAL = -1;

    private static void scoreType(
            int round,
            BuildingType type,
            List<PlayerHoldings> players,
            int neutralCount,
            List<Map<BuildingType, Integer>> byType) {
        List<Contestant> ranked = new ArrayList<>();
        for (int i = 0; i < players.size(); i++) {
            ranked.add(new Contestant(i, players.get(i).count(type)));
        }
        ranked.add(new Contestant(NEUTRAL, neutralCount));
        ranked.removeIf(contestant -> contestant.count() == 0);
        ranked.sort(Comparator.comparingInt(Contestant::count).reversed());

        int place = 1;
        for (int first = 0; first < ranked.size(); ) {
            int end = first;
            while (end < ranked.size()
                    && ranked.get(end).count() == ranked.get(first).count()) {
                end++;
            }
            int tied = end - first;
            int pooled = 0;
            for (int p = place; p < place + tied; p++) {
                pooled += ScoringTable.points(round, type, p);
            }
            int share = pooled / tied;
            for (Contestant contestant : ranked.subList(first, end)) {
                if (contestant.player() != NEUTRAL && share > 0) {
                    byType.get(contestant.player()).put(type, share);
                }
            }
            place += tied;
            first = end;
        }
    }
}
