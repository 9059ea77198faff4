package dev.tessera.game.carrara;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Arithmetic on immutable object-count maps. */
final class Counts {

    private Counts() {}

    /** {@code counts} with each of {@code kinds} added {@code sign} (+1 or -1) times. */
    static Map<ObjectKind, Integer> add(Map<ObjectKind, Integer> counts, List<ObjectKind> kinds, int sign) {
        Map<ObjectKind, Integer> result = new EnumMap<>(counts);
        for (ObjectKind kind : kinds) {
            int count = result.get(kind) + sign;
            if (count < 0) {
                throw new IllegalArgumentException("no " + kind.id() + " left");
            }
            result.put(kind, count);
        }
        return Map.copyOf(result);
    }

    static Map<ObjectKind, Integer> filled(int count) {
        Map<ObjectKind, Integer> result = new EnumMap<>(ObjectKind.class);
        for (ObjectKind kind : ObjectKind.values()) {
            result.put(kind, count);
        }
        return Map.copyOf(result);
    }

    /** Keyed by object id ("crown"), for events and views. */
    static Map<String, Integer> byId(Map<ObjectKind, Integer> counts) {
        Map<String, Integer> result = new LinkedHashMap<>();
        for (ObjectKind kind : ObjectKind.values()) {
            result.put(kind.id(), counts.get(kind));
        }
        return result;
    }
}
