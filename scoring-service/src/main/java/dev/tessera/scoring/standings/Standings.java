package dev.tessera.scoring.standings;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;

/** Final standings for any game: best first, shared ranks for full ties, the next rank skipping (1, 2, 2, 4). */
public final class Standings {

    private static final Comparator<Contender> BEST_FIRST = Comparator.comparingInt(Contender::total)
            .thenComparing(Contender::tieBreakers, Standings::compareLexicographically)
            .reversed();

    private Standings() {}

    /**
     * Ranks the contenders. Players who share a rank keep their input (seat) order.
     *
     * @throws IllegalArgumentException for duplicate players or tie-breaker lists of different lengths,
     *                                  which are programming errors, not user input
     */
    public static List<Standing> rank(List<Contender> contenders) {
        if (new HashSet<>(contenders.stream().map(Contender::player).toList()).size() != contenders.size()) {
            throw new IllegalArgumentException("duplicate player in " + contenders);
        }
        if (contenders.stream().map(c -> c.tieBreakers().size()).distinct().count() > 1) {
            throw new IllegalArgumentException("every contender needs the same tie-breakers: " + contenders);
        }
        List<Contender> ordered = new ArrayList<>(contenders);
        ordered.sort(BEST_FIRST);
        List<Standing> standings = new ArrayList<>(ordered.size());
        int rank = 0;
        for (int i = 0; i < ordered.size(); i++) {
            if (i == 0 || BEST_FIRST.compare(ordered.get(i - 1), ordered.get(i)) != 0) {
                rank = i + 1;
            }
            standings.add(new Standing(ordered.get(i).player(), ordered.get(i).total(), rank));
        }
        return List.copyOf(standings);
    }

    private static int compareLexicographically(List<Integer> a, List<Integer> b) {
        for (int i = 0; i < a.size(); i++) {
            int byValue = Integer.compare(a.get(i), b.get(i));
            if (byValue != 0) {
                return byValue;
            }
        }
        return 0;
    }
}
