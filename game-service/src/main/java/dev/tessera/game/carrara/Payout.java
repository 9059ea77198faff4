package dev.tessera.game.carrara;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** What a city's valuation pays: victory points or coins. */
public enum Payout {
    VP,
    COINS;

    @JsonValue
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
