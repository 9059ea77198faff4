package dev.tessera.game.carrara;

/**
 * What a move needs before it is possible (stones on the wheel, a marker left, the goals met...): asked by
 * {@link Decide} and {@link LegalMoves} alike, so that the two always agree.
 */
final class Preconditions {

    private Preconditions() {}

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
            if (state.hasExpansion()
                    && !state.expansion().largeBuildings().isEmpty()
                    && CarraraData.LARGE_COST <= usable) {
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
        return hasMarker(player)
                && !state.citiesValued().containsKey(city)
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

    /** The stones of {@code held} that {@code city} accepts. */
    static Stones acceptedStones(Stones held, City city) {
        int[] counts = held.counts();
        for (Stone stone : Stone.values()) {
            if (!CarraraData.accepts(city, stone)) {
                counts[stone.ordinal()] = 0;
            }
        }
        return Stones.of(counts);
    }
}
