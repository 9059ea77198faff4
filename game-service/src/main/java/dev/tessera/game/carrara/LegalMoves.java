package dev.tessera.game.carrara;

import dev.tessera.game.carrara.CarraraMove.Build;
import dev.tessera.game.carrara.CarraraMove.BuildLarge;
import dev.tessera.game.carrara.CarraraMove.BuyNothing;
import dev.tessera.game.carrara.CarraraMove.BuyObject;
import dev.tessera.game.carrara.CarraraMove.BuyStones;
import dev.tessera.game.carrara.CarraraMove.DeclareEnd;
import dev.tessera.game.carrara.CarraraMove.EndTurn;
import dev.tessera.game.carrara.CarraraMove.Renovate;
import dev.tessera.game.carrara.CarraraMove.RotateWheel;
import dev.tessera.game.carrara.CarraraMove.SkipRotation;
import dev.tessera.game.carrara.CarraraMove.TakeCoins;
import dev.tessera.game.carrara.CarraraMove.TakeUpgrade;
import dev.tessera.game.carrara.CarraraMove.ValueCategory;
import dev.tessera.game.carrara.CarraraMove.ValueCity;
import dev.tessera.game.carrara.CarraraMove.ValueType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * legalMoves(): every move the player whose turn it is may make now, each payment and purchase of stones spelled
 * out, in a fixed order; the checks are {@link Preconditions}', which decide() asks too.
 */
final class LegalMoves {

    private LegalMoves() {}

    static List<CarraraMove> of(CarraraState state, String player) {
        int seat = state.seatOf(player);
        if (seat != state.current() || state.phase() == Phase.OVER || state.phase() == Phase.AWAITING_VALUATION) {
            return List.of();
        }
        PlayerState me = state.player(seat);
        List<CarraraMove> moves = new ArrayList<>();
        switch (state.phase()) {
            case ACTION -> addActions(state, me, moves);
            case BUYING_STONES -> {
                for (int section = 1; section <= CarraraData.SECTIONS; section++) {
                    for (List<Stone> stones : purchases(state.wheel().get(section - 1), section, me.coins())) {
                        moves.add(new BuyStones(section, stones));
                    }
                }
                if (moves.isEmpty()) {
                    moves.add(me.coins() == 0 ? new TakeCoins() : new BuyNothing());
                }
            }
            case CHOOSING_UPGRADE -> {
                for (Upgrade upgrade : Upgrade.values()) {
                    if (state.expansion().upgradesLeft().contains(upgrade)) {
                        moves.add(new TakeUpgrade(upgrade));
                    }
                }
            }
            case AFTER_ACTION -> {
                if (me.coins() >= CarraraData.OBJECT_PRICE) {
                    for (ObjectKind object : ObjectKind.values()) {
                        if (state.market().contains(object)) {
                            moves.add(new BuyObject(object));
                        }
                    }
                }
                moves.add(new EndTurn());
            }
            default -> throw new IllegalStateException("unreachable phase " + state.phase());
        }
        return moves;
    }

    /** The actions; coins only when there is none; declaring the end, which comes before the action, last. */
    private static void addActions(CarraraState state, PlayerState me, List<CarraraMove> moves) {
        if (Preconditions.canRotate(state)) {
            moves.add(new RotateWheel());
        }
        if (Preconditions.canSkipRotation(state)) {
            moves.add(new SkipRotation());
        }
        addBuilds(state, me, moves);
        if (state.hasExpansion()) {
            addLargeBuilds(state, me, moves);
            addRenovations(state, me, moves);
        }
        for (BuildingType type : BuildingType.values()) {
            if (Preconditions.canValueType(me, type)) {
                moves.add(new ValueType(type));
            }
        }
        for (City city : City.values()) {
            if (Preconditions.canValueCity(state, me, city)) {
                moves.add(new ValueCity(city));
            }
        }
        if (state.hasExpansion()) {
            for (Category category : Category.values()) {
                if (Preconditions.canValueCategory(me, category)) {
                    moves.add(new ValueCategory(category));
                }
            }
        }
        if (moves.isEmpty()) {
            moves.add(new TakeCoins());
        }
        if (!state.endTriggered() && Preconditions.goalsMet(me)) {
            moves.add(new DeclareEnd());
        }
    }

    private static void addBuilds(CarraraState state, PlayerState me, List<CarraraMove> moves) {
        for (City city : City.values()) {
            Stones usable = Preconditions.acceptedStones(me.stones(), city);
            Map<Integer, List<List<Stone>>> paymentsByCost = new HashMap<>();
            for (Tile tile : state.display()) {
                if (tile.cost() <= usable.total()) {
                    for (List<Stone> payment :
                            paymentsByCost.computeIfAbsent(tile.cost(), cost -> payments(usable, cost))) {
                        moves.add(new Build(tile.type(), tile.cost(), city, payment));
                    }
                }
            }
        }
    }

    private static void addLargeBuilds(CarraraState state, PlayerState me, List<CarraraMove> moves) {
        if (state.expansion().largeBuildings().isEmpty()) {
            return;
        }
        for (City city : City.values()) {
            Stones usable = Preconditions.acceptedStones(me.stones(), city);
            if (usable.total() >= CarraraData.LARGE_COST) {
                for (List<Stone> payment : payments(usable, CarraraData.LARGE_COST)) {
                    for (Tile tile : state.expansion().largeBuildings()) {
                        moves.add(new BuildLarge(tile.type(), city, payment));
                    }
                }
            }
        }
    }

    private static void addRenovations(CarraraState state, PlayerState me, List<CarraraMove> moves) {
        for (Building old : me.buildings()) {
            Stones usable = Preconditions.acceptedStones(me.stones(), old.city());
            Map<Integer, List<List<Stone>>> paymentsByCount = new HashMap<>();
            for (Tile tile : state.display()) {
                int count = CarraraData.renovationStones(old.cost(), tile.cost());
                if (tile.cost() > old.cost() && count <= usable.total()) {
                    for (List<Stone> payment : paymentsByCount.computeIfAbsent(count, n -> payments(usable, n))) {
                        moves.add(new Renovate(
                                tile.type(), tile.cost(), new Renovate.Replaced(old.type(), old.cost()), payment));
                    }
                }
            }
        }
    }

    /** Every distinct way to pay {@code cost} stones out of {@code available}. */
    private static List<List<Stone>> payments(Stones available, int cost) {
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
    private static List<List<Stone>> purchases(Stones onSection, int section, int coins) {
        List<List<Stone>> result = new ArrayList<>();
        choose(onSection.counts(), section, 0, new int[6], coins, result);
        return result;
    }

    private static void choose(
            int[] available, int section, int colour, int[] chosen, int coinsLeft, List<List<Stone>> out) {
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
