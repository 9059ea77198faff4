package dev.tessera.game.carrara;

import java.util.ArrayList;
import java.util.List;

/** Rule predicates and option enumerations shared by decide() and legalMoves(), so the two always agree. */
final class Rules {

    private Rules() {
    }

    /** The buy-stones action needs stones on the wheel or in the bag. */
    static boolean canRotate(CarraraState state) {
        return !state.bag().isEmpty() || !state.wheelStones().isEmpty();
    }

    /** Expansion: buying stones without turning the wheel needs stones on it (nothing is drawn). */
    static boolean canSkipRotation(CarraraState state) {
        return state.hasExpansion() && !state.wheelStones().isEmpty();
    }

    /** Any build, and with the expansion any cost-8 building or renovation. */
    static boolean canBuildAnything(CarraraState state, PlayerState player) {
        for (City city : City.values()) {
            int usable = acceptedStones(player.stones(), city).total();
            for (Tile tile : state.display()) {
                if (tile.cost() <= usable) {
                    return true;
                }
            }
            if (state.hasExpansion() && !state.expansion().largeBuildings().isEmpty() && CarraraData.LARGE_COST <= usable) {
                return true;
            }
        }
        return state.hasExpansion() && canRenovate(state, player);
    }

    static boolean canRenovate(CarraraState state, PlayerState player) {
        for (Building old : player.buildings()) {
            int usable = acceptedStones(player.stones(), old.city()).total();
            for (Tile tile : state.display()) {
                if (tile.cost() > old.cost() && CarraraData.renovationStones(old.cost(), tile.cost()) <= usable) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Expansion: each category once per player, like a type. */
    // ASSUMPTION: the help says "each category once per game", without "for all players" as it says for cities;
    // we read it as for types: once per player.
    static boolean canValueCategory(PlayerState player, Category category) {
        return hasMarker(player) && !player.categoriesValued().contains(category) && player.hasBuilt(category);
    }

    static boolean canValueType(PlayerState player, BuildingType type) {
        return hasMarker(player) && !player.typesValued().contains(type) && player.hasBuilt(type);
    }

    static boolean canValueCity(CarraraState state, PlayerState player, City city) {
        return hasMarker(player) && !state.citiesValued().containsKey(city)
                && player.buildingsIn(city) >= CarraraData.minBuildings(city);
    }

    static boolean hasMarker(PlayerState player) {
        return player.markersUsed() < CarraraData.VALUATION_MARKERS;
    }

    static boolean canValueAnything(CarraraState state, PlayerState player) {
        for (BuildingType type : BuildingType.values()) {
            if (canValueType(player, type)) {
                return true;
            }
        }
        for (City city : City.values()) {
            if (canValueCity(state, player, city)) {
                return true;
            }
        }
        if (state.hasExpansion()) {
            for (Category category : Category.values()) {
                if (canValueCategory(player, category)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The last resort of the action phase: no action at all is possible. */
    static boolean mustTakeCoinsInsteadOfAction(CarraraState state, PlayerState player) {
        return !canRotate(state) && !canBuildAnything(state, player) && !canValueAnything(state, player);
    }

    static boolean anyStoneAffordable(CarraraState state, PlayerState player) {
        for (int section = 1; section <= CarraraData.SECTIONS; section++) {
            Stones stones = state.wheel().get(section - 1);
            for (Stone stone : Stone.values()) {
                if (stones.get(stone) > 0 && CarraraData.price(section, stone) <= player.coins()) {
                    return true;
                }
            }
        }
        return false;
    }

    static boolean goalsMet(PlayerState player) {
        return player.markersUsed() >= CarraraData.GOAL_VALUATIONS
                && player.objectCount() >= CarraraData.GOAL_OBJECTS
                && player.buildingCost() >= CarraraData.GOAL_BUILDING_COST;
    }

    static boolean canBuyObject(CarraraState state, PlayerState player) {
        return !state.market().isEmpty() && player.coins() >= CarraraData.OBJECT_PRICE;
    }

    static Stones acceptedStones(Stones held, City city) {
        int[] counts = held.counts();
        for (Stone stone : Stone.values()) {
            if (!CarraraData.accepts(city, stone)) {
                counts[stone.ordinal()] = 0;
            }
        }
        return Stones.of(counts);
    }

    /** Every distinct way to pay {@code cost} stones out of {@code available}. */
    static List<List<Stone>> payments(Stones available, int cost) {
        List<List<Stone>> result = new ArrayList<>();
        collect(available.counts(), 0, new int[6], cost, result);
        return result;
    }

    private static void collect(int[] available, int colour, int[] chosen, int left, List<List<Stone>> out) {
        if (left == 0) {
            out.add(Stones.of(chosen).toList());
            return;
        }
        if (colour == available.length) {
            return;
        }
        for (int n = Math.min(left, available[colour]); n >= 0; n--) {
            chosen[colour] = n;
            collect(available, colour + 1, chosen, left - n, out);
        }
        chosen[colour] = 0;
    }

    /** Every non-empty choice of stones from {@code section} costing at most {@code coins}. */
    static List<List<Stone>> purchases(Stones onSection, int section, int coins) {
        List<List<Stone>> result = new ArrayList<>();
        choose(onSection.counts(), section, 0, new int[6], coins, result);
        return result;
    }

    private static void choose(int[] available, int section, int colour, int[] chosen, int coinsLeft,
                               List<List<Stone>> out) {
        if (colour == available.length) {
            Stones stones = Stones.of(chosen);
            if (!stones.isEmpty()) {
                out.add(stones.toList());
            }
            return;
        }
        int price = CarraraData.price(section, Stone.at(colour));
        for (int n = 0; n <= available[colour] && n * price <= coinsLeft; n++) {
            chosen[colour] = n;
            choose(available, section, colour + 1, chosen, coinsLeft - n * price, out);
        }
        chosen[colour] = 0;
    }
}
