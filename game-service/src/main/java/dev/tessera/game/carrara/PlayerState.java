package dev.tessera.game.carrara;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One player's holdings. {@code coins} are hidden behind the player's screen.
 *
 * @param objects      count per object kind, every kind present
 * @param typesValued  building types this player has valued (each at most once)
 * @param markersUsed  valuation markers used, of six
 */
public record PlayerState(String name, int coins, int vp, Stones stones, List<Building> buildings,
                          Map<ObjectKind, Integer> objects, Set<BuildingType> typesValued, int markersUsed) {

    public PlayerState {
        buildings = List.copyOf(buildings);
        objects = Map.copyOf(objects);
        typesValued = Set.copyOf(typesValued);
    }

    static PlayerState initial(String name, Stone startStone) {
        return new PlayerState(name, CarraraData.START_COINS, 0, Stones.NONE.plus(startStone), List.of(),
                Counts.filled(0),
                EnumSet.noneOf(BuildingType.class), 0);
    }

    public int objectCount() {
        return objects.values().stream().mapToInt(Integer::intValue).sum();
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

    PlayerState withCoins(int newCoins) {
        return new PlayerState(name, newCoins, vp, stones, buildings, objects, typesValued, markersUsed);
    }

    PlayerState withVp(int newVp) {
        return new PlayerState(name, coins, newVp, stones, buildings, objects, typesValued, markersUsed);
    }

    PlayerState withStones(Stones newStones) {
        return new PlayerState(name, coins, vp, newStones, buildings, objects, typesValued, markersUsed);
    }

    PlayerState withBuilding(Building building, Stones paid) {
        List<Building> more = new ArrayList<>(buildings);
        more.add(building);
        return new PlayerState(name, coins, vp, stones.minus(paid), more, objects, typesValued, markersUsed);
    }

    PlayerState withObjects(List<ObjectKind> gained) {
        return new PlayerState(name, coins, vp, stones, buildings, Counts.add(objects, gained, 1), typesValued,
                markersUsed);
    }

    PlayerState withMarkerUsed(BuildingType typeValued) {
        Set<BuildingType> valued = EnumSet.noneOf(BuildingType.class);
        valued.addAll(typesValued);
        if (typeValued != null) {
            valued.add(typeValued);
        }
        return new PlayerState(name, coins, vp, stones, buildings, objects, valued, markersUsed + 1);
    }
}
