package dev.tessera.game.alhambra;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The four currencies, in the order of the building market spaces (space 1 … 4 on Board Game Arena).
 * JSON names are the card colours.
 */
public enum Currency {
    /** Couronne on BGA, florin in the English rulebook. */
    YELLOW,
    /** Dirham. */
    GREEN,
    /** Dinar (denar). */
    BLUE,
    /** Ducat. */
    ORANGE;

    @JsonValue
    public String code() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public String toString() {
        return code();
    }
}
