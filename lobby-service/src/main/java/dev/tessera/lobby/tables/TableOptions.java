package dev.tessera.lobby.tables;

import dev.tessera.events.lobby.ClockOptions;
import dev.tessera.kit.problem.ProblemException;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A table's options, checked and made explicit: whatever the host left out gets its default, so that
 * {@code TableOpened} and {@code TableStarted} (and from them game-service, which enforces the clock)
 * carry the full clock settings. None of the rules engines reads an option today, so the clock is all
 * a table can set.
 * <ul>
 *   <li>{@code clock}: {@code realtime} or {@code turn-based} (default).</li>
 *   <li>realtime: {@code turnSeconds}, 5..3600 seconds per turn, default 120.</li>
 *   <li>turn-based: {@code moveHours}, 1..720 hours per move, default 72.</li>
 * </ul>
 * Any other key, a key of the other clock, or a value out of range is a 400 naming {@code options.<key>}.
 */
public final class TableOptions {
    private static final String CLOCK = ClockOptions.CLOCK;
    private static final String REALTIME = ClockOptions.REALTIME;
    private static final String TURN_BASED = ClockOptions.TURN_BASED;
    private static final String TURN_SECONDS = ClockOptions.TURN_SECONDS;
    private static final String MOVE_HOURS = ClockOptions.MOVE_HOURS;

    private static final Set<String> KEYS = Set.of(CLOCK, TURN_SECONDS, MOVE_HOURS);

    private record Limit(String key, int min, int max, int fallback, String unit) {
    }

    private static final Limit TURN = new Limit(TURN_SECONDS, 5, 3600, 120, "seconds");
    private static final Limit MOVE = new Limit(MOVE_HOURS, 1, 720, 72, "hours");

    private TableOptions() {
    }

    /** The defaults: a turn-based clock of 72 hours per move. */
    public static Map<String, String> defaults() {
        return normalise(Map.of());
    }

    /**
     * The options as stored and published: checked, with every default filled in, numbers written
     * plainly ({@code "060"} becomes {@code "60"}). {@code options} may be null (all defaults).
     *
     * @throws ProblemException 400 naming {@code options.<key>}
     */
    public static Map<String, String> normalise(Map<String, String> options) {
        Map<String, String> given = options == null ? Map.of() : options;
        for (Map.Entry<String, String> e : new TreeMap<>(given).entrySet()) {
            if (!KEYS.contains(e.getKey())) {
                throw bad(e.getKey(), "unknown option '" + e.getKey() + "'; a table takes " + CLOCK + ", "
                        + TURN_SECONDS + " (realtime) or " + MOVE_HOURS + " (turn-based)");
            }
            if (e.getValue() == null || e.getValue().isBlank()) {
                throw bad(e.getKey(), "option " + e.getKey() + " needs a value");
            }
        }
        String clock = given.getOrDefault(CLOCK, TURN_BASED);
        if (!clock.equals(REALTIME) && !clock.equals(TURN_BASED)) {
            throw bad(CLOCK, "clock is " + REALTIME + " or " + TURN_BASED + ", not '" + clock + "'");
        }
        Limit own = clock.equals(REALTIME) ? TURN : MOVE;
        Limit other = own == TURN ? MOVE : TURN;
        if (given.containsKey(other.key())) {
            throw bad(other.key(), other.key() + " belongs to the other clock; a " + clock + " clock takes " + own.key());
        }
        Map<String, String> normal = new TreeMap<>();
        normal.put(CLOCK, clock);
        normal.put(own.key(), String.valueOf(number(own, given.get(own.key()))));
        return normal;
    }

    private static int number(Limit limit, String value) {
        if (value == null) {
            return limit.fallback();
        }
        String text = value.strip();
        if (!text.matches("[0-9]{1,9}")) {
            throw bad(limit.key(), limit.key() + " is a whole number of " + limit.unit() + ", not '" + value + "'");
        }
        int n = Integer.parseInt(text);
        if (n < limit.min() || n > limit.max()) {
            throw bad(limit.key(), limit.key() + " is " + limit.min() + " to " + limit.max() + " " + limit.unit()
                    + ", not " + n);
        }
        return n;
    }

    private static ProblemException bad(String key, String detail) {
        return ProblemException.badField("options." + key, detail);
    }
}
