package dev.tessera.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * How fast a past position answers (issue 37: a view at any version of a 500-event game in at most 50 ms): one whole
 * game of a title played by the random bots through the gateway, then {@code GET /api/v1/games/{id}?at=N} as its first
 * player for versions spread over the whole game, in random order, each timed from the request to the last byte of the
 * answer. Prints a Markdown report on standard output.
 *
 * <pre>PastViews --gateway URL [--title alhambra] [--reads 300] [--seed 1]</pre>
 *
 * Game-service keeps the game's latest state in memory and a snapshot every 50 events, so a version below the latest
 * snapshot is folded from the game's first event: the slowest case, and the usual one here.
 */
public final class PastViews {
    private PastViews() {}

    public static void main(String[] args) {
        String gateway = null;
        String title = "alhambra";
        int reads = 300;
        long seed = 1;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--gateway" -> gateway = args[i + 1];
                case "--title" -> title = args[i + 1];
                case "--reads" -> reads = Integer.parseInt(args[i + 1]);
                case "--seed" -> seed = Long.parseLong(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        if (gateway == null) {
            System.err.println("usage: PastViews --gateway URL [--title alhambra] [--reads 300] [--seed 1]");
            System.exit(2);
        }
        Api api = new Api(gateway);
        String run = Long.toString(System.currentTimeMillis(), 36);
        List<Api.Player> players = new ArrayList<>();
        for (int s = 0; s < GamePlay.seats(title); s++) {
            players.add(api.signUp("past-" + run + "-" + s));
        }
        Duration patience = Duration.ofSeconds(60);
        GamePlay game = new GamePlay(api, Bots.named("random"), title, players, new Random(seed), patience, patience);
        String gameId = game.start();
        game.play(() -> true, new GamePlay.Listener() {
            @Override
            public void unexpected(String what, Api.Answer answer) {
                throw new GamePlay.Failed(what, answer);
            }
        });
        String path = "/api/v1/games/" + gameId;
        long last = api.get(path, players.get(0).token()).body().path("version").asLong();
        Random random = new Random(seed);
        List<Long> versions = new ArrayList<>();
        for (int i = 0; i < reads; i++) {
            versions.add(1 + (long) (random.nextDouble() * last));
        }
        // Warm-up: the code paths compiled, as they are on a platform that has served a while.
        for (int i = 0; i < Math.min(50, reads); i++) {
            api.get(path + "?at=" + versions.get(i), players.get(0).token());
        }
        List<Double> millis = new ArrayList<>();
        for (long v : versions) {
            Api.Answer a = api.get(path + "?at=" + v, players.get(0).token());
            if (a.status() != 200 || a.body().path("version").asLong() != v) {
                throw new GamePlay.Failed("a view at " + v, a);
            }
            millis.add(a.nanos() / 1e6);
        }
        Collections.sort(millis);
        System.out.printf(
                "A %s game of %d events (%s), %d views at random versions after %d to warm up%n%n",
                title, last, gameId, reads, Math.min(50, reads));
        System.out.println("| p50 (ms) | p90 (ms) | p99 (ms) | max (ms) |");
        System.out.println("|---|---|---|---|");
        System.out.printf(
                "| %.1f | %.1f | %.1f | %.1f |%n%n",
                at(millis, 0.5), at(millis, 0.9), at(millis, 0.99), millis.get(millis.size() - 1));
        System.out.printf(
                "Goal (issue 37): at most 50 ms at any version: %s.%n",
                at(millis, 0.99) <= 50 ? "met (p99)" : "not met (p99)");
    }

    private static double at(List<Double> sorted, double quantile) {
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(quantile * sorted.size()) - 1));
    }
}
