package dev.tessera.game.carrara;

import dev.tessera.events.carrara.CarraraEvent;
import dev.tessera.events.carrara.ValuationRequested;
import dev.tessera.game.rules.Decision;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The valuation actions (by building type, by city and, with the expansion, by category): each spends a marker and
 * asks the scoring service to value the player's buildings concerned, with a {@link ValuationRequested}.
 */
final class Valuation {

    private Valuation() {}

    static Decision<CarraraEvent> valueType(CarraraState state, PlayerState me, BuildingType type) {
        if (!Preconditions.hasMarker(me)) {
            return Decision.reject("no-valuation-markers", "All six valuation markers are used.");
        }
        if (me.typesValued().contains(type)) {
            return Decision.reject("type-already-valued", "You have already valued your " + type.id() + " buildings.");
        }
        if (!me.hasBuilt(type)) {
            return Decision.reject("no-building-of-type", "You have no " + type.id() + " building.");
        }
        return Decision.accept(request(state, me, CarraraData.KIND_TYPE, type.id(), b -> b.type() == type));
    }

    static Decision<CarraraEvent> valueCity(CarraraState state, PlayerState me, City city) {
        if (!Preconditions.hasMarker(me)) {
            return Decision.reject("no-valuation-markers", "All six valuation markers are used.");
        }
        if (state.citiesValued().containsKey(city)) {
            return Decision.reject(
                    "city-already-valued",
                    city.id() + " was already valued by " + state.citiesValued().get(city) + ".");
        }
        if (me.buildingsIn(city) < CarraraData.minBuildings(city)) {
            return Decision.reject(
                    "too-few-buildings",
                    city.id() + " needs " + CarraraData.minBuildings(city) + " of your buildings to be valued.");
        }
        return Decision.accept(request(state, me, CarraraData.KIND_CITY, city.id(), b -> b.city() == city));
    }

    /** Expansion: each category once per player, like a type. */
    static Decision<CarraraEvent> valueCategory(CarraraState state, PlayerState me, Category category) {
        if (!Preconditions.hasMarker(me)) {
            return Decision.reject("no-valuation-markers", "All six valuation markers are used.");
        }
        if (me.categoriesValued().contains(category)) {
            return Decision.reject(
                    "category-already-valued", "You have already valued your " + category.id() + " buildings.");
        }
        if (!me.hasBuilt(category)) {
            return Decision.reject("no-building-of-category", "You have no " + category.id() + " building.");
        }
        return Decision.accept(request(
                state, me, CarraraData.KIND_CATEGORY, category.id(), b -> CarraraData.category(b.type()) == category));
    }

    /** The request to score {@code me}'s {@code valued} buildings, with the cities they stand in. */
    private static ValuationRequested request(
            CarraraState state, PlayerState me, String kind, String target, Predicate<Building> valued) {
        List<ValuationRequested.Building> buildings = new ArrayList<>();
        Set<City> cities = new LinkedHashSet<>();
        for (Building b : me.buildings()) {
            if (valued.test(b)) {
                buildings.add(new ValuationRequested.Building(
                        b.city().id(),
                        b.type().id(),
                        b.cost(),
                        CarraraData.object(b.type()).id(),
                        me.upgradeBonus(b)));
                cities.add(b.city());
            }
        }
        List<ValuationRequested.City> cityValues = cities.stream()
                .map(c -> new ValuationRequested.City(
                        c.id(), CarraraData.value(c), CarraraData.payout(c).id()))
                .toList();
        return new ValuationRequested(
                state.valuations() + 1, me.name(), kind, target, buildings, cityValues, Counts.byId(state.supply()));
    }
}
