package dev.tessera.game.play;

import java.util.List;
import java.util.Random;

/**
 * The server-side bot that plays a seat whose player timed out: a uniformly random legal move, drawn with
 * a {@link java.util.Random} seeded from the game's seed and the stream version it moves at. The same
 * stream therefore always gets the same bot move (a game can be replayed), and two instances of the
 * service that both tried would pick the same one.
 */
public final class RandomBot {
    /** The bot's name in {@code SeatTakenByBot.bot}. */
    public static final String NAME = "random";

    private RandomBot() {}

    /** One of {@code legal} (never empty), chosen from {@code seed} and {@code version} alone. */
    public static <M> M pick(List<M> legal, long seed, long version) {
        if (legal.isEmpty()) {
            throw new IllegalArgumentException("a bot needs at least one legal move");
        }
        return legal.get(random(seed, version).nextInt(legal.size()));
    }

    /**
     * java.util.Random scrambles its seed only lightly, so neighbouring seeds (versions 7 and 8 of a game)
     * would give related first draws; both parts go through SplitMix64's finaliser first.
     */
    static Random random(long seed, long version) {
        return new Random(mix(seed ^ mix(version + 0x9E3779B97F4A7C15L)));
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
