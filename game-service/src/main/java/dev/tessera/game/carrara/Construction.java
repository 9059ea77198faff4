package dev.tessera.game.carrara;

import dev.tessera.events.carrara.BuildingBuilt;
import dev.tessera.events.carrara.BuildingRenovated;
import dev.tessera.events.carrara.BuildingRevealed;
import dev.tessera.events.carrara.CarraraEvent;
import dev.tessera.events.carrara.LargeBuildingBuilt;
import dev.tessera.game.carrara.CarraraMove.Build;
import dev.tessera.game.carrara.CarraraMove.BuildLarge;
import dev.tessera.game.carrara.CarraraMove.Renovate;
import dev.tessera.game.rules.Decision;
import java.util.ArrayList;
import java.util.List;

/**
 * The build action: a display tile above a city and, with the expansion, a cost-8 building from the extra board or
 * a renovation; each is paid with exactly its count of stones the city accepts.
 */
final class Construction {

    private Construction() {}

    static Decision<CarraraEvent> build(CarraraState state, PlayerState me, Build move) {
        Tile tile = new Tile(move.building(), move.cost());
        if (!state.display().contains(tile)) {
            return Decision.reject(
                    "building-not-available", move.building().id() + " " + move.cost() + " is not on the display.");
        }
        Decision<CarraraEvent> unpaid = paymentRejected(
                me, move.city(), move.cost(), move.stones(), "This building costs exactly " + move.cost() + " stones.");
        if (unpaid != null) {
            return unpaid;
        }
        List<CarraraEvent> events = new ArrayList<>();
        events.add(new BuildingBuilt(
                me.name(),
                tile.type().id(),
                CarraraData.category(tile.type()).id(),
                tile.cost(),
                CarraraData.object(tile.type()).id(),
                move.city().id(),
                ids(move.stones())));
        refill(state, events);
        return TurnEnd.finishAction(state, me, events.toArray(CarraraEvent[]::new));
    }

    /** Expansion: a cost-8 building; the player then takes an upgrade tile, so the action goes on. */
    static Decision<CarraraEvent> buildLarge(CarraraState state, PlayerState me, BuildLarge move) {
        Tile tile = new Tile(move.building(), CarraraData.LARGE_COST);
        if (!state.expansion().largeBuildings().contains(tile)) {
            return Decision.reject(
                    "building-not-available",
                    "The cost-" + CarraraData.LARGE_COST + " " + move.building().id() + " has already been built.");
        }
        Decision<CarraraEvent> unpaid = paymentRejected(
                me,
                move.city(),
                CarraraData.LARGE_COST,
                move.stones(),
                "A cost-" + CarraraData.LARGE_COST + " building costs exactly " + CarraraData.LARGE_COST + " stones.");
        if (unpaid != null) {
            return unpaid;
        }
        LargeBuildingBuilt built = new LargeBuildingBuilt(
                me.name(),
                tile.type().id(),
                CarraraData.category(tile.type()).id(),
                tile.cost(),
                CarraraData.object(tile.type()).id(),
                move.city().id(),
                ids(move.stones()));
        // Six buildings and eight tiles: a tile is always left, but a stream must not stall if that ever changes.
        return state.expansion().upgradesLeft().isEmpty()
                ? TurnEnd.finishAction(state, me, built)
                : Decision.accept(built);
    }

    /** Expansion: a display tile replaces one of the player's buildings with a lower cost, in its city. */
    static Decision<CarraraEvent> renovate(CarraraState state, PlayerState me, Renovate move) {
        Tile tile = new Tile(move.building(), move.cost());
        if (!state.display().contains(tile)) {
            return Decision.reject(
                    "building-not-available", move.building().id() + " " + move.cost() + " is not on the display.");
        }
        Building old = me.buildings().stream()
                .filter(b -> b.type() == move.replaces().building()
                        && b.cost() == move.replaces().cost())
                .findFirst()
                .orElse(null);
        if (old == null) {
            return Decision.reject(
                    "not-your-building",
                    "You have no " + move.replaces().building().id() + " "
                            + move.replaces().cost() + " to renovate.");
        }
        if (move.cost() <= old.cost()) {
            return Decision.reject("renovation-not-higher", "A renovation replaces a building with a higher-cost one.");
        }
        int count = CarraraData.renovationStones(old.cost(), move.cost());
        Decision<CarraraEvent> unpaid = paymentRejected(
                me, old.city(), count, move.stones(), "This renovation costs exactly " + count + " stones.");
        if (unpaid != null) {
            return unpaid;
        }
        List<CarraraEvent> events = new ArrayList<>();
        events.add(new BuildingRenovated(
                me.name(),
                old.city().id(),
                tile.type().id(),
                CarraraData.category(tile.type()).id(),
                tile.cost(),
                CarraraData.object(tile.type()).id(),
                old.type().id(),
                old.cost(),
                ids(move.stones())));
        refill(state, events);
        return TurnEnd.finishAction(state, me, events.toArray(CarraraEvent[]::new));
    }

    /** The rejection of paying {@code count} stones {@code stones} for {@code city}, or null when they pay. */
    private static Decision<CarraraEvent> paymentRejected(
            PlayerState me, City city, int count, List<Stone> stones, String countDetail) {
        if (stones.size() != count) {
            return Decision.reject("wrong-stone-count", countDetail);
        }
        for (Stone stone : stones) {
            if (!CarraraData.accepts(city, stone)) {
                return Decision.reject("stone-not-allowed", city.id() + " does not accept " + stone.id() + " stones.");
            }
        }
        if (!me.stones().containsAll(Stones.of(stones))) {
            return Decision.reject("stones-not-held", "You do not hold those stones.");
        }
        return null;
    }

    /** The display takes the pile's top tile, while the pile lasts. */
    private static void refill(CarraraState state, List<CarraraEvent> events) {
        if (!state.pile().isEmpty()) {
            Tile top = state.pile().get(0);
            events.add(new BuildingRevealed(
                    top.type().id(),
                    CarraraData.category(top.type()).id(),
                    top.cost(),
                    CarraraData.object(top.type()).id(),
                    state.pile().size() - 1));
        }
    }

    private static List<String> ids(List<Stone> stones) {
        return stones.stream().map(Stone::id).toList();
    }
}
