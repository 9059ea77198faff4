package dev.tessera.bench.chaos;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.tessera.bench.Api;
import dev.tessera.bench.Bots;
import dev.tessera.bench.GamePlay;
import dev.tessera.events.EventCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The bots' load while the platform is being broken: a number of games kept going at once through one gateway or
 * several, each worker a table's worth of players playing one game after another (the titles in turn across
 * workers), and a record of everything the clients saw that a careful client cannot ride out.
 *
 * <p>What is ridden out (and counted): a 503 (a service behind the gateway is down) and a 429 are sent again after
 * Retry-After; a connection refused or broken is tried on the next gateway; a 409 on a move means the game moved on,
 * or that a move sent again after a failure had been applied the first time: the legal moves are read again.
 * Waiting for a table's game and for a game's final standings tolerates a platform that is down for up to the
 * patience (120 s). Anything else is a client error, recorded with what was asked and what came back.
 *
 * <p>With a webhook receiver ({@code --webhooks URL}, {@link WebhookReceiver}), every player subscribes to {@code
 * turn.started} and {@code game.ended} before their first table, each subscription at a path of its own under that
 * URL; the subscriptions and their secrets are in the results, for the invariants' check w.
 *
 * <pre>ChaosLoad --gateway URL[,URL...] --games N [--titles alhambra,carrara,builders] [--bot random|greedy]
 *           [--patience SECONDS] [--webhooks URL] --stop-file FILE --out FILE.json</pre>
 * plays until FILE exists, then stops (no new game or move; requests under way end), writes {@link Results} as JSON
 * to --out and a one-line summary to stdout.
 */
public final class ChaosLoad {
    /** Client errors kept with their details; beyond, only counted. */
    private static final int ERRORS_KEPT = 1000;
    /** Unexpected answers in a row after which a game is given up (and a new one started). */
    private static final int UNEXPECTED_IN_A_ROW = 5;
    /** The share of moves after which the mover tries to take back their turn's moves. */
    private static final double UNDO_SHARE = 0.05;

    private final List<String> gateways;
    private final int games;
    private final List<String> titles;
    private final String botName;
    private final Bots.Bot bot;
    private final Duration patience;
    private final long seed;
    /** Where the players' webhooks go (a {@link WebhookReceiver}), or null: no subscriptions. */
    private final String webhooks;

    private final Api api;
    private final String run = Long.toString(System.currentTimeMillis(), 36);
    private final AtomicInteger names = new AtomicInteger();
    private final AtomicLong moves = new AtomicLong();
    /** Undos that took moves back (the bots undo now and then, as players who misclicked). */
    private final AtomicLong undos = new AtomicLong();

    private final ConcurrentLinkedQueue<Results.Game> started = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Results.Game> finished = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Results.Subscription> subscriptions = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Results.ClientError> errors = new ConcurrentLinkedQueue<>();
    private final AtomicLong errorCount = new AtomicLong();
    private final List<Thread> workers = new ArrayList<>();
    private volatile boolean stopping;
    private Instant startedAt;
    private Instant stoppedAt;

    private ChaosLoad(Builder b) {
        this.gateways = List.copyOf(b.gateways);
        this.games = b.games;
        this.titles = List.copyOf(b.titles);
        this.botName = b.bot;
        this.bot = Bots.named(b.bot);
        this.patience = b.patience;
        this.seed = b.seed;
        this.webhooks = b.webhooks;
        this.api = new Api(gateways, patience);
    }

    public static Builder builder(List<String> gateways) {
        return new Builder(gateways);
    }

    public static final class Builder {
        private final List<String> gateways;
        private int games = 6;
        private List<String> titles = List.of("alhambra", "carrara", "builders");
        private String bot = "random";
        private Duration patience = Duration.ofSeconds(120);
        private long seed = 1000;
        private String webhooks;

        private Builder(List<String> gateways) {
            if (gateways.isEmpty()) {
                throw new IllegalArgumentException("at least one gateway");
            }
            this.gateways = gateways;
        }

        /** Games kept going at once (one worker thread each). */
        public Builder games(int games) {
            this.games = games;
            return this;
        }

        public Builder titles(List<String> titles) {
            this.titles = titles;
            return this;
        }

        /** "random" (the default) or "greedy". */
        public Builder bot(String bot) {
            this.bot = bot;
            return this;
        }

        /** How long a request, a table's game or a game's end may be waited for before it is a client error. */
        public Builder patience(Duration patience) {
            this.patience = patience;
            return this;
        }

        /** The bots' random choices, per worker derived from it. */
        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        /** Subscribes every player to webhooks sent under {@code receiver} (no trailing slash). */
        public Builder webhooks(String receiver) {
            this.webhooks = receiver;
            return this;
        }

        public ChaosLoad build() {
            return new ChaosLoad(this);
        }
    }

    /** Starts the workers. */
    public synchronized ChaosLoad start() {
        if (startedAt != null) {
            throw new IllegalStateException("started already");
        }
        startedAt = Instant.now();
        for (int slot = 0; slot < games; slot++) {
            int s = slot;
            Thread t = new Thread(() -> work(s), "chaos-load-" + slot);
            t.setDaemon(true);
            workers.add(t);
            t.start();
        }
        return this;
    }

    /**
     * Stops: no new game, move or request from now on; requests under way end as they would (a read times out
     * after 30 s at most); the workers are joined. Returns the results.
     */
    public synchronized Results stop() throws InterruptedException {
        stopping = true;
        api.halt();
        for (Thread t : workers) {
            t.join(Duration.ofSeconds(60).toMillis());
            if (t.isAlive()) {
                error(null, null, 0, "", "worker " + t.getName() + " did not stop within 60 s");
            }
        }
        if (stoppedAt == null) {
            stoppedAt = Instant.now();
        }
        return results();
    }

    /** What the load has done so far (final once stopped). */
    public Results results() {
        return new Results(
                gateways,
                games,
                titles,
                botName,
                startedAt,
                stoppedAt,
                moves.get(),
                undos.get(),
                List.copyOf(started),
                List.copyOf(finished),
                List.copyOf(subscriptions),
                api.retried(),
                errorCount.get(),
                List.copyOf(errors));
    }

    /** One table's worth of players, signed up once, playing one game after another until the load stops. */
    private void work(int slot) {
        String title = titles.get(slot % titles.size());
        Random random = new Random(seed + slot);
        List<Api.Player> players = null;
        while (!stopping) {
            try {
                if (players == null) {
                    players = signUp(GamePlay.seats(title));
                }
                play(title, players, random);
            } catch (Api.Halted stopped) {
                return;
            } catch (GamePlay.Failed e) {
                Api.Answer a = e.answer();
                error(
                        a == null ? null : a.method(),
                        a == null ? null : a.path(),
                        a == null ? 0 : a.status(),
                        a == null ? "" : a.excerpt(),
                        e.getMessage());
                rest();
            } catch (Api.Unreachable e) {
                error(e.method(), e.path(), 0, "", e.getMessage());
                rest();
            } catch (RuntimeException e) {
                error(null, null, 0, "", "unexpected: " + e);
                rest();
            }
        }
    }

    /** A pause before the next game after a failed one, so that a broken platform is not hammered. */
    private void rest() {
        try {
            Thread.sleep(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Signs players up. A 409 (name taken) means a sign-up sent again had got through the first time, its answer
     * lost: that player is left behind and another one signed up.
     */
    private List<Api.Player> signUp(int seats) {
        List<Api.Player> players = new ArrayList<>();
        while (players.size() < seats) {
            String name = "chaos-" + run + "-" + names.incrementAndGet();
            Api.Answer a = api.post("/api/v1/players", Map.of("name", name), null);
            if (a.status() == 201) {
                Api.Player player = Api.Player.of(a);
                subscribe(player);
                players.add(player);
            } else if (a.status() != 409) {
                throw new GamePlay.Failed("signing up " + name, a);
            }
        }
        return players;
    }

    /**
     * Subscribes a player to their turns and their games' ends, at a path of its own under the receiver's URL. A
     * subscription whose answer was lost (made, then sent again) has a path nobody knows, and is passed over by check w.
     */
    private void subscribe(Api.Player player) {
        if (webhooks == null) {
            return;
        }
        String path = "/" + player.id() + "/" + Long.toString(new Random().nextLong() & Long.MAX_VALUE, 36);
        Api.Answer a = api.post(
                "/api/v1/webhooks",
                Map.of("url", webhooks + path, "events", List.of("turn.started", "game.ended")),
                player.token());
        if (a.status() != 201) {
            throw new GamePlay.Failed("subscribing " + player.id() + " to webhooks", a);
        }
        subscriptions.add(new Results.Subscription(
                player.id(),
                a.body().path("id").asText(),
                path,
                a.body().path("secret").asText()));
    }

    private void play(String title, List<Api.Player> players, Random random) {
        GamePlay game = new GamePlay(api, bot, title, players, random, patience, patience).withUndos(UNDO_SHARE);
        String gameId = game.start();
        started.add(new Results.Game(gameId, game.tableId(), title));
        int[] inARow = {0};
        boolean over = game.play(() -> !stopping, new GamePlay.Listener() {
            @Override
            public void accepted(Api.Answer answer) {
                moves.incrementAndGet();
                inARow[0] = 0;
            }

            @Override
            public void conflict(Api.Answer answer) {
                api.countRetry("409");
            }

            @Override
            public void undo(Api.Answer answer) {
                if (answer.status() == 200) {
                    undos.incrementAndGet();
                }
                inARow[0] = 0;
            }

            @Override
            public void unexpected(String what, Api.Answer answer) {
                error(answer.method(), answer.path(), answer.status(), answer.excerpt(), what);
                if (++inARow[0] >= UNEXPECTED_IN_A_ROW) {
                    throw new GamePlay.Failed(
                            "gave up game " + gameId + " after " + inARow[0] + " unexpected answers in a row", answer);
                }
            }
        });
        if (over && game.ended()) {
            finished.add(new Results.Game(gameId, game.tableId(), title));
        } else if (over && !stopping) {
            error(
                    null,
                    null,
                    0,
                    "",
                    "gave up: game " + gameId + " is over but had no GameEnded within " + patience.toSeconds() + " s");
        }
    }

    private void error(String method, String path, int status, String body, String what) {
        errorCount.incrementAndGet();
        if (errors.size() < ERRORS_KEPT) {
            errors.add(new Results.ClientError(Instant.now(), method, path, status, body, what));
        }
    }

    /**
     * What a load did, as its JSON file holds it.
     *
     * @param retried      answers and connections retried, by what: "409" (a move whose game had moved on), "429",
     *                     "503", "connection" (refused or broken, tried on the next gateway or again later)
     * @param clientErrors the first {@value #ERRORS_KEPT} client errors; {@code clientErrorCount} counts them all
     */
    public record Results(
            List<String> gateways,
            int games,
            List<String> titles,
            String bot,
            Instant startedAt,
            Instant stoppedAt,
            long movesAccepted,
            long movesTakenBack,
            List<Game> gamesStarted,
            List<Game> gamesFinished,
            List<Subscription> webhooks,
            Map<String, Long> retried,
            long clientErrorCount,
            List<ClientError> clientErrors) {
        private static final ObjectMapper JSON = EventCodec.newMapper().enable(SerializationFeature.INDENT_OUTPUT);

        /** A game the bots started; in {@code gamesFinished} once its GameEnded was seen. */
        public record Game(String gameId, String tableId, String title) {}

        /** A player's webhook subscription: its id, the path its deliveries go to, and its signing secret. */
        public record Subscription(String player, String id, String path, String secret) {}

        /**
         * What a client could not ride out: the request (null when the failure was no single request's), its
         * status (0 when no gateway answered at all), the start of the body, and what it meant.
         */
        public record ClientError(Instant time, String method, String path, int status, String body, String what) {}

        public String toJson() {
            try {
                return JSON.writeValueAsString(this);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        public static Results fromJson(String json) {
            try {
                return JSON.readValue(json, Results.class);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        public static Results read(Path file) {
            try {
                return fromJson(Files.readString(file));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** The summary and the first client errors, as a Markdown section. */
        public String toMarkdown() {
            StringBuilder md = new StringBuilder("## Load\n\n")
                    .append(summary())
                    .append(" (gateways ")
                    .append(String.join(", ", gateways))
                    .append("; ")
                    .append(games)
                    .append(" games at once of ")
                    .append(String.join(", ", titles))
                    .append(", ")
                    .append(bot)
                    .append(" bots).\n");
            if (!clientErrors.isEmpty()) {
                md.append("\n| time | request | status | what | body |\n|---|---|---|---|---|\n");
                clientErrors.stream()
                        .limit(20)
                        .forEach(e -> md.append("| ")
                                .append(e.time())
                                .append(" | ")
                                .append(e.method() == null ? "" : e.method() + " " + e.path())
                                .append(" | ")
                                .append(e.status())
                                .append(" | ")
                                .append(e.what().replace("|", "\\|"))
                                .append(" | ")
                                .append(e.body().replace("|", "\\|").replace("\n", " "))
                                .append(" |\n"));
                if (clientErrors.size() > 20) {
                    md.append("\n(").append(clientErrorCount - 20).append(" more client errors in the JSON file.)\n");
                }
            }
            return md.toString();
        }

        /** One line for a log. */
        public String summary() {
            long seconds = startedAt == null
                    ? 0
                    : Duration.between(startedAt, stoppedAt != null ? stoppedAt : Instant.now())
                            .toSeconds();
            return String.format(
                    "chaos load: %d s, %d moves accepted, %d undos, %d games started, %d finished, %d webhook"
                            + " subscriptions, retried %s, %d client errors",
                    seconds,
                    movesAccepted,
                    movesTakenBack,
                    gamesStarted.size(),
                    gamesFinished.size(),
                    webhooks == null ? 0 : webhooks.size(),
                    retried,
                    clientErrorCount);
        }
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> opts = Options.parse(args, List.of("gateway", "games", "stop-file", "out"));
        ChaosLoad load = builder(List.of(opts.get("gateway").split(",")))
                .games(Integer.parseInt(opts.get("games")))
                .titles(List.of(
                        opts.getOrDefault("titles", "alhambra,carrara,builders").split(",")))
                .bot(opts.getOrDefault("bot", "random"))
                .patience(Duration.ofSeconds(Long.parseLong(opts.getOrDefault("patience", "120"))))
                .webhooks(opts.get("webhooks"))
                .build();
        Path stopFile = Path.of(opts.get("stop-file"));
        load.start();
        long lastReport = System.nanoTime();
        while (!Files.exists(stopFile)) {
            Thread.sleep(500);
            if (System.nanoTime() - lastReport > Duration.ofSeconds(30).toNanos()) {
                System.err.println(load.results().summary());
                lastReport = System.nanoTime();
            }
        }
        Results results = load.stop();
        Files.writeString(Path.of(opts.get("out")), results.toJson());
        System.out.println(results.summary());
    }
}
