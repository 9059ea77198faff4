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
 * Scores a Carrara valuation: every building valued pays its cost × the value of the city it stands in (plus
 * the bonus of the player's upgrade tiles, expansion), as VP or coins according to that city, and one object (the
 * one on its tile) while the supply lasts. A valuation by category (expansion) pays the same sums in the
 * category's currency, coins for city buildings and VP for land buildings, and no object. A pure function.
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

    /** The building types and the category of each: city buildings (orange) and land buildings (green). */
    public static final Map<String, String> CATEGORY_OF_TYPE = Map.of(
            "Biblioteca",
            "city",
            "Cattedrale",
            "city",
            "Palazzo",
            "city",
            "Porta",
            "city",
            "Castello",
            "land",
            "Villa",
            "land");

    public static final Set<String> BUILDING_TYPES = CATEGORY_OF_TYPE.keySet();
    /** What a category's valuation pays in (expansion). */
    private static final Map<String, String> CATEGORY_PAYOUT = Map.of("city", "coins", "land", "vp");

    /**
     * Bound of every number and of the buildings list: far above any real game (costs 1–5, city values
     * 1–3, six objects of a kind), and a thousand buildings paying 1,000 × 1,000 each still fit an int.
     */
    static final int MAX_VALUE = 1_000;

    private static final Set<String> KINDS = Set.of("type", "city", "category");
    private static final Set<String> PAYOUTS = Set.of("vp", "coins");

    private CarraraValuation() {}

    /** @throws InvalidInputException naming the field that is missing, unknown or out of range */
    public static ValuationResult value(ValuationInput input) {
        required(input, "(input)");
        String kind = required(input.kind(), "kind");
        if (!KINDS.contains(kind)) {
            throw new InvalidInputException("kind", "must be \"type\", \"city\" or \"category\", was \"" + kind + "\"");
        }
        String target = required(input.target(), "target");
        Map<String, ValuationInput.City> cities = cities(input.cities());
        boolean known = switch (kind) {
            case "type" -> BUILDING_TYPES.contains(target);
            case "city" -> cities.containsKey(target);
            default -> CATEGORY_PAYOUT.containsKey(target);
        };
        if (!known) {
            throw new InvalidInputException(
                    "target",
                    "unknown " + kind + " \"" + target + "\""
                            + (kind.equals("category") ? " (\"city\" or \"land\")" : ""));
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
            int bonus = building.bonus() == null ? 0 : between(building.bonus(), 0, MAX_VALUE, field + ".bonus");
            if (objectsLeft != null && !objectsLeft.containsKey(required(building.object(), field + ".object"))) {
                throw new InvalidInputException(field + ".object", "not in objectsLeft: \"" + building.object() + "\"");
            }
            String valued = switch (kind) {
                case "type" -> building.type();
                case "city" -> building.city();
                default -> CATEGORY_OF_TYPE.get(building.type());
            };
            if (!target.equals(valued)) {
                continue;
            }
            // ASSUMPTION (expansion): the help pages only say that a category valuation "adds up" the category's
            // buildings; we add the same cost × city value as the other valuations (game-service/docs/carrara.md).
            int reward = cost * (city.value() + bonus);
            String payout = kind.equals("category") ? CATEGORY_PAYOUT.get(target) : city.payout();
            if (payout.equals("vp")) {
                vp += reward;
            } else {
                coins += reward;
            }
            if (kind.equals("category")) {
                continue; // a category valuation gives no objects
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
                throw new InvalidInputException(
                        field + ".payout", "must be \"vp\" or \"coins\", was \"" + city.payout() + "\"");
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
