package dev.tessera.game.builders;

import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.game.rules.AnyTitle;
import java.util.Random;

/**
 * Plays random whole games ({@link BuildersPropertyTest#randomGames()}, 2, 3 and 4 players in turn) on one thread
 * for a fixed time and prints games per second. A command, not a test:
 * {@code java ... BuildersPlayoutBenchmark [seconds, default 10]}.
 */
public final class BuildersPlayoutBenchmark {

    private BuildersPlayoutBenchmark() {}

    public static void main(String[] args) {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 10;
        AnyTitle.Playout<BuildersState, BuildersMove, BuildersEvent> playout = BuildersPropertyTest.randomGames();
        Random random = new Random(1);
        long warmUpEnd = System.nanoTime() + 2_000_000_000L;
        while (System.nanoTime() < warmUpEnd) {
            playout.play(Crafted.setup(2 + random.nextInt(3), random.nextLong()), random);
        }
        long games = 0;
        long moves = 0;
        long start = System.nanoTime();
        long end = start + (long) (seconds * 1e9);
        while (System.nanoTime() < end) {
            var game = playout.play(Crafted.setup(2 + (int) (games % 3), random.nextLong()), random);
            games++;
            moves += game.moves();
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        System.out.printf(
                "The Builders random playouts: %d games in %.1f s = %.0f games/s (%.0f moves/s), "
                        + "one thread, 2-4 players%n",
                games, elapsed, games / elapsed, moves / elapsed);
    }
}
