package dev.tessera.game.carrara;

import dev.tessera.game.rules.GameSetup;
import java.util.Random;

/**
 * Plays random whole Carrara games single-threaded for a fixed time and prints games per second.
 * Valuations get random valid answers ({@link CarraraPropertyTest#answer}), standing in for the scoring service.
 * Usage: {@code CarraraPlayoutBenchmark [seconds=10] [players=3] [expansion=false]}
 */
public final class CarraraPlayoutBenchmark {

    private CarraraPlayoutBenchmark() {}

    public static void main(String[] args) {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int players = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        boolean expansion = args.length > 2 && Boolean.parseBoolean(args[2]);
        Random random = new Random(1);
        long warmUpEnd = System.nanoTime() + 2_000_000_000L;
        while (System.nanoTime() < warmUpEnd) {
            playOne(random, players, expansion);
        }
        long start = System.nanoTime();
        long end = start + seconds * 1_000_000_000L;
        int games = 0;
        long events = 0;
        while (System.nanoTime() < end) {
            events += playOne(random, players, expansion);
            games++;
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        System.out.printf(
                "carrara, %d players%s: %d games in %.1f s = %.0f games/s (%.0f events/s), one thread%n",
                players, expansion ? " with the expansion" : "", games, elapsed, games / elapsed, events / elapsed);
    }

    private static int playOne(Random random, int players, boolean expansion) {
        long seed = random.nextLong();
        GameSetup setup = expansion ? Crafted.expansionSetup(players, seed) : Crafted.setup(players, seed);
        return CarraraPropertyTest.randomGames(random.nextBoolean())
                .atMost(1500)
                .play(setup, random)
                .events()
                .size();
    }
}
