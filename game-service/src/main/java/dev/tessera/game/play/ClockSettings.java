package dev.tessera.game.play;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * A game's clock, from the table options recorded in {@code GameStarted.options} (the lobby validates and
 * fills them for new tables): {@code clock=realtime} with {@code turnSeconds}, or {@code clock=turn-based}
 * with {@code moveHours}. Without a {@code clock} key (older games, tests) the game has no clock. The grace
 * period after a timeout is one more turn length.
 */
public final class ClockSettings {
    public static final String CLOCK = "clock";
    public static final String REALTIME = "realtime";
    public static final String TURN_BASED = "turn-based";
    public static final String TURN_SECONDS = "turnSeconds";
    public static final String MOVE_HOURS = "moveHours";

    private ClockSettings() {
    }

    /** How long the player to act has for their next move; empty when the game has no clock (or an unreadable one). */
    public static Optional<Duration> turnLength(Map<String, String> options) {
        if (options == null || options.get(CLOCK) == null) {
            return Optional.empty();
        }
        return switch (options.get(CLOCK)) {
            case REALTIME -> positive(options.get(TURN_SECONDS)).map(Duration::ofSeconds);
            case TURN_BASED -> positive(options.get(MOVE_HOURS)).map(Duration::ofHours);
            default -> Optional.empty();
        };
    }

    private static Optional<Long> positive(String value) {
        if (value == null) {
            return Optional.empty();
        }
        try {
            long n = Long.parseLong(value.trim());
            return n > 0 ? Optional.of(n) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
