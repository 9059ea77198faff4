package dev.tessera.scoring.carrara;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;
import java.util.Map;

/**
 * One Carrara valuation to score. The game's {@code ValuationRequested} event reads as this input
 * (its extra fields are ignored); the public calculator may leave out {@code cities} (the board's
 * values are used) and {@code objectsLeft} (the supply is then unlimited).
 *
 * @param kind        "type" or "city"
 * @param target      the building type ("Palazzo") or city ("Pisa") valued
 * @param buildings   the player's buildings; only those of the target type / in the target city count
 * @param cities      value and pay-out per city, or null for the board's
 * @param objectsLeft objects left in the supply by object, or null for an unlimited supply
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ValuationInput(String kind, String target, List<Building> buildings, List<City> cities,
                             Map<String, Integer> objectsLeft) {

    /** @param object the object shown on the tile, e.g. "crown"; optional without {@code objectsLeft} */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Building(String city, String type, Integer cost, String object) {
    }

    /** @param payout "vp" or "coins" */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record City(String city, Integer value, String payout) {
    }
}
