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

    /** Adds another's totals to these (the walls of sandbox games to the others', when they are asked for); returns this. */
    public WallTotals plus(WallTotals other) {
        if (other == null) {
            return this;
        }
        other.rounds.forEach((round, wall) -> {
            RoundWalls.Wall t = rounds.getOrDefault(round, new RoundWalls.Wall(0, 0));
            rounds.put(round, new RoundWalls.Wall(t.sum() + wall.sum(), t.players() + wall.players()));
        });
        other.games.forEach((round, n) -> TitleTotals.bump(games, round, n));
        latestEventTime = TitleTotals.latest(latestEventTime, other.latestEventTime);
        return this;
    }
}
