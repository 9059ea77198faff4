package dev.tessera.scoring.stats;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The statistics of one title, as {@code GET /api/v1/stats/{game}} answers them. Averages are rounded to
 * three decimals and are absent (null) while there is nothing to average; the part of the other titles
 * is absent. Definitions: scoring-service/README.md.
 *
 * @param latestEventTime the {@code time} of the latest event these statistics include; null before the first
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GameStatistics(
        String game,
        Instant latestEventTime,
        Games games,
        Scores scores,
        List<Seat> seats,
        Length length,
        Alhambra alhambra,
        Carrara carrara,
        Builders builders) {

    /** Games that started; ended (GameEnded); abandoned (at least one SeatTakenByBot, finished or not); still running. */
    public record Games(long started, long finished, long abandoned, long inProgress) {}

    /**
     * Final scores (GameEnded) of every player of every finished game: their average, the average winning
     * score, and how many fall in each bucket of 10 points ({@code from} to {@code to} inclusive).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Scores(long count, Double average, Double averageWinning, List<Bucket> distribution) {}

    public record Bucket(int from, int to, long count) {}

    /** Finished games of {@code players} players, and those won (rank 1, ties included) by seat {@code seat} (1 = start player). */
    public record Seat(int players, int seat, long games, long wins, double winRate) {}

    /** Over finished games: moves (TurnEnded events of the game's rules) and minutes from GameStarted to GameEnded. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Length(long games, Double averageMoves, Double averageMinutes) {}

    /**
     * Alhambra: tiles bought (TileBought) and those paid with the exact amount, their share, tiles bought by
     * building type, and the average longest outer wall of the players in each scoring round.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Alhambra(
            long purchases,
            long exactPurchases,
            Double exactPaymentShare,
            Map<String, Long> buildingsBought,
            List<RoundWall> longestWall) {}

    /** {@code scores}: players scored in that round, over {@code games} games. */
    public record RoundWall(int round, long games, long scores, double average) {}

    /** Carrara: valuations by kind ("type", "city", and with the expansion "category"). */
    public record Carrara(Map<String, Valuations> valuations) {}

    /** Requested (ValuationRequested), answered (ValuationScored) and the average VP and coins an answer paid. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Valuations(long requested, long scored, Double averageVp, Double averageCoins) {}

    /**
     * The Builders, over the players of finished games (their GameFinished tallies): final VP (building VP
     * + 1 per full 10 coins), building VP, buildings completed; and every BuildingCompleted so far.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Builders(
            long players,
            Double averageFinalVp,
            Double averageBuildingVp,
            Double averageBuildingsCompleted,
            long buildingsCompleted) {}

    /** The answer for {@code game} from its totals (either may be null: nothing yet). */
    public static GameStatistics of(String game, TitleTotals t, WallTotals w) {
        TitleTotals totals = t != null ? t : new TitleTotals();
        Instant latest = totals.latestEventTime;
        if (w != null && w.latestEventTime != null && (latest == null || w.latestEventTime.isAfter(latest))) {
            latest = w.latestEventTime;
        }
        List<Bucket> distribution = new ArrayList<>();
        totals.scoreBuckets.forEach((from, n) -> distribution.add(new Bucket(from, from + TitleTotals.BUCKET - 1, n)));
        List<Seat> seats = new ArrayList<>();
        totals.seatGames.forEach((key, n) -> {
            String[] ps = key.split("/");
            long wins = totals.seatWins.getOrDefault(key, 0L);
            seats.add(new Seat(Integer.parseInt(ps[0]), Integer.parseInt(ps[1]), n, wins, ratio(wins, n)));
        });
        seats.sort((a, b) -> a.players() != b.players()
                ? Integer.compare(a.players(), b.players())
                : Integer.compare(a.seat(), b.seat()));
        Alhambra alhambra = null;
        Carrara carrara = null;
        Builders builders = null;
        switch (game) {
            case "alhambra" -> {
                List<RoundWall> walls = new ArrayList<>();
                if (w != null) {
                    w.rounds.forEach((round, wall) -> walls.add(new RoundWall(
                            round,
                            w.games.getOrDefault(round, 0L),
                            wall.players(),
                            ratio(wall.sum(), wall.players()))));
                }
                alhambra = new Alhambra(
                        totals.purchases,
                        totals.exactPurchases,
                        average(totals.exactPurchases, totals.purchases),
                        new TreeMap<>(totals.boughtByType),
                        walls);
            }
            case "carrara" -> {
                Map<String, Valuations> valuations = new TreeMap<>();
                totals.valuations.forEach((kind, v) -> valuations.put(
                        kind,
                        new Valuations(v.requested, v.scored, average(v.vp, v.scored), average(v.coins, v.scored))));
                carrara = new Carrara(valuations);
            }
            case "builders" ->
                builders = new Builders(
                        totals.buildersPlayers,
                        average(totals.buildersFinalVpSum, totals.buildersPlayers),
                        average(totals.buildersBuildingVpSum, totals.buildersPlayers),
                        average(totals.buildersCompletedAtEndSum, totals.buildersPlayers),
                        totals.buildingsCompleted);
            default -> {}
        }
        return new GameStatistics(
                game,
                latest,
                new Games(totals.started, totals.finished, totals.abandoned, totals.started - totals.finished),
                new Scores(
                        totals.scoreCount,
                        average(totals.scoreSum, totals.scoreCount),
                        average(totals.winningScoreSum, totals.winningScoreGames),
                        distribution),
                seats,
                new Length(
                        totals.lengthGames,
                        average(totals.moveSum, totals.lengthGames),
                        totals.lengthGames == 0
                                ? null
                                : round(totals.durationMillisSum / 60_000.0 / totals.lengthGames)),
                alhambra,
                carrara,
                builders);
    }

    /** {@code sum / count} rounded to three decimals; null when {@code count} is 0. */
    public static Double average(long sum, long count) {
        return count == 0 ? null : ratio(sum, count);
    }

    private static double ratio(long a, long b) {
        return b == 0 ? 0 : round((double) a / b);
    }

    public static double round(double value) {
        return BigDecimal.valueOf(value).setScale(3, RoundingMode.HALF_EVEN).doubleValue();
    }
}
