package dev.tessera.bench.chaos;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import dev.tessera.events.game.MovesTakenBack;
import dev.tessera.events.game.SeatTakenByBot;
import dev.tessera.events.scoring.ScoringRoundScored;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What {@code GET /api/v1/stats/{game}} must answer, computed straight from the events, game by game, with none
 * of scoring-service's classes (scoring-service/README.md, "Definitions"): the statistics' tests compare the Kafka
 * Streams topology with it, and the chaos checks compare the running platform's answer with it, fed from an
 * export. Same reading rules as the topology: a record that is not a readable CloudEvent is skipped, and a game's
 * event whose stream version is not above the last one applied is a repeat.
 *
 * <p>Taken-back moves do not count: after a {@code tessera.game.MovesTakenBack}, the game's events after its
 * {@code toVersion} and before itself count no more, whatever came between, so each purchase and completed building
 * is kept with its stream version for the whole game, and the undo subtracts those in its range (once: a later undo
 * going back further finds them gone). Of the other counted events game-service never takes one back (a turn's end,
 * a game's start or end, a valuation: Invariants' check h makes sure), so they are not kept.
 *
 * <p>Fed one record at a time, it keeps a small tally per game (never the events: of its moves, only the versions,
 * types and exactness of its purchases and completed buildings), so a long export fits.
 * {@link #of} gives the answer as JSON, as the endpoint writes it (absent averages left out). Sandbox games
 * ({@code GameStarted.sandbox}) are left out, as by the endpoint, unless {@link #of(String, boolean)} is asked to include
 * them (the endpoint's {@code ?sandbox=include}); so are the scoring rounds of a game known to be a sandbox game.
 */
public final class ExpectedStatistics {
    private static final EventCodec CODEC = new EventCodec();
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One game's part, from its events in order. */
    private static final class Game {
        GameStarted start;
        Instant startTime;
        GameEnded end;
        Instant endTime;
        Instant latest;
        boolean abandoned;
        long turns;
        BuildersEvent.GameFinished tallies;
        long purchases;
        long exact;
        final Map<String, Long> bought = new TreeMap<>();
        /** By kind: requested, scored, vp, coins. */
        final Map<String, long[]> valuations = new TreeMap<>();

        long completed;
        long lastVersion;
        /** The game's purchases and completed buildings that still count, with their versions, to take back. */
        final List<Move> moves = new ArrayList<>();

        /** Subtracts and forgets the moves after {@code to} and before {@code undo} (the MovesTakenBack's version). */
        void takeBack(long to, long undo) {
            for (var it = moves.iterator(); it.hasNext(); ) {
                Move m = it.next();
                if (m.version() > to && m.version() < undo) {
                    it.remove();
                    if (m.purchase()) {
                        purchases--;
                        exact -= m.exact() ? 1 : 0;
                        bought.merge(m.boughtType(), -1L, (n, minus) -> n + minus == 0 ? null : n + minus);
                    } else {
                        completed--;
                    }
                }
            }
        }
    }

    /** A purchase (the tile's type, whether paid exactly) or a completed building, at its stream version. */
    private record Move(long version, boolean purchase, String boughtType, boolean exact) {}

    /** One game's Alhambra scoring rounds: per round its last answer's players and wall sum. */
    private static final class Rounds {
        final Map<Integer, long[]> lastPerRound = new HashMap<>();
        Instant latest;
    }

    private final Map<String, Game> games = new LinkedHashMap<>();
    private final Map<String, Rounds> rounds = new LinkedHashMap<>();

    /** From every record now on {@code game-events} and {@code scoring-events}. */
    public static ExpectedStatistics fromTopics(String bootstrap) {
        ExpectedStatistics stats = new ExpectedStatistics();
        TopicReader.readAll(bootstrap, Topics.GAME_EVENTS, r -> stats.gameEvent(r.key(), r.value()));
        TopicReader.readAll(bootstrap, Topics.SCORING_EVENTS, r -> stats.scoringEvent(r.key(), r.value()));
        return stats;
    }

    /** A record of {@code game-events}: its key (the game id; null is skipped, as the topology does) and value. */
    /**
     * The events the statistics count, and whose time can be their latestEventTime (written down here again, not taken
     * from scoring-service: this is the independent computation the statistics are checked against).
     */
    private static final Set<Class<?>> COUNTED = Set.of(
            GameStarted.class,
            GameEnded.class,
            SeatTakenByBot.class,
            AlhambraEvent.TurnEnded.class,
            dev.tessera.events.carrara.TurnEnded.class,
            BuildersEvent.TurnEnded.class,
            AlhambraEvent.TileBought.class,
            ValuationRequested.class,
            ValuationScored.class,
            BuildersEvent.BuildingCompleted.class,
            BuildersEvent.GameFinished.class,
            MovesTakenBack.class);

    public void gameEvent(String key, String value) {
        Read read = read(key, value);
        if (read == null) {
            return;
        }
        if (read.event == null || !COUNTED.contains(read.event.getClass())) {
            return;
        }
        Game game = games.computeIfAbsent(key, k -> new Game());
        Long v = read.envelope.streamversion();
        if (v != null) {
            if (v <= game.lastVersion) {
                return;
            }
            game.lastVersion = v;
        }
        Instant time = read.time();
        game.latest = max(game.latest, time);
        TesseraEvent event = read.event;
        long version = v == null ? Long.MAX_VALUE : v;
        if (event instanceof MovesTakenBack b) {
            game.takeBack(b.toVersion(), version);
        } else if (event instanceof GameStarted s) {
            game.start = s;
            game.startTime = time;
        } else if (event instanceof GameEnded e) {
            game.end = e;
            game.endTime = time;
        } else if (event instanceof SeatTakenByBot) {
            game.abandoned = true;
        } else if (event instanceof AlhambraEvent.TurnEnded
                || event instanceof dev.tessera.events.carrara.TurnEnded
                || event instanceof BuildersEvent.TurnEnded) {
            game.turns++;
        } else if (event instanceof BuildersEvent.GameFinished f) {
            game.tallies = f;
        } else if (event instanceof AlhambraEvent.TileBought b) {
            game.purchases++;
            game.exact += b.exactAmount() ? 1 : 0;
            game.bought.merge(b.tile().type(), 1L, Long::sum);
            game.moves.add(new Move(version, true, b.tile().type(), b.exactAmount()));
        } else if (event instanceof ValuationRequested r) {
            game.valuations.computeIfAbsent(r.kind(), k -> new long[4])[0]++;
        } else if (event instanceof ValuationScored s) {
            long[] sums = game.valuations.computeIfAbsent(s.kind(), k -> new long[4]);
            sums[1]++;
            sums[2] += s.vp();
            sums[3] += s.coins();
        } else if (event instanceof BuildersEvent.BuildingCompleted) {
            game.completed++;
            game.moves.add(new Move(version, false, null, false));
        }
    }

    /** A line of an export ({@code GET /api/v1/exports/events}): keyed by its subject, as its record was. */
    public void exported(String line) {
        try {
            gameEvent(JSON.readTree(line).path("subject").asText(null), line);
        } catch (IOException e) {
            // Not JSON: skipped, as any unreadable record.
        }
    }

    /** A record of {@code scoring-events}; only Alhambra's scoring rounds count (a later answer to a round replaces an earlier one). */
    public void scoringEvent(String key, String value) {
        Read read = read(key, value);
        if (read == null || !(read.event instanceof ScoringRoundScored s)) {
            return;
        }
        Rounds r = rounds.computeIfAbsent(key, k -> new Rounds());
        r.latest = max(r.latest, read.time());
        r.lastPerRound.put(s.round(), new long[] {
            s.scores().size(),
            s.scores().stream().mapToInt(ScoringRoundScored.PlayerScore::wall).sum()
        });
    }

    private record Read(CloudEvent envelope, TesseraEvent event) {
        Instant time() {
            return envelope.time() == null ? null : envelope.time().toInstant();
        }
    }

    private static Read read(String key, String value) {
        if (key == null || value == null) {
            return null;
        }
        try {
            CloudEvent e = CODEC.readEnvelope(value);
            return new Read(e, CODEC.read(e));
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static Instant max(Instant a, Instant b) {
        return a == null ? b : b == null ? a : a.isAfter(b) ? a : b;
    }

    /** The statistics of {@code title} as the endpoint writes them: sandbox games left out. */
    public JsonNode of(String title) {
        return of(title, false);
    }

    /** Whether a game is a sandbox game, as far as its GameStarted (if seen) tells. */
    private boolean sandbox(String gameId) {
        Game game = games.get(gameId);
        return game != null && game.start != null && game.start.sandbox();
    }

    /** The statistics of {@code title} as the endpoint writes them, with its sandbox games when {@code sandbox}. */
    public JsonNode of(String title, boolean sandbox) {
        long started = 0, finished = 0, abandoned = 0, scoreSum = 0, scoreCount = 0, winning = 0, winningGames = 0;
        long moves = 0, millis = 0, lengthGames = 0, purchases = 0, exact = 0, completed = 0;
        long bPlayers = 0, bFinal = 0, bBuilding = 0;
        long bCompleted = 0;
        TreeMap<Integer, Long> buckets = new TreeMap<>();
        TreeMap<String, Long> bought = new TreeMap<>();
        Map<String, long[]> seats = new TreeMap<>(); // "players/seat" -> games, wins
        Map<String, long[]> valuations = new TreeMap<>(); // kind -> requested, scored, vp, coins
        Instant latest = null;
        for (Game g : games.values()) {
            if (g.start == null || !title.equals(g.start.game()) || (g.start.sandbox() && !sandbox)) {
                continue;
            }
            latest = max(latest, g.latest);
            started++;
            abandoned += g.abandoned ? 1 : 0;
            if (g.end != null) {
                finished++;
                List<String> players = g.start.players();
                for (GameEnded.Standing s : g.end.standings()) {
                    scoreSum += s.score();
                    scoreCount++;
                    buckets.merge(Math.floorDiv(s.score(), 10) * 10, 1L, Long::sum);
                    int seat = players.indexOf(s.player()) + 1;
                    if (s.rank() == 1 && seat > 0) {
                        seats.computeIfAbsent(players.size() + "/" + seat, k -> new long[2])[1]++;
                    }
                }
                if (!g.end.standings().isEmpty()) {
                    winning += g.end.standings().stream()
                            .mapToInt(GameEnded.Standing::score)
                            .max()
                            .orElseThrow();
                    winningGames++;
                }
                for (int seat = 1; seat <= players.size(); seat++) {
                    seats.computeIfAbsent(players.size() + "/" + seat, k -> new long[2])[0]++;
                }
                moves += g.turns;
                millis += Duration.between(g.startTime, g.endTime).toMillis();
                lengthGames++;
                if (g.tallies != null) {
                    for (PlayerTally t : g.tallies.tallies()) {
                        bPlayers++;
                        bFinal += t.buildingVictoryPoints() + t.coins() / 10;
                        bBuilding += t.buildingVictoryPoints();
                        bCompleted += t.buildingsCompleted();
                    }
                }
            }
            purchases += g.purchases;
            exact += g.exact;
            g.bought.forEach((type, n) -> bought.merge(type, n, Long::sum));
            g.valuations.forEach((kind, s) -> {
                long[] sums = valuations.computeIfAbsent(kind, k -> new long[4]);
                for (int i = 0; i < sums.length; i++) {
                    sums[i] += s[i];
                }
            });
            completed += g.completed;
        }

        ObjectNode out = JSON.createObjectNode();
        out.put("game", title);
        ObjectNode gamesNode = out.putObject("games");
        gamesNode
                .put("started", started)
                .put("finished", finished)
                .put("abandoned", abandoned)
                .put("inProgress", started - finished);
        ObjectNode scores = out.putObject("scores");
        scores.put("count", scoreCount);
        average(scores, "average", scoreSum, scoreCount);
        average(scores, "averageWinning", winning, winningGames);
        ArrayNode distribution = scores.putArray("distribution");
        buckets.forEach((from, n) ->
                distribution.addObject().put("from", from).put("to", from + 9).put("count", n));
        ArrayNode seatList = out.putArray("seats");
        // "players/seat" keys sort as text; the answer lists seats by player count, then seat.
        seats.entrySet().stream()
                .sorted(Comparator.comparingInt((Map.Entry<String, long[]> e) -> part(e.getKey(), 0))
                        .thenComparingInt(e -> part(e.getKey(), 1)))
                .forEach(e -> seatList.addObject()
                        .put("players", part(e.getKey(), 0))
                        .put("seat", part(e.getKey(), 1))
                        .put("games", e.getValue()[0])
                        .put("wins", e.getValue()[1])
                        .put("winRate", ratio(e.getValue()[1], e.getValue()[0])));
        ObjectNode length = out.putObject("length");
        length.put("games", lengthGames);
        average(length, "averageMoves", moves, lengthGames);
        if (lengthGames > 0) {
            length.put("averageMinutes", round(millis / 60_000.0 / lengthGames));
        }
        switch (title) {
            case "alhambra" -> {
                ObjectNode a = out.putObject("alhambra");
                a.put("purchases", purchases).put("exactPurchases", exact);
                average(a, "exactPaymentShare", exact, purchases);
                ObjectNode byType = a.putObject("buildingsBought");
                bought.forEach(byType::put);
                Map<Integer, long[]> perRound = new TreeMap<>(); // round -> games, players, wall sum
                for (Map.Entry<String, Rounds> game : rounds.entrySet()) {
                    if (!sandbox && sandbox(game.getKey())) {
                        continue;
                    }
                    Rounds r = game.getValue();
                    latest = max(latest, r.latest);
                    r.lastPerRound.forEach((round, s) -> {
                        long[] sums = perRound.computeIfAbsent(round, k -> new long[3]);
                        sums[0]++;
                        sums[1] += s[0];
                        sums[2] += s[1];
                    });
                }
                ArrayNode walls = a.putArray("longestWall");
                perRound.forEach((round, s) -> walls.addObject()
                        .put("round", round)
                        .put("games", s[0])
                        .put("scores", s[1])
                        .put("average", ratio(s[2], s[1])));
            }
            case "carrara" -> {
                ObjectNode byKind = out.putObject("carrara").putObject("valuations");
                valuations.forEach((kind, s) -> {
                    ObjectNode v = byKind.putObject(kind).put("requested", s[0]).put("scored", s[1]);
                    average(v, "averageVp", s[2], s[1]);
                    average(v, "averageCoins", s[3], s[1]);
                });
            }
            case "builders" -> {
                ObjectNode b = out.putObject("builders").put("players", bPlayers);
                average(b, "averageFinalVp", bFinal, bPlayers);
                average(b, "averageBuildingVp", bBuilding, bPlayers);
                average(b, "averageBuildingsCompleted", bCompleted, bPlayers);
                b.put("buildingsCompleted", completed);
            }
            default -> {}
        }
        if (latest != null) {
            out.put("latestEventTime", latest.toString());
        }
        return asWritten(out);
    }

    private static int part(String key, int i) {
        return Integer.parseInt(key.split("/")[i]);
    }

    /** Sum / count rounded as the endpoint rounds it; left out while nothing is averaged. */
    private static void average(ObjectNode node, String field, long sum, long count) {
        if (count > 0) {
            node.put(field, ratio(sum, count));
        }
    }

    private static double ratio(long a, long b) {
        return b == 0 ? 0 : round((double) a / b);
    }

    /** Three decimals, half to even: as scoring-service's GameStatistics rounds. */
    private static double round(double value) {
        return BigDecimal.valueOf(value).setScale(3, RoundingMode.HALF_EVEN).doubleValue();
    }

    /** Through text and back, so that its numbers are the same kinds of nodes as those of an answer read from text. */
    private static JsonNode asWritten(ObjectNode node) {
        try {
            return JSON.readTree(JSON.writeValueAsString(node));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
