package dev.tessera.game.carrara;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Marble colours, from most to least expensive. */
public enum Stone {
    WHITE,
    YELLOW,
    RED,
    GREEN,
    BLUE,
    BLACK;

    private static final Stone[] ALL = values();

    @JsonValue
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Stone of(String id) {
        return valueOf(id.toUpperCase(Locale.ROOT));
    }

    static Stone at(int ordinal) {
        return ALL[ordinal];
    }
}
