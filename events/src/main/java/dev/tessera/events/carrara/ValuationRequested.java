package dev.tessera.events.carrara;

import dev.tessera.events.AwaitsAnswer;
import dev.tessera.events.EventType;
import java.util.List;
import java.util.Map;

/**
 * A player used a valuation marker; the game waits for the scoring service's {@link ValuationScored}.
 * Carries everything the valuation needs, so the scorer needs no Carrara catalogue: its JSON is a valid
 * input of the scoring service's Carrara valuation calculator.
 *
 * @param valuation   number of this valuation in the game (1, 2, ...); {@link ValuationScored} answers it
 * @param kind        "type", "city" or (expansion) "category"
 * @param target      the building type (e.g. "Palazzo"), the city (e.g. "Pisa") or the category ("city" for the
 *                    orange buildings, paid in coins; "land" for the green ones, paid in VP) valued
 * @param buildings   each of the player's buildings valued
 * @param cities      value and pay-out of every city a valued building stands in
 * @param objectsLeft objects left in the general supply, by object
 */
@EventType(value = "tessera.carrara.ValuationRequested", version = 2)
public record ValuationRequested(
        int valuation,
        String player,
        String kind,
        String target,
        List<Building> buildings,
        List<City> cities,
        Map<String, Integer> objectsLeft)
        implements CarraraEvent, AwaitsAnswer {
    public ValuationRequested {
        buildings = List.copyOf(buildings);
        cities = List.copyOf(cities);
        objectsLeft = Map.copyOf(objectsLeft);
    }

    /**
     * A building valued: where it stands, its type, its cost and the object shown on it.
     *
     * @param bonus what the player's upgrade tiles (expansion) add to the value of the city for this building:
     *              it pays {@code cost × (value of its city + bonus)}; 0 without upgrade tiles
     */
    public record Building(String city, String type, int cost, String object, int bonus) {}

    /**
     * @param value  the city's multiplier
     * @param payout "vp" or "coins"
     */
    public record City(String city, int value, String payout) {}
}
