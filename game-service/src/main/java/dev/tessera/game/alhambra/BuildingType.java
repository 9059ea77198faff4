package dev.tessera.game.alhambra;

import com.fasterxml.jackson.annotation.JsonValue;

/** The six building types; scoring ranks players per type. */
public enum BuildingType {
    PAVILION,
    SERAGLIO,
    ARCADES,
    CHAMBERS,
    GARDEN,
    TOWER;

    @JsonValue
    public String code() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public String toString() {
        return code();
    }
}
