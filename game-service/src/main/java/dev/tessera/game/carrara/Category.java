package dev.tessera.game.carrara;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** City buildings have orange backs, land buildings green. */
public enum Category {
    CITY,
    LAND;

    @JsonValue
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Category of(String id) {
        return valueOf(id.toUpperCase(Locale.ROOT));
    }
}
