package dev.tessera.game.carrara;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** The six wooden objects; scoring a building gives the one shown on its tile. */
public enum ObjectKind {
    GATE,
    CROWN,
    COAT_OF_ARMS,
    BOOK,
    FLAG,
    CUP;

    @JsonValue
    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static ObjectKind of(String id) {
        return valueOf(id.toUpperCase(Locale.ROOT).replace('-', '_'));
    }
}
