package dev.tessera.events.lobby;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * The clock in a table's options ({@code TableOpened}, {@code TableStarted} and {@code GameStarted} carry
 * them): {@code clock=realtime} with {@code turnSeconds}, or {@code clock=turn-based} with
 * {@code moveHours}. lobby-service checks and fills them; game-service enforces them.
 */
public final class ClockOptions {
    public static final String CLOCK = "clock";
    public static final String REALTIME = "realtime";
    public static final String TURN_BASED = "turn-based";
    public static final String TURN_SECONDS = "turnSeconds";
    public static final String MOVE_HOURS = "moveHours";

    private ClockOptions() {}

    /** How long a player has for a move; empty without a clock (older games) or with an unreadable one. */
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
