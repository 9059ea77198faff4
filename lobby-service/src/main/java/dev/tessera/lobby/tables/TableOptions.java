package dev.tessera.lobby.tables;

import dev.tessera.events.Games;
import dev.tessera.events.lobby.ClockOptions;
import dev.tessera.events.lobby.TitleOptions;
import dev.tessera.kit.problem.ProblemException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A table's options, checked against what its title takes and made explicit: whatever the host left out
 * gets its default, so that {@code TableOpened} and {@code TableStarted} (and from them game-service, which
 * enforces the clock and sets up the game) carry every setting. Quick play checks its options here too.
 * <p>
 * Every title takes the clock:
 * <ul>
 *   <li>{@code clock}: {@code realtime} or {@code turn-based} (default).</li>
 *   <li>realtime: {@code turnSeconds}, 5..3600 seconds per turn, default 120.</li>
 *   <li>turn-based: {@code moveHours}, 1..720 hours per move, default 72.</li>
 * </ul>
 * and some take options of their own ({@link #OWN}): Carrara {@code expansion}, {@code "true"} or
 * {@code "false"} (default), the basic game or the game with its expansion.
 * <p>
 * Any other key (an option of another title included), a key of the other clock, or a bad value is a 400
 * naming {@code options.<key>}.
 */
public final class TableOptions {
    private static final String CLOCK = ClockOptions.CLOCK;
    private static final String REALTIME = ClockOptions.REALTIME;
    private static final String TURN_BASED = ClockOptions.TURN_BASED;
    private static final String TURN_SECONDS = ClockOptions.TURN_SECONDS;
    private static final String MOVE_HOURS = ClockOptions.MOVE_HOURS;

    /** Carrara: {@code "true"} plays with the expansion, {@code "false"} the basic game. */
    public static final String EXPANSION = TitleOptions.EXPANSION;

    private record Limit(String key, int min, int max, int fallback, String unit) {}

    private static final Limit TURN = new Limit(TURN_SECONDS, 5, 3600, 120, "seconds");
    private static final Limit MOVE = new Limit(MOVE_HOURS, 1, 720, 72, "hours");

    /** An option that is on ({@code "true"}) or off ({@code "false"}, its default). */
    private record Flag(String key) {}

    /**
     * The options each title takes besides the clock, by title id: the one place that says which table
     * takes what. A title must be listed, even with none, so that adding one to {@link Games} is a decision here.
     */
    private static final Map<String, List<Flag>> OWN = Map.of(
            "alhambra", List.of(),
            "carrara", List.of(new Flag(EXPANSION)),
            "builders", List.of());

    private TableOptions() {}

    /** The defaults of a title's table: a turn-based clock of 72 hours per move, and its own options off. */
    public static Map<String, String> defaults(Games.Title title) {
        return normalise(title, Map.of());
    }

    /**
     * The options as stored and published: checked against what {@code title} takes, with every default
     * filled in, numbers written plainly ({@code "060"} becomes {@code "60"}). {@code options} may be null
     * (all defaults).
     *
     * @throws ProblemException 400 naming {@code options.<key>}
     */
    public static Map<String, String> normalise(Games.Title title, Map<String, String> options) {
        List<Flag> own = own(title);
        Map<String, String> given = options == null ? Map.of() : options;
        Set<String> keys = Stream.concat(
                        Stream.of(CLOCK, TURN_SECONDS, MOVE_HOURS), own.stream().map(Flag::key))
                .collect(Collectors.toSet());
        for (Map.Entry<String, String> e : new TreeMap<>(given).entrySet()) {
            if (!keys.contains(e.getKey())) {
                throw unknown(title, own, e.getKey());
            }
            if (e.getValue() == null || e.getValue().isBlank()) {
                throw bad(e.getKey(), "option " + e.getKey() + " needs a value");
            }
        }
        String clock = given.getOrDefault(CLOCK, TURN_BASED);
        if (!clock.equals(REALTIME) && !clock.equals(TURN_BASED)) {
            throw bad(CLOCK, "clock is " + REALTIME + " or " + TURN_BASED + ", not '" + clock + "'");
        }
        Limit ownClock = clock.equals(REALTIME) ? TURN : MOVE;
        Limit other = ownClock == TURN ? MOVE : TURN;
        if (given.containsKey(other.key())) {
            throw bad(
                    other.key(),
                    other.key() + " belongs to the other clock; a " + clock + " clock takes " + ownClock.key());
        }
        Map<String, String> normal = new TreeMap<>();
        normal.put(CLOCK, clock);
        normal.put(ownClock.key(), String.valueOf(number(ownClock, given.get(ownClock.key()))));
        for (Flag flag : own) {
            normal.put(flag.key(), flag(flag, given.get(flag.key())));
        }
        return normal;
    }

    private static List<Flag> own(Games.Title title) {
        List<Flag> own = OWN.get(title.id());
        if (own == null) {
            throw new IllegalStateException("TableOptions.OWN does not list " + title.id() + "'s options");
        }
        return own;
    }

    /** An option no table of this title takes; when another title's tables take it, the detail says so. */
    private static ProblemException unknown(Games.Title title, List<Flag> own, String key) {
        List<String> takers = Games.ALL.stream()
                .filter(t -> OWN.getOrDefault(t.id(), List.of()).stream()
                        .anyMatch(f -> f.key().equals(key)))
                .map(Games.Title::name)
                .toList();
        if (!takers.isEmpty()) {
            return bad(
                    key,
                    title.name() + " has no " + key + "; only " + String.join(" and ", takers) + " tables take " + key);
        }
        String ownKeys = own.stream().map(f -> ", " + f.key()).collect(Collectors.joining());
        return bad(
                key,
                "unknown option '" + key + "'; a " + title.name() + " table takes " + CLOCK + ", " + TURN_SECONDS
                        + " (realtime), " + MOVE_HOURS + " (turn-based)" + ownKeys);
    }

    /** Exactly {@code "true"} or {@code "false"}: game-service reads {@code "true".equals(...)}, so nothing in between. */
    private static String flag(Flag flag, String value) {
        if (value == null) {
            return "false";
        }
        if (!value.equals("true") && !value.equals("false")) {
            throw bad(flag.key(), flag.key() + " is \"true\" or \"false\", not '" + value + "'");
        }
        return value;
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
            throw bad(
                    limit.key(),
                    limit.key() + " is " + limit.min() + " to " + limit.max() + " " + limit.unit() + ", not " + n);
        }
        return n;
    }

    private static ProblemException bad(String key, String detail) {
        return ProblemException.badField("options." + key, detail);
    }
}
