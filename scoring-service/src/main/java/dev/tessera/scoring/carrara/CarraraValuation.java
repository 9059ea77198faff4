package dev.tessera.scoring.carrara;

import static dev.tessera.scoring.standings.InputChecks.between;
import static dev.tessera.scoring.standings.InputChecks.required;
import static dev.tessera.scoring.standings.InputChecks.sized;

import dev.tessera.scoring.standings.InvalidInputException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Scores a Carrara valuation: every building valued pays its cost × the value of the city it stands in,
 * as VP or coins according to that city, and one object (the one on its tile) while the supply lasts.
 * A pure function.
 */
public final class CarraraValuation {

    /**
     * The board's cities, for calculator inputs that do not carry them (the game's events always do).
     * Lucca's 2 VP is inferred, see game-service/docs/carrara.md.
     */
    public static final List<ValuationInput.City> BOARD_CITIES = List.of(
            new ValuationInput.City("Livorno", 3, "vp"), new ValuationInput.City("Pisa", 3, "coins"),
            new ValuationInput.City("Lucca", 2, "vp"), new ValuationInput.City("Viareggio", 2, "coins"),
            new ValuationInput.City("Massa", 1, "vp"), new ValuationInput.City("Lerici", 1, "coins"));

    public static final Set<String> BUILDING_TYPES =
            Set.of("Biblioteca", "Cattedrale", "Palazzo", "Porta", "Castello", "Villa");

    /**
     * Bound of every number and of the buildings list: far above any real game (costs 1–5, city values
     * 1–3, six objects of a kind), and a thousand buildings paying 1,000 × 1,000 each still fit an int.
     */
    static final int MAX_VALUE = 1_000;

    private static final Set<String> KINDS = Set.of("type", "city");
    private static final Set<String> PAYOUTS = Set.of("vp", "coins");

    private CarraraValuation() {
    }

    /** @throws InvalidInputException naming the field that is missing, unknown or out of range */
    public static ValuationResult value(ValuationInput input) {
        required(input, "(input)");
        String kind = required(input.kind(), "kind");
        if (!KINDS.contains(kind)) {
            throw new InvalidInputException("kind", "must be \"type\" or \"city\", was \"" + kind + "\"");
        }
        String target = required(input.target(), "target");
        Map<String, ValuationInput.City> cities = cities(input.cities());
        if (kind.equals("type") ? !BUILDING_TYPES.contains(target) : !cities.containsKey(target)) {
            throw new InvalidInputException("target", "unknown " + kind + " \"" + target + "\"");
        }
        Map<String, Integer> objectsLeft = objectsLeft(input.objectsLeft());
        List<ValuationInput.Building> buildings = sized(input.buildings(), 0, MAX_VALUE, "buildings");

        int vp = 0;
        int coins = 0;
        int objects = 0;
        List<String> objectsTaken = new ArrayList<>();
        for (int i = 0; i < buildings.size(); i++) {
            String field = "buildings[" + i + "]";
            ValuationInput.Building building = buildings.get(i);
            ValuationInput.City city = cities.get(required(building.city(), field + ".city"));
            if (city == null) {
                throw new InvalidInputException(field + ".city", "unknown city \"" + building.city() + "\"");
            }
            if (!BUILDING_TYPES.contains(required(building.type(), field + ".type"))) {
                throw new InvalidInputException(field + ".type", "unknown building type \"" + building.type() + "\"");
            }
            int cost = between(building.cost(), 0, MAX_VALUE, field + ".cost");
            if (objectsLeft != null && !objectsLeft.containsKey(required(building.object(), field + ".object"))) {
                throw new InvalidInputException(field + ".object", "not in objectsLeft: \"" + building.object() + "\"");
            }
            if (!target.equals(kind.equals("type") ? building.type() : building.city())) {
                continue;
            }
            int reward = cost * city.value();
            if (city.payout().equals("vp")) {
                vp += reward;
            } else {
                coins += reward;
            }
            if (objectsLeft == null || objectsLeft.merge(building.object(), -1, Integer::sum) >= 0) {
                objects++;
                if (building.object() != null) {
                    objectsTaken.add(building.object());
                }
            }
        }
        return new ValuationResult(vp, coins, objects, objectsTaken);
    }

    private static Map<String, ValuationInput.City> cities(List<ValuationInput.City> given) {
        List<ValuationInput.City> list = given == null ? BOARD_CITIES : given;
        Map<String, ValuationInput.City> byName = new LinkedHashMap<>();
        for (int i = 0; i < list.size(); i++) {
            String field = "cities[" + i + "]";
            ValuationInput.City city = required(list.get(i), field);
            between(city.value(), 0, MAX_VALUE, field + ".value");
            if (!PAYOUTS.contains(required(city.payout(), field + ".payout"))) {
                throw new InvalidInputException(field + ".payout", "must be \"vp\" or \"coins\", was \"" + city.payout() + "\"");
            }
            if (byName.put(required(city.city(), field + ".city"), city) != null) {
                throw new InvalidInputException(field + ".city", "\"" + city.city() + "\" appears twice");
            }
        }
        return byName;
    }

    /** A mutable copy to count down, or null when the supply is unlimited. */
    private static Map<String, Integer> objectsLeft(Map<String, Integer> given) {
        if (given == null) {
            return null;
        }
        Map<String, Integer> left = new HashMap<>();
        given.forEach((object, count) -> left.put(object, between(count, 0, MAX_VALUE, "objectsLeft." + object)));
        return left;
    }
}
