package dev.tessera.game.alhambra;

import static dev.tessera.game.rules.RulesFixture.setup;

import java.util.Random;

/**
 * Plays random whole games (see {@link AlhambraPropertyTest#randomGames()}) single-threaded for a fixed time and
 * prints games per second. Not a test: run it as a command, e.g.
 * {@code java -cp <test-classpath> dev.tessera.game.alhambra.AlhambraPlayoutBenchmark 10 4}
 * (arguments: seconds, default 10; players, default 2–6 in turn).
 */
public final class AlhambraPlayoutBenchmark {
    private AlhambraPlayoutBenchmark() {}

    public static void main(String[] args) {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int fixedPlayers = args.length > 1 ? Integer.parseInt(args[1]) : 0;
        warmUp();
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        long started = System.nanoTime();
        int games = 0;
        long moves = 0;
        while (System.nanoTime() < deadline) {
            int players = fixedPlayers > 0 ? fixedPlayers : 2 + games % 5;
            long seed = 0xA1AB3AL + games;
            moves += AlhambraPropertyTest.randomGames()
                    .play(setup(players, seed), new Random(seed))
                    .moves();
            games++;
        }
        double elapsed = (System.nanoTime() - started) / 1e9;
        System.out.printf(
                "alhambra: %d random games (%s players) in %.1f s = %.1f games/s, %.0f moves/game, one thread%n",
                games, fixedPlayers > 0 ? fixedPlayers : "2-6", elapsed, games / elapsed, (double) moves / games);
    }

    private static void warmUp() {
        for (int i = 0; i < 50; i++) {
            AlhambraPropertyTest.randomGames().play(setup(2 + i % 5, -i), new Random(i));
        }
    }
}
