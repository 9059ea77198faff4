package dev.tessera.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A deployment's smoke test, as a player sees it (deploy/compose-smoke runs it): one whole game of each title,
 * played at once by the random bots through one gateway, each to its final standings. A 503 or a refused
 * connection (a service restarting) is ridden out within the patience, as the chaos load does.
 *
 * <pre>Smoke --gateway URL [--titles alhambra,carrara,builders] [--patience SECONDS] [--calculations N]
 *       [--hold-at MOVES --hold-file FILE]</pre>
 * With {@code --hold-at}, the first title's game stops after that many accepted moves, writes its id to FILE and
 * waits until FILE is gone before it goes on: the caller breaks something in the middle of a game (kills
 * game-service), removes the file, and the game must still end. With {@code --calculations}, that many public
 * scoring calculations (a Carrara valuation) follow the games, one every 250 ms, for a caller that checks every
 * scoring-service instance took some. Prints one line per game ({@code ended <title> <game> <moves> moves}) and exits 0 only when
 * every game ended with its final standings and every calculation answered 200.
 */
public final class Smoke {
    private static final String VALUATION = "{\"kind\": \"type\", \"target\": \"Palazzo\", \"buildings\": ["
            + "{\"city\": \"Livorno\", \"type\": \"Palazzo\", \"cost\": 3}, {\"city\": \"Pisa\", \"type\": \"Palazzo\", \"cost\": 1}]}";

    private static final Duration CALCULATION_SPACING = Duration.ofMillis(250);

    private Smoke() {}

    private static void sleep(Duration pause) {
        try {
            Thread.sleep(pause.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted");
        }
    }

    public static void main(String[] args) throws Exception {
        String gateway = null;
        List<String> titles = List.of("alhambra", "carrara", "builders");
        Duration patience = Duration.ofSeconds(180);
        int holdAt = -1;
        Path holdFile = null;
        int calculations = 0;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--gateway" -> gateway = args[i + 1];
                case "--titles" -> titles = List.of(args[i + 1].split(","));
                case "--patience" -> patience = Duration.ofSeconds(Long.parseLong(args[i + 1]));
                case "--hold-at" -> holdAt = Integer.parseInt(args[i + 1]);
                case "--hold-file" -> holdFile = Path.of(args[i + 1]);
                case "--calculations" -> calculations = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (gateway == null || args.length % 2 != 0 || (holdAt >= 0) != (holdFile != null)) {
            System.err.println("usage: Smoke --gateway URL [--titles t1,t2] [--patience S] [--calculations N]"
                    + " [--hold-at MOVES --hold-file FILE]");
            System.exit(2);
        }
        Api api = new Api(List.of(gateway), patience);
        String run = Long.toString(System.currentTimeMillis(), 36);
        ExecutorService pool = Executors.newFixedThreadPool(titles.size());
        List<Future<String>> games = new ArrayList<>();
        for (int t = 0; t < titles.size(); t++) {
            String title = titles.get(t);
            int hold = t == 0 ? holdAt : -1;
            Path file = holdFile;
            Duration p = patience;
            long seed = t;
            games.add(pool.submit(() -> play(api, title, run, seed, p, hold, file)));
        }
        boolean ok = true;
        for (Future<String> f : games) {
            try {
                System.out.println(f.get());
            } catch (java.util.concurrent.ExecutionException e) {
                System.out.println("failed: " + e.getCause().getMessage());
                ok = false;
            }
        }
        pool.shutdown();
        for (int i = 0; i < calculations; i++) {
            if (i > 0) {
                // Spread over more than the gateway's DNS look-up period (UPSTREAM_DNS_REFRESH, 5 s), as real traffic
                // is: an instance that joined since the last look-up, or a look-up that went unanswered, is in the
                // next one, and every instance of a scaled service gets some.
                sleep(CALCULATION_SPACING);
            }
            Api.Answer a = api.post("/api/v1/calculators/carrara/valuation", Api.JSON.readTree(VALUATION), null);
            if (a.status() != 200) {
                System.out.println("failed: a valuation answered " + a.status() + " " + a.excerpt());
                ok = false;
                break;
            }
        }
        if (calculations > 0 && ok) {
            System.out.println("calculations " + calculations + " answered 200");
        }
        System.exit(ok ? 0 : 1);
    }

    private static String play(
            Api api, String title, String run, long seed, Duration patience, int holdAt, Path holdFile) {
        List<Api.Player> players = new ArrayList<>();
        for (int s = 0; s < GamePlay.seats(title); s++) {
            players.add(api.signUp("smoke-" + run + "-" + title + "-" + s));
        }
        GamePlay game = new GamePlay(api, Bots.named("random"), title, players, new Random(seed), patience, patience);
        String gameId = game.start();
        int[] moves = {0};
        boolean over = game.play(() -> true, new GamePlay.Listener() {
            @Override
            public void accepted(Api.Answer answer) {
                if (++moves[0] == holdAt) {
                    hold(holdFile, gameId, patience);
                }
            }

            @Override
            public void unexpected(String what, Api.Answer answer) {
                throw new GamePlay.Failed(title + ": " + what, answer);
            }
        });
        if (!over || !game.ended()) {
            throw new GamePlay.Failed(
                    title + ": game " + gameId + " is over but its final standings did not come", null);
        }
        JsonNode view =
                api.get("/api/v1/games/" + gameId, players.get(0).token()).body();
        return "ended " + title + " " + gameId + " " + moves[0] + " moves, version "
                + view.path("version").asLong();
    }

    /** Writes the game's id to the file and waits, within the patience, until the caller has removed it. */
    private static void hold(Path file, String gameId, Duration patience) {
        try {
            Files.writeString(file, gameId + "\n");
            long deadline = System.nanoTime() + patience.toNanos();
            while (Files.exists(file)) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(
                            "held game " + gameId + ": " + file + " still there after " + patience.toSeconds() + " s");
                }
                Thread.sleep(100);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while held");
        }
    }
}
