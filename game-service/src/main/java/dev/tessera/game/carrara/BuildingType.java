package dev.tessera.game.carrara;

import com.fasterxml.jackson.annotation.JsonValue;

/** The six building types; each exists once with every cost 1 to 5. */
public enum BuildingType {
    BIBLIOTECA("Biblioteca"),
    CATTEDRALE("Cattedrale"),
    PALAZZO("Palazzo"),
    PORTA("Porta"),
    CASTELLO("Castello"),
    VILLA("Villa");

    private final String id;

    BuildingType(String id) {
        this.id = id;
    }

    @JsonValue
    public String id() {
        return id;
    }

    public static BuildingType of(String id) {
        for (BuildingType type : values()) {
            if (type.id.equals(id)) {
                return type;
            }
        }
        throw new IllegalArgumentException("unknown building type " + id);
    }
}
