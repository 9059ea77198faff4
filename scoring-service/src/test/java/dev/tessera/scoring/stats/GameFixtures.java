package dev.tessera.scoring.stats;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.Topics;
import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.events.alhambra.MoneyCardInfo;
import dev.tessera.events.alhambra.TileInfo;
import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.events.builders.BuildingInfo;
import dev.tessera.events.builders.PlayerTally;
import dev.tessera.events.carrara.BuildingBuilt;
import dev.tessera.events.carrara.GameFinished;
import dev.tessera.events.carrara.StonesBought;
import dev.tessera.events.carrara.TurnEnded;
import dev.tessera.events.carrara.ValuationRequested;
import dev.tessera.events.carrara.ValuationScored;
import dev.tessera.events.game.GameEnded;
import dev.tessera.events.game.GameStarted;
import dev.tessera.events.game.MovesTakenBack;
import dev.tessera.events.game.SeatTakenByBot;
import dev.tessera.events.scoring.ScoringRoundScored;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Whole games of the three titles as game-service and scoring-service would publish them: a random but
 * seeded course of turns, purchases, valuations and buildings, from GameStarted to GameEnded (or left
 * unfinished). The events need not follow the rules: the statistics only count them. Now and then a player takes
 * moves back within their turn ({@code MovesTakenBack}, as game-service allows: never past the turn's start), once or
 * twice in a row, and plays on: a purchase (exact or not) or a completed building taken back no longer counts.
 */
public final class GameFixtures {
    static final List<String> TYPES = List.of("pavilion", "seraglio", "arcades", "chambers", "garden", "tower");
    static final List<String> CURRENCIES = List.of("yellow", "green", "blue", "orange");

    private final EventCodec codec = new EventCodec();
    private final Random random;
    /** Whether the games made now are sandbox games ({@link #sandbox}). */
    private boolean sandbox;

    public GameFixtures(long seed) {
        this.random = new Random(seed);
    }

    /** One game: its records on game-events and on scoring-events, in publication order. */
    public static final class Game {
        public final String id = UUID.randomUUID().toString();
        public final String title;
        /** A sandbox game: no table, {@code GameStarted.sandbox} true, forked from another game by its first player. */
        public final boolean sandbox;

        public final List<String> players;
        public final List<CloudEvent> gameEvents = new ArrayList<>();
        public final List<CloudEvent> scoringEvents = new ArrayList<>();
        private final EventCodec codec;

        Game(EventCodec codec, String title, List<String> players, boolean sandbox) {
            this.codec = codec;
            this.title = title;
            this.players = players;
            this.sandbox = sandbox;
        }

        /** The version of the last event so far: where an undo goes back to. */
        long version() {
            return gameEvents.size();
        }

        /** Whether a player took moves back in this game. */
        public boolean tookMovesBack() {
            return gameEvents.stream().anyMatch(e -> e.type().equals("tessera.game.MovesTakenBack"));
        }

        /** {@code player} takes their moves back to {@code toVersion}. */
        void takeBack(String player, long toVersion) {
            add(new MovesTakenBack(id, player, toVersion, 1));
        }

        CloudEvent add(TesseraEvent event) {
            CloudEvent e =
                    codec.envelope("/tessera/game-service", id, gameEvents.size() + 1, event, OffsetDateTime.now());
            gameEvents.add(e);
            return e;
        }

        void score(ScoringRoundScored event) {
            scoringEvents.add(codec.envelope(
                    "/tessera/scoring-service", id, scoringEvents.size() + 1, event, OffsetDateTime.now()));
        }

        String player(int turn) {
            return players.get(turn % players.size());
        }
    }

    private List<String> players(int n) {
        List<String> ps = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ps.add("p" + i + "-" + random.nextInt(1000));
        }
        return ps;
    }

    private Game start(String title, int players) {
        Game g = new Game(codec, title, players(players), sandbox);
        g.add(
                sandbox
                        ? new GameStarted(
                                g.id,
                                null,
                                title,
                                g.players,
                                random.nextLong(),
                                Map.of(),
                                null,
                                true,
                                new GameStarted.Fork(UUID.randomUUID().toString(), 5, g.players.get(0)),
                                null,
                                null)
                        : new GameStarted(g.id, "t-" + g.id, title, g.players, random.nextLong(), Map.of(), null));
        return g;
    }

    /** The game {@code make} makes with these fixtures, as a sandbox game: {@code fixtures.sandbox(f -> f.builders(2, true))}. */
    public Game sandbox(java.util.function.Function<GameFixtures, Game> make) {
        sandbox = true;
        try {
            return make.apply(this);
        } finally {
            sandbox = false;
        }
    }

    /** Final standings from scores: best first, equal scores share a rank (1, 2, 2, 4). */
    private static GameEnded ended(Game g, List<Integer> scores) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < scores.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparing((Integer i) -> -scores.get(i)));
        List<GameEnded.Standing> standings = new ArrayList<>();
        for (int k = 0; k < order.size(); k++) {
            int score = scores.get(order.get(k));
            int rank = k > 0 && standings.get(k - 1).score() == score
                    ? standings.get(k - 1).rank()
                    : k + 1;
            standings.add(new GameEnded.Standing(g.players.get(order.get(k)), score, rank));
        }
        return new GameEnded(g.id, standings);
    }

    /**
     * An Alhambra game. Without {@code answerRounds} the game triggers its scoring rounds
     * (ScoringRoundTriggered) and scoring-service answers them; with, the fixture holds the answers
     * (ScoringRoundScored) and no trigger, so that nothing else publishes for it.
     */
    public Game alhambra(int players, boolean finished, boolean abandoned, boolean answerRounds) {
        Game g = start("alhambra", players);
        int turns = 6 + random.nextInt(6);
        int[] tileId = {6};
        int[] column = new int[players];
        for (int t = 0; t < turns; t++) {
            String p = g.player(t);
            if (random.nextInt(4) == 0) {
                takeMoney(g, p, t);
            } else {
                long turnStart = g.version();
                buyAndPlace(g, p, t, tileId, column);
                if (random.nextInt(3) == 0) {
                    // Taken back, placement and all: the tile leaves the Alhambra again and its square is free, so a
                    // scorer that kept it would find the next tile placed on a taken square and fail the round.
                    column[t % players]--;
                    g.takeBack(p, turnStart);
                    long afterUndo = g.version();
                    buyAndPlace(g, p, t, tileId, column);
                    if (random.nextBoolean()) {
                        // Taken back too: to just after the first undo, or to the turn's start over both.
                        column[t % players]--;
                        g.takeBack(p, random.nextBoolean() ? afterUndo : turnStart);
                        takeMoney(g, p, t);
                    }
                }
            }
            g.add(new AlhambraEvent.TurnEnded(p, g.player(t + 1)));
            if (abandoned && t == turns / 2) {
                g.add(new SeatTakenByBot(g.id, g.player(t + 1), "bot-" + g.player(t + 1), "timeout"));
            }
            if (t == turns / 3) {
                round(g, 1, answerRounds);
            } else if (t == 2 * turns / 3) {
                round(g, 2, answerRounds);
            }
        }
        if (finished) {
            round(g, 3, answerRounds);
            g.add(ended(g, scores(players, 20, 140)));
        }
        return g;
    }

    private void takeMoney(Game g, String p, int t) {
        int value = 1 + random.nextInt(5);
        g.add(new AlhambraEvent.MoneyTaken(
                p, List.of(new MoneyCardInfo(100 + t, CURRENCIES.get(random.nextInt(4)), value)), value));
    }

    /** A tile bought (exactly one time in three) and placed in the next square of the player's row. */
    private void buyAndPlace(Game g, String p, int t, int[] tileId, int[] column) {
        StringBuilder walls = new StringBuilder();
        for (char side : "NESW".toCharArray()) {
            if (random.nextBoolean()) {
                walls.append(side);
            }
        }
        TileInfo tile = new TileInfo(
                tileId[0]++, TYPES.get(random.nextInt(TYPES.size())), 2 + random.nextInt(12), walls.toString());
        String currency = CURRENCIES.get(random.nextInt(4));
        boolean exact = random.nextInt(3) == 0;
        int paid = tile.cost() + (exact ? 0 : 1 + random.nextInt(3));
        g.add(new AlhambraEvent.TileBought(
                p, tile, currency, List.of(new MoneyCardInfo(200 + t, currency, paid)), paid, exact));
        g.add(new AlhambraEvent.TilePlaced(p, tile, ++column[t % g.players.size()], 0, "pending"));
    }

    private void round(Game g, int round, boolean answer) {
        if (!answer) {
            g.add(new AlhambraEvent.ScoringRoundTriggered(round));
        } else {
            List<ScoringRoundScored.PlayerScore> scores = new ArrayList<>();
            for (String p : g.players) {
                int wall = random.nextInt(12);
                scores.add(new ScoringRoundScored.PlayerScore(p, Map.of("tower", 4), 4, wall, 4 + wall));
            }
            g.score(new ScoringRoundScored(g.id, round, scores));
        }
    }

    public Game carrara(int players, boolean finished, boolean abandoned) {
        Game g = start("carrara", players);
        int turns = 5 + random.nextInt(6);
        int valuation = 0;
        for (int t = 0; t < turns; t++) {
            String p = g.player(t);
            if (random.nextInt(4) == 0) {
                // Stones bought and taken back: nothing the statistics count.
                long turnStart = g.version();
                g.add(new StonesBought(p, 1 + random.nextInt(6), List.of("white"), random.nextInt(4)));
                g.takeBack(p, turnStart);
            }
            g.add(new StonesBought(p, 1 + random.nextInt(6), List.of("white", "yellow"), random.nextInt(4)));
            g.add(new BuildingBuilt(p, "Palazzo", "city", 3, "crown", "Pisa", List.of("white")));
            if (random.nextInt(3) == 0) {
                valuation++;
                String kind = random.nextBoolean() ? "type" : "city";
                String target = kind.equals("type") ? "Palazzo" : "Pisa";
                g.add(new ValuationRequested(
                        valuation,
                        p,
                        kind,
                        target,
                        List.of(new ValuationRequested.Building("Pisa", "Palazzo", 3, "crown", 0)),
                        List.of(new ValuationRequested.City("Pisa", 2, "vp")),
                        Map.of("crown", 3)));
                if (random.nextInt(4) > 0) { // now and then a valuation is left unanswered
                    g.add(new ValuationScored(
                            valuation, p, kind, target, random.nextInt(12), random.nextInt(5), List.of()));
                }
            }
            if (abandoned && t == turns / 2) {
                g.add(new SeatTakenByBot(g.id, g.player(t + 1), "bot-" + g.player(t + 1), "timeout"));
            }
            g.add(new TurnEnded(p, g.player(t + 1)));
        }
        if (finished) {
            List<GameFinished.Tally> tallies = new ArrayList<>();
            for (String p : g.players) {
                int objects = random.nextInt(4);
                tallies.add(new GameFinished.Tally(
                        p, random.nextInt(40), random.nextInt(30), objects, objects, 2, 6, random.nextInt(5), 0));
            }
            g.add(new GameFinished("buildings-exhausted", null, 5, 2, 0, 3, null, tallies));
            g.add(ended(g, scores(players, 30, 90)));
        }
        return g;
    }

    public Game builders(int players, boolean finished) {
        Game g = start("builders", players);
        int turns = 5 + random.nextInt(8);
        int[] vp = new int[players];
        int[] completed = new int[players];
        for (int t = 0; t < turns; t++) {
            String p = g.player(t);
            int seat = t % players;
            BuildingInfo building =
                    new BuildingInfo(t + 1, "Cottage " + t, 1, 1, 0, 1, 1 + random.nextInt(5), 4 + random.nextInt(8));
            long turnStart = g.version();
            g.add(new BuildersEvent.ConstructionStarted(p, building, 1, 2, null, null));
            g.add(new BuildersEvent.CoinsTaken(p, 1, 1, 1, 5));
            if (random.nextInt(4) == 0) {
                // Completed, then taken back with the rest of the turn, which is played again.
                g.add(new BuildersEvent.BuildingCompleted(
                        p,
                        building,
                        building.victoryPoints(),
                        building.coins(),
                        List.of(),
                        vp[seat] + building.victoryPoints(),
                        10));
                g.takeBack(p, turnStart);
                g.add(new BuildersEvent.ConstructionStarted(p, building, 1, 2, null, null));
                g.add(new BuildersEvent.CoinsTaken(p, 1, 1, 1, 5));
            }
            if (random.nextBoolean()) {
                vp[seat] += building.victoryPoints();
                completed[seat]++;
                g.add(new BuildersEvent.BuildingCompleted(
                        p, building, building.victoryPoints(), building.coins(), List.of(), vp[seat], 10));
            }
            g.add(new BuildersEvent.TurnEnded(p, 1 + t / players, 0, vp[seat], 10, g.player(t + 1)));
        }
        if (finished) {
            List<PlayerTally> tallies = new ArrayList<>();
            List<Integer> scores = new ArrayList<>();
            for (int i = 0; i < players; i++) {
                int coins = random.nextInt(35);
                tallies.add(new PlayerTally(g.players.get(i), vp[i], coins, completed[i]));
                scores.add(vp[i] + coins / 10);
            }
            g.add(new BuildersEvent.GameFinished(g.player(turns - 1), "target-reached", 1 + turns / players, tallies));
            g.add(ended(g, scores));
        }
        return g;
    }

    private List<Integer> scores(int players, int min, int spread) {
        List<Integer> scores = new ArrayList<>();
        for (int i = 0; i < players; i++) {
            scores.add(min + random.nextInt(spread));
        }
        if (players > 1 && random.nextInt(4) == 0) {
            scores.set(1, scores.get(0)); // a tie now and then
        }
        return scores;
    }

    /** Publishes the games' records on their topics, one game after another, with the outbox relay's header. */
    /**
     * Puts the games' records on the topics: every other game's as the relays publish them today (with the {@code ce_type}
     * header), the others as earlier versions did (without), so that both ways of reading them are exercised.
     */
    public static void publish(String bootstrap, List<Game> games) {
        EventCodec codec = new EventCodec();
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap, ProducerConfig.LINGER_MS_CONFIG, 5),
                new StringSerializer(),
                new StringSerializer())) {
            boolean typed = true;
            for (Game g : games) {
                for (CloudEvent e : g.gameEvents) {
                    producer.send(record(Topics.GAME_EVENTS, g.id, codec.write(e), typed ? e.type() : null));
                }
                for (CloudEvent e : g.scoringEvents) {
                    producer.send(record(Topics.SCORING_EVENTS, g.id, codec.write(e), typed ? e.type() : null));
                }
                typed = !typed;
            }
            producer.flush();
        }
    }

    private static ProducerRecord<String, String> record(String topic, String key, String value, String type) {
        ProducerRecord<String, String> r = new ProducerRecord<>(topic, key, value);
        r.headers().add("content-type", "application/cloudevents+json".getBytes(StandardCharsets.UTF_8));
        if (type != null) {
            r.headers().add(CloudEvent.TYPE_HEADER, type.getBytes(StandardCharsets.UTF_8));
        }
        return r;
    }
}
