package dev.tessera.scoring.stats;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.Topics;
import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.events.builders.PlayerTally;
import dev.tessera.events.carrara.ValuationRequested;
import dev.tessera.events.carrara.ValuationScored;
import dev.tessera.events.game.GameEnded;
import dev.tessera.events.game.GameStarted;
import dev.tessera.events.game.SeatTakenByBot;
import dev.tessera.events.scoring.ScoringRoundScored;
import dev.tessera.infra.TestKafka;
import org.apache.kafka.clients.consumer.ConsumerRecord;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * The statistics computed straight from the records on the topics, game by game, with none of the
 * topology's classes: what the state stores must come to. Same reading rules as the topology: a record
 * that is not a readable CloudEvent is skipped, and a game's event with a stream version not above the
 * last one applied is a repeat.
 */
final class DirectStatistics {
    private static final EventCodec CODEC = new EventCodec();

    private record Read(CloudEvent envelope, TesseraEvent event) {
        Instant time() {
            return envelope.time() == null ? null : envelope.time().toInstant();
        }
    }

    private final Map<String, List<Read>> games = new LinkedHashMap<>();
    private final Map<String, List<Read>> scoring = new LinkedHashMap<>();

    static DirectStatistics fromTopics(String bootstrap) {
        return new DirectStatistics(TestKafka.readAll(bootstrap, Topics.GAME_EVENTS), TestKafka.readAll(bootstrap, Topics.SCORING_EVENTS));
    }

    DirectStatistics(List<ConsumerRecord<String, String>> gameRecords, List<ConsumerRecord<String, String>> scoringRecords) {
        Map<String, Long> versions = new HashMap<>();
        for (ConsumerRecord<String, String> r : gameRecords) {
            Read read = read(r);
            if (read == null) {
                continue;
            }
            Long v = read.envelope().streamversion();
            if (v != null) {
                if (v <= versions.getOrDefault(r.key(), 0L)) {
                    continue;
                }
                versions.put(r.key(), v);
            }
            games.computeIfAbsent(r.key(), k -> new ArrayList<>()).add(read);
        }
        for (ConsumerRecord<String, String> r : scoringRecords) {
            Read read = read(r);
            if (read != null && read.event() instanceof ScoringRoundScored) {
                scoring.computeIfAbsent(r.key(), k -> new ArrayList<>()).add(read);
            }
        }
    }

    private static Read read(ConsumerRecord<String, String> r) {
        if (r.key() == null || r.value() == null) {
            return null;
        }
        try {
            CloudEvent e = CODEC.readEnvelope(r.value());
            return new Read(e, CODEC.read(e));
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static <T> List<T> of(List<Read> events, Class<T> type) {
        return events.stream().map(Read::event).filter(type::isInstance).map(type::cast).toList();
    }

    private static <T> T last(List<Read> events, Class<T> type) {
        List<T> all = of(events, type);
        return all.isEmpty() ? null : all.get(all.size() - 1);
    }

    private static Instant time(List<Read> events, Predicate<TesseraEvent> which) {
        Instant found = null;
        for (Read r : events) {
            if (which.test(r.event())) {
                found = r.time();
            }
        }
        return found;
    }

    private static Instant max(Instant a, Instant b) {
        return a == null ? b : b == null ? a : a.isAfter(b) ? a : b;
    }

    GameStatistics of(String title) {
        long started = 0, finished = 0, abandoned = 0, scoreSum = 0, scoreCount = 0, winning = 0, winningGames = 0;
        long moves = 0, millis = 0, lengthGames = 0, purchases = 0, exact = 0, completed = 0;
        long bPlayers = 0, bFinal = 0, bBuilding = 0, bCompleted = 0;
        TreeMap<Integer, Long> buckets = new TreeMap<>();
        TreeMap<String, Long> bought = new TreeMap<>();
        Map<String, long[]> seats = new TreeMap<>(); // "players/seat" -> games, wins
        Map<String, long[]> valuations = new TreeMap<>(); // kind -> requested, scored, vp, coins
        Instant latest = null;
        for (List<Read> events : games.values()) {
            GameStarted start = last(events, GameStarted.class);
            if (start == null || !title.equals(start.game())) {
                continue;
            }
            for (Read r : events) {
                latest = max(latest, r.time());
            }
            started++;
            if (!of(events, SeatTakenByBot.class).isEmpty()) {
                abandoned++;
            }
            GameEnded end = last(events, GameEnded.class);
            if (end != null) {
                finished++;
                List<String> players = start.players();
                for (GameEnded.Standing s : end.standings()) {
                    scoreSum += s.score();
                    scoreCount++;
                    buckets.merge(Math.floorDiv(s.score(), 10) * 10, 1L, Long::sum);
                    int seat = players.indexOf(s.player()) + 1;
                    if (s.rank() == 1 && seat > 0) {
                        seats.computeIfAbsent(players.size() + "/" + seat, k -> new long[2])[1]++;
                    }
                }
                if (!end.standings().isEmpty()) {
                    winning += end.standings().stream().mapToInt(GameEnded.Standing::score).max().orElseThrow();
                    winningGames++;
                }
                for (int seat = 1; seat <= players.size(); seat++) {
                    seats.computeIfAbsent(players.size() + "/" + seat, k -> new long[2])[0]++;
                }
                moves += events.stream().filter(r -> r.event() instanceof AlhambraEvent.TurnEnded
                        || r.event() instanceof dev.tessera.events.carrara.TurnEnded || r.event() instanceof BuildersEvent.TurnEnded).count();
                millis += Duration.between(time(events, e -> e instanceof GameStarted), time(events, e -> e instanceof GameEnded)).toMillis();
                lengthGames++;
                BuildersEvent.GameFinished tallies = last(events, BuildersEvent.GameFinished.class);
                if (tallies != null) {
                    for (PlayerTally t : tallies.tallies()) {
                        bPlayers++;
                        bFinal += t.buildingVictoryPoints() + t.coins() / 10;
                        bBuilding += t.buildingVictoryPoints();
                        bCompleted += t.buildingsCompleted();
                    }
                }
            }
            for (AlhambraEvent.TileBought b : of(events, AlhambraEvent.TileBought.class)) {
                purchases++;
                exact += b.exactAmount() ? 1 : 0;
                bought.merge(b.tile().type(), 1L, Long::sum);
            }
            for (ValuationRequested v : of(events, ValuationRequested.class)) {
                valuations.computeIfAbsent(v.kind(), k -> new long[4])[0]++;
            }
            for (ValuationScored v : of(events, ValuationScored.class)) {
                long[] sums = valuations.computeIfAbsent(v.kind(), k -> new long[4]);
                sums[1]++;
                sums[2] += v.vp();
                sums[3] += v.coins();
            }
            completed += of(events, BuildersEvent.BuildingCompleted.class).size();
        }

        List<GameStatistics.Bucket> distribution = new ArrayList<>();
        buckets.forEach((from, n) -> distribution.add(new GameStatistics.Bucket(from, from + 9, n)));
        List<GameStatistics.Seat> seatList = new ArrayList<>();
        seats.forEach((key, gw) -> seatList.add(new GameStatistics.Seat(Integer.parseInt(key.split("/")[0]),
                Integer.parseInt(key.split("/")[1]), gw[0], gw[1], GameStatistics.round((double) gw[1] / gw[0]))));
        seatList.sort(Comparator.comparingInt(GameStatistics.Seat::players).thenComparingInt(GameStatistics.Seat::seat));

        GameStatistics.Alhambra alhambra = null;
        GameStatistics.Carrara carrara = null;
        GameStatistics.Builders builders = null;
        if (title.equals("alhambra")) {
            Map<Integer, long[]> rounds = new TreeMap<>(); // round -> games, players, wall sum
            for (List<Read> answers : scoring.values()) {
                Map<Integer, ScoringRoundScored> lastPerRound = new HashMap<>();
                for (Read r : answers) {
                    latest = max(latest, r.time());
                    ScoringRoundScored s = (ScoringRoundScored) r.event();
                    lastPerRound.put(s.round(), s);
                }
                lastPerRound.forEach((round, s) -> {
                    long[] sums = rounds.computeIfAbsent(round, k -> new long[3]);
                    sums[0]++;
                    sums[1] += s.scores().size();
                    sums[2] += s.scores().stream().mapToInt(ScoringRoundScored.PlayerScore::wall).sum();
                });
            }
            List<GameStatistics.RoundWall> walls = new ArrayList<>();
            rounds.forEach((round, sums) -> walls.add(new GameStatistics.RoundWall(round, sums[0], sums[1],
                    sums[1] == 0 ? 0 : GameStatistics.round((double) sums[2] / sums[1]))));
            alhambra = new GameStatistics.Alhambra(purchases, exact, GameStatistics.average(exact, purchases), bought, walls);
        } else if (title.equals("carrara")) {
            Map<String, GameStatistics.Valuations> byKind = new TreeMap<>();
            valuations.forEach((kind, s) -> byKind.put(kind, new GameStatistics.Valuations(s[0], s[1],
                    GameStatistics.average(s[2], s[1]), GameStatistics.average(s[3], s[1]))));
            carrara = new GameStatistics.Carrara(byKind);
        } else if (title.equals("builders")) {
            builders = new GameStatistics.Builders(bPlayers, GameStatistics.average(bFinal, bPlayers),
                    GameStatistics.average(bBuilding, bPlayers), GameStatistics.average(bCompleted, bPlayers), completed);
        }
        return new GameStatistics(title, latest, new GameStatistics.Games(started, finished, abandoned, started - finished),
                new GameStatistics.Scores(scoreCount, GameStatistics.average(scoreSum, scoreCount),
                        GameStatistics.average(winning, winningGames), distribution),
                seatList,
                new GameStatistics.Length(lengthGames, GameStatistics.average(moves, lengthGames),
                        lengthGames == 0 ? null : GameStatistics.round(millis / 60_000.0 / lengthGames)),
                alhambra, carrara, builders);
    }
}
