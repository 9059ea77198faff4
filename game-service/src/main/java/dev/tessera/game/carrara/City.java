package dev.tessera.game.carrara;

import com.fasterxml.jackson.annotation.JsonValue;

/** The six cities of a player board, from the one accepting only white stones to the one accepting all. */
public enum City {
    LIVORNO("Livorno"),
    PISA("Pisa"),
    LUCCA("Lucca"),
    VIAREGGIO("Viareggio"),
    MASSA("Massa"),
    LERICI("Lerici");

    private final String id;

    City(String id) {
        this.id = id;
    }

    @JsonValue
    public String id() {
        return id;
    }

    public static City of(String id) {
        for (City city : values()) {
            if (city.id.equals(id)) {
                return city;
            }
        }
        throw new IllegalArgumentException("unknown city " + id);
    }
}
