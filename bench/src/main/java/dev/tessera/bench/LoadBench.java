package dev.tessera.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Plays games of each title concurrently through the gateway for a fixed time and reports what a
 * client sees: games completed, moves per second, move latency, and the round trips through
 * scoring-service (Alhambra's scoring rounds, Carrara's valuations) read from the games' own events.
 *
 * <pre>LoadBench [gateway-url] [seconds] [games-per-title] [bot: random|greedy] [titles: alhambra,carrara,builders] [moves/s]</pre>
 * Without a rate every bot moves as soon as it has its answer (the saturating load). With a rate the bots
 * share that many moves per second: each game's turns start on a fixed schedule (rate / games per second), so
 * the latency is measured at a load the platform is not driven by. Prints a Markdown section on stdout.
 * With {@code -Dtessera.bench.processes=FILE} (./tessera writes it) the seconds are a window inside continuous play, as
 * the peer's harness measures: the players sign up and every game makes its first move; {@link #RAMP} later, and
 * again after the seconds, it reads PostgreSQL's counters ({@link PgCounters}) and the CPU of the processes FILE lists
 * ({@link ProcessCpu}) into pg.before, cpu.before, pg.after and cpu.after beside FILE, while the bots play on; the
 * moves answered between the two readings are counted. Only then are the bots stopped and the scoring round trips read
 * from the games' events. So the report's CPU per move holds neither the sign-ups nor those reads, and its latencies
 * not a phase's first or last seconds. Without it the seconds run from the start, sign-ups included (the warm-up).
 * Paced and windowed, {@link LoadTimeline} reads the machine's load every 200 ms through the window, and the report
 * places each move by how busy the machine was while it was in flight.
 * With {@code -Dtessera.bench.invalid=SHARE} (0 to 1) that share of turns first sends a move the game must refuse
 * ({@link GamePlay#withInvalidMoves}); any answer to it but a 4xx counts as an error.
 *
 * <pre>LoadBench rejections [gateway-url] [moves] [titles] [bootstrap] [counters command]</pre> starts a game of each
 * title and then sends only invalid moves to them, running the counters command (given "before" or "after") around
 * those moves, and prints what they were answered and how many records the topics gained meanwhile.
 */
public final class LoadBench {
    private final List<String> titles;

    private final Api api;
    private final Bots.Bot bot;
    private final ConcurrentLinkedQueue<Long> moveNanos = new ConcurrentLinkedQueue<>();
    /** With -Dtessera.bench.trace=FILE: one line per accepted move (epoch ms, latency µs, title), written at the end. */
    private final String traceFile = System.getProperty("tessera.bench.trace");

    /**
     * The processes whose CPU the window's ends read ({@link ProcessCpu}) and PostgreSQL's address ({@link
     * PgCounters}); cpu.before, cpu.after, pg.before and pg.after go beside it.
     */
    private final String processes = System.getProperty("tessera.bench.processes");
    /** How long each end's readings took (s). */
    private final double[] readingSeconds = new double[2];

    private PgCounters pg;
    /** Paced and windowed: the machine's load through the window, against the moves answered in it. */
    private volatile LoadTimeline timeline;
    /** Between every game's first move and the measured window: the phase's start behind it. */
    static final Duration RAMP = Duration.ofSeconds(2);
    /** What is counted: moves answered from windowStart to windowEnd (System.nanoTime). */
    private volatile long windowStart;

    private volatile long windowEnd = Long.MAX_VALUE;
    private volatile boolean stop;
    private volatile CountDownLatch firstMoves = new CountDownLatch(0);
    /** Games played (id, a player's token), read for their round trips once the play is over. */
    private final ConcurrentLinkedQueue<String[]> played = new ConcurrentLinkedQueue<>();

    private final ConcurrentLinkedQueue<String> trace = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Long> scoringMillis = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Long> valuationMillis = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<String> finishedGames = new ConcurrentLinkedQueue<>();
    private final AtomicLong moves = new AtomicLong();
    private final AtomicLong conflicts = new AtomicLong();
    private final AtomicLong reads = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private final AtomicInteger names = new AtomicInteger();
    private final AtomicLong lateTurns = new AtomicLong();
    private final double invalidShare = Double.parseDouble(System.getProperty("tessera.bench.invalid", "0"));
    private final Map<String, AtomicLong> refused = new java.util.concurrent.ConcurrentSkipListMap<>();
    private final String run = Long.toString(System.currentTimeMillis(), 36);
    private final double rate;
    /** A table must show its game within this (else the game counts as an error); a game that is over has this long for its GameEnded. */
    private static final Duration AWAIT_GAME = Duration.ofSeconds(30);

    private static final Duration AWAIT_END = Duration.ofSeconds(10);

    LoadBench(String gateway, Bots.Bot bot, List<String> titles, double rate) {
        this.api = new Api(gateway);
        this.bot = bot;
        this.titles = titles;
        this.rate = rate;
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("rejections")) {
            Rejections.main(java.util.Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        String gateway = args.length > 0 ? args[0] : "http://localhost:8080";
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 60;
        int perTitle = args.length > 2 ? Integer.parseInt(args[2]) : 4;
        Bots.Bot bot = Bots.named(args.length > 3 ? args[3] : "random");
        List<String> titles = List.of((args.length > 4 ? args[4] : "alhambra,carrara,builders").split(","));
        double rate = args.length > 5 ? Double.parseDouble(args[5]) : 0;
        new LoadBench(gateway, bot, titles, rate).run(seconds, perTitle);
    }

    void run(int seconds, int perTitle) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(titles.size() * perTitle);
        long start = System.nanoTime();
        boolean windowed = processes != null;
        long deadline = windowed ? Long.MAX_VALUE : start + TimeUnit.SECONDS.toNanos(seconds);
        windowStart = windowed ? Long.MAX_VALUE : start; // windowed: nothing counts before the window opens
        int worker = 0;
        int workers = titles.size() * perTitle;
        firstMoves = new CountDownLatch(windowed ? workers : 0);
        for (String title : titles) {
            for (int i = 0; i < perTitle; i++) {
                long seed = 1000L + worker++;
                // Paced: each game's turns on a schedule of its own, the games' schedules spread over one interval.
                Pace pace =
                        rate > 0 ? new Pace((long) (1e9 * workers / rate), start + (long) (1e9 * worker / rate)) : null;
                pool.submit(() -> loop(title, deadline, new Random(seed), pace));
            }
        }
        pool.shutdown();
        if (windowed) {
            try {
                if (!firstMoves.await(AWAIT_GAME.toSeconds() * 2, TimeUnit.SECONDS)) {
                    System.err.println("not every game made its first move in time; measuring anyway");
                }
                pg = counters(Path.of(processes));
                pause(RAMP.toMillis(), 0);
                readingSeconds[0] = window("before");
                if (rate > 0) {
                    timeline = timeline(Path.of(processes));
                }
                windowStart = System.nanoTime();
                pause(TimeUnit.SECONDS.toMillis(seconds), 0);
                readingSeconds[1] = window("after");
                windowEnd = System.nanoTime();
                if (timeline != null) {
                    timeline.stop();
                }
            } finally {
                stop = true;
                if (pg != null) {
                    pg.close();
                }
            }
        }
        pool.awaitTermination(seconds + 120L, TimeUnit.SECONDS);
        double elapsed = (Math.min(windowEnd, System.nanoTime()) - windowStart) / 1e9;
        for (String[] game : played) {
            try {
                collectRoundTrips(game[0], game[1]);
            } catch (RuntimeException e) {
                System.err.println(game[0] + ": round trips not read: " + e.getMessage());
            }
        }
        report(seconds, perTitle, elapsed);
        if (traceFile != null) {
            try {
                java.nio.file.Files.write(java.nio.file.Path.of(traceFile), trace);
            } catch (java.io.IOException e) {
                System.err.println("trace: " + e);
            }
        }
    }

    /** One table's worth of players, signed up once and playing one game after another, as people do. */
    private void loop(String title, long deadline, Random random, Pace pace) {
        List<Api.Player> players = new ArrayList<>();
        Api.Player outsider = null;
        AtomicBoolean moved = new AtomicBoolean();
        while (!stop && System.nanoTime() < deadline) {
            try {
                if (players.isEmpty()) {
                    List<Api.Player> signed = new ArrayList<>();
                    for (int i = 0; i < GamePlay.seats(title); i++) {
                        signed.add(api.signUp("bench-" + run + "-" + names.incrementAndGet()));
                    }
                    players.addAll(signed);
                }
                if (invalidShare > 0 && outsider == null) {
                    outsider = api.signUp("bench-" + run + "-outsider-" + names.incrementAndGet());
                }
                playOne(title, players, outsider, deadline, random, pace, moved);
            } catch (RuntimeException e) {
                errors.incrementAndGet();
                System.err.println(title + ": " + e.getMessage());
            }
        }
    }

    private void playOne(
            String title,
            List<Api.Player> players,
            Api.Player outsider,
            long deadline,
            Random random,
            Pace pace,
            AtomicBoolean moved) {
        GamePlay game = new GamePlay(api, bot, title, players, random, AWAIT_GAME, AWAIT_END)
                .withInvalidMoves(invalidShare, outsider);
        String gameId = game.start();
        game.play(() -> !stop && System.nanoTime() < deadline, new GamePlay.Listener() {
            @Override
            public void beforeTurn() {
                if (pace != null) {
                    pace.awaitTurn();
                }
            }

            @Override
            public void read() {
                if (inWindow()) {
                    reads.incrementAndGet();
                }
            }

            @Override
            public void accepted(Api.Answer answer) {
                if (moved.compareAndSet(false, true)) {
                    firstMoves.countDown(); // this worker's first move
                }
                if (!inWindow()) {
                    return;
                }
                moves.incrementAndGet();
                moveNanos.add(answer.nanos());
                LoadTimeline t = timeline;
                if (t != null) {
                    t.move(System.nanoTime() - answer.nanos(), answer.nanos());
                }
                if (traceFile != null) {
                    trace.add(System.currentTimeMillis() + "," + answer.nanos() / 1000 + "," + title);
                }
            }

            @Override
            public void conflict(Api.Answer answer) {
                if (inWindow()) {
                    conflicts.incrementAndGet();
                }
            }

            @Override
            public void refused(Api.Answer answer) {
                if (inWindow()) {
                    refused.computeIfAbsent(Rejections.reason(answer), k -> new AtomicLong())
                            .incrementAndGet();
                }
            }

            @Override
            public void unexpected(String what, Api.Answer answer) {
                throw new IllegalStateException(what + " answered " + answer.status() + ": " + answer.body());
            }
        });
        if (game.ended() && inWindow()) {
            finishedGames.add(gameId);
        }
        played.add(new String[] {gameId, players.get(0).token()});
    }

    /** Whether what happens now is counted: inside the measured window (from the start, without one). */
    private boolean inWindow() {
        long now = System.nanoTime();
        return now >= windowStart && now <= windowEnd;
    }

    /**
     * One end of the window: PostgreSQL's counters, then every process's CPU, read here while the bots play (no
     * process started: a psql or a shell's fork per thread took seconds of a saturated machine); the moves count
     * between the two CPU readings. Returns how long the readings took.
     */
    private double window(String end) {
        long started = System.nanoTime();
        Path list = Path.of(processes);
        try {
            pg.snapshot(list.resolveSibling("pg." + end));
            ProcessCpu.snapshot(list, list.resolveSibling("cpu." + end));
        } catch (java.io.IOException | java.sql.SQLException e) {
            throw new IllegalStateException("window " + end + ": " + e.getMessage(), e);
        }
        return (System.nanoTime() - started) / 1e9;
    }

    private static LoadTimeline timeline(Path list) {
        try {
            return LoadTimeline.start(list);
        } catch (java.io.IOException e) {
            System.err.println("load timeline not read: " + e.getMessage());
            return null;
        }
    }

    /** The connections for PostgreSQL's counters, from the list's {@code db host port user database…} line. */
    private static PgCounters counters(Path list) {
        try {
            for (String line : java.nio.file.Files.readAllLines(list)) {
                String[] w = line.trim().split("\\s+");
                if (w[0].equals("db") && w.length > 4) {
                    return new PgCounters(w[1], w[2], w[3], List.of(w).subList(4, w.length));
                }
            }
        } catch (java.io.IOException | java.sql.SQLException e) {
            throw new IllegalStateException("PostgreSQL's counters: " + e.getMessage(), e);
        }
        throw new IllegalStateException(list + " names no database (db host port user database…)");
    }

    /**
     * One game's schedule of turns: a turn starts at its slot, or at once when the last one ran past it (counted
     * as late: the platform did not keep up with the pace, and the achieved rate says by how much).
     */
    private final class Pace {
        private final long interval;
        private long next;

        Pace(long interval, long first) {
            this.interval = interval;
            this.next = first;
        }

        void awaitTurn() {
            long now = System.nanoTime();
            if (now < next) {
                pause((next - now) / 1_000_000, (int) ((next - now) % 1_000_000));
            } else if (now - next > interval) {
                if (inWindow()) {
                    lateTurns.incrementAndGet();
                }
                next = now; // no burst to catch up: the schedule starts again from here
            }
            next += interval;
        }
    }

    /** Trigger-to-answer times, from the recorded times of the game's own events. */
    private void collectRoundTrips(String gameId, String token) {
        JsonNode events =
                api.get("/api/v1/games/" + gameId + "/events?from=0", token).body();
        Map<Integer, OffsetDateTime> triggers = new java.util.HashMap<>();
        Map<Integer, OffsetDateTime> requests = new java.util.HashMap<>();
        for (JsonNode e : events) {
            String type = e.get("type").asText();
            OffsetDateTime time = OffsetDateTime.parse(e.get("time").asText());
            JsonNode data = e.get("data");
            switch (type) {
                case "tessera.alhambra.ScoringRoundTriggered" ->
                    triggers.put(data.get("round").asInt(), time);
                case "tessera.alhambra.PointsAwarded" -> {
                    OffsetDateTime t = triggers.get(data.get("round").asInt());
                    if (t != null) {
                        scoringMillis.add(Duration.between(t, time).toMillis());
                    }
                }
                case "tessera.carrara.ValuationRequested" ->
                    requests.put(data.get("valuation").asInt(), time);
                case "tessera.carrara.ValuationScored" -> {
                    OffsetDateTime t = requests.get(data.get("valuation").asInt());
                    if (t != null) {
                        valuationMillis.add(Duration.between(t, time).toMillis());
                    }
                }
                default -> {}
            }
        }
    }

    private static void pause(long millis, int nanos) {
        try {
            Thread.sleep(millis, nanos);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void report(int seconds, int perTitle, double elapsed) {
        System.out.printf(
                "## Load: %d concurrent games (%d per title: %s), %d s, %s bot%s%n%n",
                perTitle * titles.size(),
                perTitle,
                String.join(", ", titles),
                seconds,
                bot == Bots.GREEDY ? "greedy" : "random",
                rate > 0 ? String.format(", paced at %.1f moves/s", rate) : ", as fast as the platform answers");
        System.out.printf("| measure | value |%n|---|---|%n");
        if (processes != null) {
            System.out.printf(
                    "| measured | %.1f s of continuous play, from %d s after every game's first move (the sign-ups before"
                            + " it, the round trips' reads after it; each end read in %.0f and %.0f ms) |%n",
                    elapsed, RAMP.toSeconds(), 1000 * readingSeconds[0], 1000 * readingSeconds[1]);
        }
        System.out.printf("| moves accepted | %d |%n", moves.get());
        System.out.printf("| moves per second | %.1f |%n", moves.get() / elapsed);
        if (rate > 0) {
            System.out.printf(
                    "| turns started late (more than one interval behind the schedule) | %d |%n", lateTurns.get());
        }
        System.out.printf("| games completed (final standings in the stream) | %d |%n", finishedGames.size());
        System.out.printf(
                "| move latency p50 / p95 / p99 (client, ms) | %s |%n", percentiles(moveNanos, 1e6, 50, 95, 99));
        System.out.printf(
                "| Alhambra scoring round trip p50 / p99 (ms, %d rounds) | %s |%n",
                scoringMillis.size(), percentiles(scoringMillis, 1, 50, 99));
        System.out.printf(
                "| Carrara valuation round trip p50 / p99 (ms, %d valuations) | %s |%n",
                valuationMillis.size(), percentiles(valuationMillis, 1, 50, 99));
        System.out.printf(
                "| legal-moves reads per accepted move (none when a move's answer listed the mover's next moves) | %.2f |%n",
                moves.get() == 0 ? 0.0 : (double) reads.get() / moves.get());
        System.out.printf("| version conflicts (409, retried) | %d |%n", conflicts.get());
        if (invalidShare > 0) {
            System.out.printf(
                    "| invalid moves sent on purpose before %.0f%% of the turns, refused (status and rule: count) | %s |%n",
                    100 * invalidShare, Rejections.describe(refused));
        }
        System.out.printf(
                "| requests rate-limited (429: waited Retry-After, sent again; not in the latencies) | %d |%n",
                api.rateLimited());
        System.out.printf("| errors | %d |%n", errors.get());
        if (timeline != null) {
            System.out.print(timeline.describe());
        }
    }

    private static String percentiles(ConcurrentLinkedQueue<Long> values, double unit, int... ps) {
        List<Long> sorted = new ArrayList<>(values);
        if (sorted.isEmpty()) {
            return "n/a";
        }
        Collections.sort(sorted);
        List<String> out = new ArrayList<>();
        for (int p : ps) {
            int i = (int) Math.min(sorted.size() - 1, Math.ceil(p / 100.0 * sorted.size()) - 1);
            out.add(String.format("%.1f", sorted.get(Math.max(0, i)) / unit));
        }
        return String.join(" / ", out);
    }
}
