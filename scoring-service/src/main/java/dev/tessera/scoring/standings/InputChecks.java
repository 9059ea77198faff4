package dev.tessera.scoring.standings;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** The checks every calculator's input needs, each throwing {@link InvalidInputException} for its field. */
public final class InputChecks {

    private InputChecks() {}

    public static <T> T required(T value, String path) {
        if (value == null) {
            throw new InvalidInputException(path, "is required");
        }
        return value;
    }

    public static int between(Integer value, int min, int max, String path) {
        int present = required(value, path);
        if (present < min || present > max) {
            throw new InvalidInputException(path, "must be between " + min + " and " + max + ", was " + present);
        }
        return present;
    }

    public static <T> List<T> sized(List<T> list, int min, int max, String path) {
        List<T> present = required(list, path);
        if (present.size() < min || present.size() > max) {
            throw new InvalidInputException(
                    path, "must hold " + min + " to " + max + " entries, held " + present.size());
        }
        for (int i = 0; i < present.size(); i++) {
            required(present.get(i), path + "[" + i + "]");
        }
        return present;
    }

    /** A player's label: not blank, and no control character (a NUL, a line break: nothing a client can show). */
    public static String id(String value, String path) {
        if (required(value, path).isBlank()) {
            throw new InvalidInputException(path, "must not be blank");
        }
        for (int i = 0; i < value.length(); i++) {
            if (Character.isISOControl(value.charAt(i))) {
                throw new InvalidInputException(
                        path, "must not contain control characters (U+%04X at %d)".formatted((int) value.charAt(i), i));
            }
        }
        return value;
    }

    /** Rejects the second of two entries with the same id, naming {@code listPath[i].id}. */
    public static <T> void uniqueIds(List<T> entries, Function<T, String> id, String listPath) {
        Map<String, Integer> firstIndex = new HashMap<>();
        for (int i = 0; i < entries.size(); i++) {
            Integer earlier = firstIndex.putIfAbsent(id.apply(entries.get(i)), i);
            if (earlier != null) {
                throw new InvalidInputException(
                        listPath + "[" + i + "].id", "duplicates the id of " + listPath + "[" + earlier + "]");
            }
        }
    }
}
