package dev.tessera.scoring.stats;

import java.time.Instant;
import java.util.TreeMap;

/**
 * Alhambra's longest outer walls per scoring round, summed over every game's {@link RoundWalls} (the
 * value of the {@code stats-walls} store, keyed by title: only Alhambra has scoring rounds).
 */
public class WallTotals {
    /** Round to the sum of the walls and the number of players scored. */
    public TreeMap<Integer, RoundWalls.Wall> rounds = new TreeMap<>();
    /** Round to the number of games that scored it. */
    public TreeMap<Integer, Long> games = new TreeMap<>();

    public Instant latestEventTime;

    public WallTotals add(RoundWalls g, int sign) {
        g.rounds.forEach((round, wall) -> {
            RoundWalls.Wall t = rounds.getOrDefault(round, new RoundWalls.Wall(0, 0));
            RoundWalls.Wall n = new RoundWalls.Wall(t.sum() + sign * wall.sum(), t.players() + sign * wall.players());
            if (n.sum() == 0 && n.players() == 0) {
                rounds.remove(round);
            } else {
                rounds.put(round, n);
            }
            TitleTotals.bump(games, round, sign);
        });
        if (sign > 0
                && g.latestEventTime != null
                && (latestEventTime == null || g.latestEventTime.isAfter(latestEventTime))) {
            latestEventTime = g.latestEventTime;
        }
        return this;
    }
}
