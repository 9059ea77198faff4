package dev.tessera.scoring.carrara;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;
import java.util.Map;

/**
 * One Carrara valuation to score. The game's {@code ValuationRequested} event reads as this input
 * (its extra fields are ignored); the public calculator may leave out {@code cities} (the board's
 * values are used) and {@code objectsLeft} (the supply is then unlimited).
 *
 * @param kind        "type", "city" or (expansion) "category"
 * @param target      the building type ("Palazzo"), city ("Pisa") or category ("city", "land") valued
 * @param buildings   the player's buildings; only those of the target type / in the target city / of the target
 *                    category count
 * @param cities      value and pay-out per city, or null for the board's
 * @param objectsLeft objects left in the supply by object, or null for an unlimited supply
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ValuationInput(
        String kind, String target, List<Building> buildings, List<City> cities, Map<String, Integer> objectsLeft) {

    /**
     * @param object the object shown on the tile, e.g. "crown"; optional without {@code objectsLeft}
     * @param bonus  what the player's upgrade tiles (expansion) add to its city's value; optional, 0 when absent
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Building(String city, String type, Integer cost, String object, Integer bonus) {}

    /** @param payout "vp" or "coins" */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record City(String city, Integer value, String payout) {}
}
