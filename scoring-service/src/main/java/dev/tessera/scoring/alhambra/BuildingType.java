package dev.tessera.scoring.alhambra;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Arrays;
import java.util.Optional;

/** The six Alhambra building types in scoring-table order, with how many tiles of each the game has (game-service/docs/alhambra.md). */
public enum BuildingType {
    @JsonProperty("pavilion")
    PAVILION("pavilion", 7),
    @JsonProperty("seraglio")
    SERAGLIO("seraglio", 7),
    @JsonProperty("arcades")
    ARCADES("arcades", 9),
    @JsonProperty("chambers")
    CHAMBERS("chambers", 9),
    @JsonProperty("garden")
    GARDEN("garden", 11),
    @JsonProperty("tower")
    TOWER("tower", 11);

    private final String jsonName;
    private final int tileCount;

    BuildingType(String jsonName, int tileCount) {
        this.jsonName = jsonName;
        this.tileCount = tileCount;
    }

    public String jsonName() {
        return jsonName;
    }

    /** Tiles of this type in the whole game: no player can hold more. */
    public int tileCount() {
        return tileCount;
    }

    public static Optional<BuildingType> fromJsonName(String name) {
        return Arrays.stream(values())
                .filter(type -> type.jsonName.equals(name))
                .findFirst();
    }
}
