package dev.tessera.game.carrara;

import dev.tessera.events.carrara.BuildingBuilt;
import dev.tessera.events.carrara.BuildingRenovated;
import dev.tessera.events.carrara.BuildingRevealed;
import dev.tessera.events.carrara.CarraraEvent;
import dev.tessera.events.carrara.CoinsTaken;
import dev.tessera.events.carrara.EndDeclared;
import dev.tessera.events.carrara.GameFinished;
import dev.tessera.events.carrara.LargeBuildingBuilt;
import dev.tessera.events.carrara.ObjectBought;
import dev.tessera.events.carrara.RotationSkipped;
import dev.tessera.events.carrara.StonePurchaseSkipped;
import dev.tessera.events.carrara.StonesBought;
import dev.tessera.events.carrara.TurnEnded;
import dev.tessera.events.carrara.UpgradeTaken;
import dev.tessera.events.carrara.ValuationRequested;
import dev.tessera.events.carrara.ValuationScored;
import dev.tessera.events.carrara.WheelRotated;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * evolve(): folds one event into the state. Events are facts, so nothing is re-checked against the
 * rules; an event that cannot apply at all (a corrupt stream) throws.
 */
final class Evolution {

    private Evolution() {}

    static CarraraState apply(CarraraState state, CarraraEvent event) {
        if (event instanceof WheelRotated e) {
            return rotated(state, e);
        } else if (event instanceof StonesBought e) {
            int seat = seat(state, e.player());
            int section = e.section() - 1;
            Stones bought = stones(e.stones());
            PlayerState player = state.player(seat);
            List<Stones> wheel = new ArrayList<>(state.wheel());
            wheel.set(section, wheel.get(section).minus(bought));
            return state.withPlayer(
                            seat,
                            player.withStones(player.stones().plus(bought)).withCoins(player.coins() - e.price()))
                    .withWheel(wheel, state.bag(), state.draws())
                    .withPhase(Phase.AFTER_ACTION);
        } else if (event instanceof StonePurchaseSkipped) {
            return state.withPhase(Phase.AFTER_ACTION);
        } else if (event instanceof CoinsTaken e) {
            int seat = seat(state, e.player());
            PlayerState player = state.player(seat);
            return state.withPlayer(seat, player.withCoins(player.coins() + e.amount()))
                    .withPhase(Phase.AFTER_ACTION);
        } else if (event instanceof BuildingBuilt e) {
            return built(state, e);
        } else if (event instanceof BuildingRevealed e) {
            Tile top = state.pile().get(0);
            if (!top.equals(new Tile(BuildingType.of(e.building()), e.cost()))) {
                throw new IllegalArgumentException("revealed " + e + " but the pile's top is " + top);
            }
            List<Tile> display = new ArrayList<>(state.display());
            display.add(top);
            return state.withTiles(display, state.pile().subList(1, state.pile().size()));
        } else if (event instanceof ValuationRequested e) {
            return requested(state, e);
        } else if (event instanceof ValuationScored e) {
            return scored(state, e);
        } else if (event instanceof EndDeclared e) {
            int seat = seat(state, e.player());
            PlayerState player = state.player(seat);
            return state.withPlayer(seat, player.withVp(player.vp() + e.bonusVp()))
                    .withDeclaredBy(e.player());
        } else if (event instanceof ObjectBought e) {
            int seat = seat(state, e.player());
            ObjectKind object = ObjectKind.of(e.object());
            PlayerState player = state.player(seat);
            Set<ObjectKind> market = EnumSet.noneOf(ObjectKind.class);
            market.addAll(state.market());
            if (!market.remove(object)) {
                throw new IllegalArgumentException("no " + e.object() + " on the market");
            }
            return state.withPlayer(
                            seat, player.withCoins(player.coins() - e.price()).withObjects(List.of(object)))
                    .withObjects(state.supply(), market);
        } else if (event instanceof TurnEnded e) {
            return state.withTurn(seat(state, e.next()));
        } else if (event instanceof GameFinished) {
            return state.withPhase(Phase.OVER);
        } else if (event instanceof RotationSkipped) {
            return state.withPhase(Phase.BUYING_STONES);
        } else if (event instanceof LargeBuildingBuilt e) {
            return largeBuilt(state, e);
        } else if (event instanceof UpgradeTaken e) {
            return upgraded(state, e);
        } else if (event instanceof BuildingRenovated e) {
            return renovated(state, e);
        }
        throw new IllegalArgumentException("unknown event " + event);
    }

    private static CarraraState rotated(CarraraState state, WheelRotated e) {
        Stones drawn = stones(e.drawn());
        List<Stones> old = state.wheel();
        List<Stones> wheel = new ArrayList<>(old.size());
        // ASSUMPTION: the wheel is a closed circle, so what was on section VI comes round to section I.
        wheel.add(old.get(old.size() - 1).plus(drawn));
        wheel.addAll(old.subList(0, old.size() - 1));
        return state.withWheel(wheel, state.bag().minus(drawn), state.draws() + 1)
                .withPhase(Phase.BUYING_STONES);
    }

    private static CarraraState built(CarraraState state, BuildingBuilt e) {
        int seat = seat(state, e.player());
        Tile tile = new Tile(BuildingType.of(e.building()), e.cost());
        List<Tile> display = new ArrayList<>(state.display());
        if (!display.remove(tile)) {
            throw new IllegalArgumentException(tile + " is not on the display");
        }
        Stones paid = stones(e.stones());
        PlayerState player =
                state.player(seat).withBuilding(new Building(tile.type(), tile.cost(), City.of(e.city())), paid);
        return state.withPlayer(seat, player)
                .withTiles(display, state.pile())
                .withWheel(state.wheel(), state.bag().plus(paid), state.draws())
                .withPhase(Phase.AFTER_ACTION);
    }

    private static CarraraState largeBuilt(CarraraState state, LargeBuildingBuilt e) {
        int seat = seat(state, e.player());
        Tile tile = new Tile(BuildingType.of(e.building()), e.cost());
        CarraraState.ExpansionBoard board = board(state);
        List<Tile> left = new ArrayList<>(board.largeBuildings());
        if (!left.remove(tile)) {
            throw new IllegalArgumentException(tile + " is not on the extra board");
        }
        Stones paid = stones(e.stones());
        PlayerState player =
                state.player(seat).withBuilding(new Building(tile.type(), tile.cost(), City.of(e.city())), paid);
        return state.withPlayer(seat, player)
                .withExpansion(new CarraraState.ExpansionBoard(left, board.upgradesLeft(), board.bonusCard()))
                .withWheel(state.wheel(), state.bag().plus(paid), state.draws())
                .withPhase(Phase.CHOOSING_UPGRADE);
    }

    private static CarraraState upgraded(CarraraState state, UpgradeTaken e) {
        int seat = seat(state, e.player());
        Upgrade upgrade = Upgrade.of(e.upgrade());
        CarraraState.ExpansionBoard board = board(state);
        Set<Upgrade> left = EnumSet.noneOf(Upgrade.class);
        left.addAll(board.upgradesLeft());
        if (!left.remove(upgrade)) {
            throw new IllegalArgumentException("the " + e.upgrade() + " upgrade tile was already taken");
        }
        return state.withPlayer(seat, state.player(seat).withUpgrade(upgrade))
                .withExpansion(new CarraraState.ExpansionBoard(board.largeBuildings(), left, board.bonusCard()))
                .withPhase(Phase.AFTER_ACTION);
    }

    private static CarraraState renovated(CarraraState state, BuildingRenovated e) {
        int seat = seat(state, e.player());
        Tile tile = new Tile(BuildingType.of(e.building()), e.cost());
        List<Tile> display = new ArrayList<>(state.display());
        if (!display.remove(tile)) {
            throw new IllegalArgumentException(tile + " is not on the display");
        }
        City city = City.of(e.city());
        Stones paid = stones(e.stones());
        // ASSUMPTION: the replaced building leaves the game (no source says where it goes).
        PlayerState player = state.player(seat)
                .withRenovation(
                        new Building(BuildingType.of(e.replacedBuilding()), e.replacedCost(), city),
                        new Building(tile.type(), tile.cost(), city),
                        paid);
        return state.withPlayer(seat, player)
                .withTiles(display, state.pile())
                .withWheel(state.wheel(), state.bag().plus(paid), state.draws())
                .withPhase(Phase.AFTER_ACTION);
    }

    private static CarraraState.ExpansionBoard board(CarraraState state) {
        if (!state.hasExpansion()) {
            throw new IllegalArgumentException("an expansion event in a game without the expansion");
        }
        return state.expansion();
    }

    private static CarraraState requested(CarraraState state, ValuationRequested e) {
        int seat = seat(state, e.player());
        boolean byType = e.kind().equals(CarraraData.KIND_TYPE);
        boolean byCategory = e.kind().equals(CarraraData.KIND_CATEGORY);
        PlayerState player = state.player(seat)
                .withMarkerUsed(
                        byType ? BuildingType.of(e.target()) : null, byCategory ? Category.of(e.target()) : null);
        Map<City, String> citiesValued = new HashMap<>(state.citiesValued());
        if (!byType && !byCategory) {
            citiesValued.put(City.of(e.target()), e.player());
        }
        var pending = new CarraraState.PendingValuation(e.valuation(), e.player(), e.kind(), e.target());
        return state.withPlayer(seat, player)
                .withValuation(citiesValued, e.valuation(), pending)
                .withPhase(Phase.AWAITING_VALUATION);
    }

    private static CarraraState scored(CarraraState state, ValuationScored e) {
        var pending = state.pending();
        if (pending == null
                || pending.valuation() != e.valuation()
                || !pending.player().equals(e.player())) {
            throw new IllegalArgumentException(e + " answers no pending valuation (" + pending + ")");
        }
        int seat = seat(state, e.player());
        List<ObjectKind> objects = e.objects().stream().map(ObjectKind::of).toList();
        PlayerState player = state.player(seat);
        player = player.withVp(player.vp() + e.vp())
                .withCoins(player.coins() + e.coins())
                .withObjects(objects);
        return state.withPlayer(seat, player)
                .withObjects(Counts.add(state.supply(), objects, -1), state.market())
                .withValuation(state.citiesValued(), state.valuations(), null)
                .withPhase(Phase.AFTER_ACTION);
    }

    private static int seat(CarraraState state, String player) {
        int seat = state.seatOf(player);
        if (seat < 0) {
            throw new IllegalArgumentException(player + " does not play in this game");
        }
        return seat;
    }

    private static Stones stones(List<String> ids) {
        return Stones.of(ids.stream().map(Stone::of).toList());
    }
}
