package dev.tessera.game.carrara;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One player's holdings. {@code coins} are hidden behind the player's screen.
 *
 * @param objects          count per object kind, every kind present
 * @param typesValued      building types this player has valued (each at most once)
 * @param markersUsed      valuation markers used, of six
 * @param categoriesValued expansion: building categories this player has valued (each at most once)
 * @param upgrades         expansion: the upgrade tiles this player took
 */
public record PlayerState(
        String name,
        int coins,
        int vp,
        Stones stones,
        List<Building> buildings,
        Map<ObjectKind, Integer> objects,
        Set<BuildingType> typesValued,
        int markersUsed,
        Set<Category> categoriesValued,
        Set<Upgrade> upgrades) {

    public PlayerState {
        buildings = List.copyOf(buildings);
        objects = Map.copyOf(objects);
        typesValued = Set.copyOf(typesValued);
        // absent from the snapshots of games stored before the expansion
        categoriesValued = categoriesValued == null ? Set.of() : Set.copyOf(categoriesValued);
        upgrades = upgrades == null ? Set.of() : Set.copyOf(upgrades);
    }

    static PlayerState initial(String name, Stone startStone) {
        return new PlayerState(
                name,
                CarraraData.START_COINS,
                0,
                Stones.NONE.plus(startStone),
                List.of(),
                Counts.filled(0),
                EnumSet.noneOf(BuildingType.class),
                0,
                Set.of(),
                Set.of());
    }

    public int objectCount() {
        return objects.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** How many kinds of object the player holds at least one of. */
    public int objectKinds() {
        return (int) objects.values().stream().filter(n -> n > 0).count();
    }

    public int buildingCost() {
        return buildings.stream().mapToInt(Building::cost).sum();
    }

    public long buildingsIn(City city) {
        return buildings.stream().filter(b -> b.city() == city).count();
    }

    public boolean hasBuilt(BuildingType type) {
        return buildings.stream().anyMatch(b -> b.type() == type);
    }

    public boolean hasBuilt(Category category) {
        return buildings.stream().anyMatch(b -> CarraraData.category(b.type()) == category);
    }

    /** What this player's upgrade tiles add to the value of {@code building}'s city when it is valued. */
    public int upgradeBonus(Building building) {
        return (int) upgrades.stream().filter(u -> u.covers(building)).count() * CarraraData.UPGRADE_BONUS;
    }

    PlayerState withCoins(int newCoins) {
        return new PlayerState(
                name, newCoins, vp, stones, buildings, objects, typesValued, markersUsed, categoriesValued, upgrades);
    }

    PlayerState withVp(int newVp) {
        return new PlayerState(
                name, coins, newVp, stones, buildings, objects, typesValued, markersUsed, categoriesValued, upgrades);
    }

    PlayerState withStones(Stones newStones) {
        return new PlayerState(
                name, coins, vp, newStones, buildings, objects, typesValued, markersUsed, categoriesValued, upgrades);
    }

    PlayerState withBuilding(Building building, Stones paid) {
        List<Building> more = new ArrayList<>(buildings);
        more.add(building);
        return new PlayerState(
                name,
                coins,
                vp,
                stones.minus(paid),
                more,
                objects,
                typesValued,
                markersUsed,
                categoriesValued,
                upgrades);
    }

    /** {@code replaced} gives way to {@code building} in its place on the board. */
    PlayerState withRenovation(Building replaced, Building building, Stones paid) {
        List<Building> renovated = new ArrayList<>(buildings);
        int at = renovated.indexOf(replaced);
        if (at < 0) {
            throw new IllegalArgumentException(name + " has no " + replaced);
        }
        renovated.set(at, building);
        return new PlayerState(
                name,
                coins,
                vp,
                stones.minus(paid),
                renovated,
                objects,
                typesValued,
                markersUsed,
                categoriesValued,
                upgrades);
    }

    PlayerState withObjects(List<ObjectKind> gained) {
        return new PlayerState(
                name,
                coins,
                vp,
                stones,
                buildings,
                Counts.add(objects, gained, 1),
                typesValued,
                markersUsed,
                categoriesValued,
                upgrades);
    }

    PlayerState withUpgrade(Upgrade upgrade) {
        Set<Upgrade> more = EnumSet.noneOf(Upgrade.class);
        more.addAll(upgrades);
        more.add(upgrade);
        return new PlayerState(
                name, coins, vp, stones, buildings, objects, typesValued, markersUsed, categoriesValued, more);
    }

    /** A valuation marker used: for a type, for a category (either may be null), or for a city (both null). */
    PlayerState withMarkerUsed(BuildingType typeValued, Category categoryValued) {
        Set<BuildingType> valued = EnumSet.noneOf(BuildingType.class);
        valued.addAll(typesValued);
        if (typeValued != null) {
            valued.add(typeValued);
        }
        Set<Category> categories = EnumSet.noneOf(Category.class);
        categories.addAll(categoriesValued);
        if (categoryValued != null) {
            categories.add(categoryValued);
        }
        return new PlayerState(
                name, coins, vp, stones, buildings, objects, valued, markersUsed + 1, categories, upgrades);
    }
}
