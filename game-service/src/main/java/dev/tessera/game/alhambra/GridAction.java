package dev.tessera.game.alhambra;

import com.fasterxml.jackson.annotation.JsonValue;

/** What {@link AlhambraGrid#check} is asked about: placing a tile, removing one, or swapping one in place. */
public enum GridAction {
    PLACE,
    REMOVE,
    SWAP;

    @JsonValue
    public String code() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public String toString() {
        return code();
    }
}
