package dev.tessera.scoring.stats;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;

/**
 * The statistics of one title as sums and counts over its games (the value of the {@code stats-titles}
 * store, keyed by title). Everything but {@link #latestEventTime} is a sum of per-game contributions, so
 * a game's update is applied exactly by subtracting its old tally and adding its new one
 * ({@link #add(GameTally, int)} with -1, then +1); averages are taken only when answering.
 */
public class TitleTotals {
    public long started;
    public long finished;
    public long abandoned;

    /** Over the players of finished games. */
    public long scoreSum;

    public long scoreCount;
    /** Score bucket (lower bound, a multiple of {@link #BUCKET}) to the number of players' final scores in it. */
    public TreeMap<Integer, Long> scoreBuckets = new TreeMap<>();
    /** Over finished games with a result: the best score. */
    public long winningScoreSum;

    public long winningScoreGames;

    /** Key "players/seat" (e.g. "3/1": the start player of a three-player game) to finished games, and to wins. */
    public TreeMap<String, Long> seatGames = new TreeMap<>();

    public TreeMap<String, Long> seatWins = new TreeMap<>();

    /** Over finished games. */
    public long moveSum;

    public long durationMillisSum;
    public long lengthGames;

    public long purchases;
    public long exactPurchases;
    public TreeMap<String, Long> boughtByType = new TreeMap<>();

    public TreeMap<String, GameTally.Valuations> valuations = new TreeMap<>();

    /** Over the players of finished games of The Builders (their GameFinished tallies). */
    public long buildersPlayers;

    public long buildersFinalVpSum;
    public long buildersBuildingVpSum;
    public long buildersCompletedAtEndSum;
    /** BuildingCompleted events, in every game, finished or not. */
    public long buildingsCompleted;

    /** The time of the latest event of the title's games applied here (never goes back). */
    public Instant latestEventTime;

    public static final int BUCKET = 10;

    /** Adds ({@code sign} 1) or removes ({@code sign} -1) one game's contribution. */
    public TitleTotals add(GameTally g, int sign) {
        started += sign;
        if (g.abandoned) {
            abandoned += sign;
        }
        if (g.finished) {
            finished += sign;
            int best = Integer.MIN_VALUE;
            for (GameTally.Result r : g.results) {
                scoreSum += (long) sign * r.score();
                scoreCount += sign;
                bump(scoreBuckets, Math.floorDiv(r.score(), BUCKET) * BUCKET, sign);
                best = Math.max(best, r.score());
                if (r.rank() == 1 && r.seat() > 0) {
                    bump(seatWins, seatKey(g.players.size(), r.seat()), sign);
                }
            }
            if (!g.results.isEmpty()) {
                winningScoreSum += (long) sign * best;
                winningScoreGames += sign;
            }
            for (int seat = 1; seat <= g.players.size(); seat++) {
                bump(seatGames, seatKey(g.players.size(), seat), sign);
            }
            if (g.startedAt != null && g.endedAt != null) {
                moveSum += (long) sign * g.moves;
                durationMillisSum +=
                        sign * Duration.between(g.startedAt, g.endedAt).toMillis();
                lengthGames += sign;
            }
            for (GameTally.BuildersResult b : g.buildersResults) {
                buildersPlayers += sign;
                buildersFinalVpSum += (long) sign * b.finalVp();
                buildersBuildingVpSum += (long) sign * b.buildingVp();
                buildersCompletedAtEndSum += (long) sign * b.buildingsCompleted();
            }
        }
        purchases += (long) sign * g.purchases;
        exactPurchases += (long) sign * g.exactPurchases;
        g.boughtByType.forEach((type, n) -> bump(boughtByType, type, (long) sign * n));
        g.valuations.forEach((kind, v) -> {
            GameTally.Valuations t = valuations.computeIfAbsent(kind, k -> new GameTally.Valuations());
            t.requested += sign * v.requested;
            t.scored += sign * v.scored;
            t.vp += sign * v.vp;
            t.coins += sign * v.coins;
            if (t.requested == 0 && t.scored == 0 && t.vp == 0 && t.coins == 0) {
                valuations.remove(kind);
            }
        });
        buildingsCompleted += (long) sign * g.buildingsCompleted;
        if (sign > 0
                && g.latestEventTime != null
                && (latestEventTime == null || g.latestEventTime.isAfter(latestEventTime))) {
            latestEventTime = g.latestEventTime;
        }
        return this;
    }

    /**
     * Adds another's totals to these, as if their games were counted here too (the totals of a title's sandbox games
     * to its other games', when they are asked for); returns this.
     */
    public TitleTotals plus(TitleTotals other) {
        if (other == null) {
            return this;
        }
        started += other.started;
        finished += other.finished;
        abandoned += other.abandoned;
        scoreSum += other.scoreSum;
        scoreCount += other.scoreCount;
        other.scoreBuckets.forEach((bucket, n) -> bump(scoreBuckets, bucket, n));
        winningScoreSum += other.winningScoreSum;
        winningScoreGames += other.winningScoreGames;
        other.seatGames.forEach((seat, n) -> bump(seatGames, seat, n));
        other.seatWins.forEach((seat, n) -> bump(seatWins, seat, n));
        moveSum += other.moveSum;
        durationMillisSum += other.durationMillisSum;
        lengthGames += other.lengthGames;
        purchases += other.purchases;
        exactPurchases += other.exactPurchases;
        other.boughtByType.forEach((type, n) -> bump(boughtByType, type, n));
        other.valuations.forEach((kind, v) -> {
            GameTally.Valuations t = valuations.computeIfAbsent(kind, k -> new GameTally.Valuations());
            t.requested += v.requested;
            t.scored += v.scored;
            t.vp += v.vp;
            t.coins += v.coins;
        });
        buildersPlayers += other.buildersPlayers;
        buildersFinalVpSum += other.buildersFinalVpSum;
        buildersBuildingVpSum += other.buildersBuildingVpSum;
        buildersCompletedAtEndSum += other.buildersCompletedAtEndSum;
        buildingsCompleted += other.buildingsCompleted;
        latestEventTime = latest(latestEventTime, other.latestEventTime);
        return this;
    }

    /** The later of two times, either of which may be null. */
    static Instant latest(Instant a, Instant b) {
        return a == null ? b : b == null || !b.isAfter(a) ? a : b;
    }

    public static String seatKey(int players, int seat) {
        return players + "/" + seat;
    }

    /** Adds to a count, dropping it when it falls to zero, so that equal games give equal maps. */
    static <K> void bump(Map<K, Long> counts, K key, long by) {
        long n = counts.getOrDefault(key, 0L) + by;
        if (n == 0) {
            counts.remove(key);
        } else {
            counts.put(key, n);
        }
    }
}
