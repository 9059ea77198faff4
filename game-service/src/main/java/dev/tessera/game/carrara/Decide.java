package dev.tessera.game.carrara;

import dev.tessera.events.carrara.CarraraEvent;
import dev.tessera.events.carrara.CoinsTaken;
import dev.tessera.events.carrara.EndDeclared;
import dev.tessera.events.carrara.ObjectBought;
import dev.tessera.events.carrara.RotationSkipped;
import dev.tessera.events.carrara.StonePurchaseSkipped;
import dev.tessera.events.carrara.StonesBought;
import dev.tessera.events.carrara.UpgradeTaken;
import dev.tessera.events.carrara.WheelRotated;
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
import dev.tessera.game.rules.Decision;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/**
 * decide(): who may move, and the events a move causes or the rule it breaks. The builds are in
 * {@link Construction}, the valuations in {@link Valuation} and the end of a turn in {@link TurnEnd}.
 */
final class Decide {

    private Decide() {}

    static boolean plays(CarraraState state, String player) {
        return state.seatOf(player) >= 0;
    }

    /** Whoever sends them: the expansion's moves in a basic game, and every move while a valuation is scored. */
    static Optional<Decision.Rejected<CarraraEvent>> refusedToAnyone(CarraraState state, CarraraMove move) {
        if (isExpansionMove(move) && !state.hasExpansion()) {
            return Optional.of(
                    new Decision.Rejected<>("expansion-not-in-play", "This game is played without the expansion."));
        }
        if (state.phase() == Phase.AWAITING_VALUATION) {
            return Optional.of(
                    new Decision.Rejected<>("awaiting-valuation", "The game waits for a valuation to be scored."));
        }
        return Optional.empty();
    }

    static boolean mayMove(CarraraState state, String player) {
        return state.seatOf(player) == state.current();
    }

    static String notYourTurn(CarraraState state, String player) {
        return "It is " + state.currentPlayer().name() + "'s turn.";
    }

    /** The title's own rules for a move that passed the checks every game makes. */
    static Decision<CarraraEvent> move(CarraraState state, String player, CarraraMove move) {
        if (!allowedIn(move, state.phase())) {
            return Decision.reject("wrong-phase", "That move is not possible now (" + state.phase() + ").");
        }
        PlayerState me = state.player(state.seatOf(player));
        if (move instanceof RotateWheel) {
            return rotateWheel(state, me);
        } else if (move instanceof BuyStones m) {
            return buyStones(state, me, m);
        } else if (move instanceof BuyNothing) {
            return buyNothing(state, me);
        } else if (move instanceof TakeCoins) {
            return takeCoins(state, me);
        } else if (move instanceof Build m) {
            return Construction.build(state, me, m);
        } else if (move instanceof ValueType m) {
            return Valuation.valueType(state, me, m.building());
        } else if (move instanceof ValueCity m) {
            return Valuation.valueCity(state, me, m.city());
        } else if (move instanceof DeclareEnd) {
            return declareEnd(state, me);
        } else if (move instanceof BuyObject m) {
            return buyObject(state, me, m.object());
        } else if (move instanceof EndTurn) {
            return endTurn(state, me);
        } else if (move instanceof SkipRotation) {
            return skipRotation(state, me);
        } else if (move instanceof BuildLarge m) {
            return Construction.buildLarge(state, me, m);
        } else if (move instanceof TakeUpgrade m) {
            return takeUpgrade(state, me, m.upgrade());
        } else if (move instanceof Renovate m) {
            return Construction.renovate(state, me, m);
        } else if (move instanceof ValueCategory m) {
            return Valuation.valueCategory(state, me, m.category());
        }
        throw new IllegalArgumentException("unknown move " + move);
    }

    private static boolean isExpansionMove(CarraraMove move) {
        return move instanceof SkipRotation
                || move instanceof BuildLarge
                || move instanceof TakeUpgrade
                || move instanceof Renovate
                || move instanceof ValueCategory;
    }

    private static boolean allowedIn(CarraraMove move, Phase phase) {
        return switch (phase) {
            case ACTION ->
                move instanceof RotateWheel
                        || move instanceof Build
                        || move instanceof ValueType
                        || move instanceof ValueCity
                        || move instanceof DeclareEnd
                        || move instanceof TakeCoins
                        || move instanceof SkipRotation
                        || move instanceof BuildLarge
                        || move instanceof Renovate
                        || move instanceof ValueCategory;
            case BUYING_STONES -> move instanceof BuyStones || move instanceof BuyNothing || move instanceof TakeCoins;
            case CHOOSING_UPGRADE -> move instanceof TakeUpgrade;
            case AFTER_ACTION -> move instanceof BuyObject || move instanceof EndTurn;
            case AWAITING_VALUATION, OVER -> false;
        };
    }

    private static Decision<CarraraEvent> rotateWheel(CarraraState state, PlayerState me) {
        if (!Preconditions.canRotate(state)) {
            return Decision.reject("wheel-empty", "The wheel and the bag are both empty: choose another action.");
        }
        int toDraw = Math.min(
                CarraraData.WHEEL_CAPACITY - state.wheelStones().total(),
                state.bag().total());
        // One generator per draw, derived from the seed and the draw count: a replay needs no generator state.
        Random random = new Random(state.seed() + 0x9E3779B97F4A7C15L * (state.draws() + 1));
        int[] bag = state.bag().counts();
        int left = state.bag().total();
        List<String> drawn = new ArrayList<>();
        for (int i = 0; i < toDraw; i++, left--) {
            int pick = random.nextInt(left);
            int colour = 0;
            while (pick >= bag[colour]) {
                pick -= bag[colour++];
            }
            bag[colour]--;
            drawn.add(Stone.at(colour).id());
        }
        return Decision.accept(new WheelRotated(me.name(), drawn, left));
    }

    /** Expansion: the buy-stones action without turning the wheel. */
    private static Decision<CarraraEvent> skipRotation(CarraraState state, PlayerState me) {
        if (!Preconditions.canSkipRotation(state)) {
            return Decision.reject("wheel-empty", "The wheel holds no stone, and without turning it none is drawn.");
        }
        return Decision.accept(new RotationSkipped(me.name()));
    }

    private static Decision<CarraraEvent> buyStones(CarraraState state, PlayerState me, BuyStones move) {
        if (move.section() < 1 || move.section() > CarraraData.SECTIONS) {
            return Decision.reject("no-such-section", "Sections are numbered 1 (I) to 6 (VI).");
        }
        if (move.stones().isEmpty()) {
            return Decision.reject("no-stones-chosen", "Choose at least one stone.");
        }
        Stones chosen = Stones.of(move.stones());
        if (!state.wheel().get(move.section() - 1).containsAll(chosen)) {
            return Decision.reject("stones-not-on-wheel", "Section " + move.section() + " does not hold those stones.");
        }
        int price = CarraraData.price(move.section(), chosen);
        if (price > me.coins()) {
            return Decision.reject("not-enough-coins", "Those stones cost " + price + " coins.");
        }
        List<String> ids = move.stones().stream().map(Stone::id).toList();
        return TurnEnd.finishAction(state, me, new StonesBought(me.name(), move.section(), ids, price));
    }

    private static Decision<CarraraEvent> buyNothing(CarraraState state, PlayerState me) {
        if (Preconditions.anyStoneAffordable(state, me)) {
            return Decision.reject("must-buy-a-stone", "You can take or buy a stone, so you must.");
        }
        if (me.coins() == 0) {
            return Decision.reject("must-take-coins", "You have no coins and no free stone: take 2 coins.");
        }
        return TurnEnd.finishAction(state, me, new StonePurchaseSkipped(me.name()));
    }

    private static Decision<CarraraEvent> takeCoins(CarraraState state, PlayerState me) {
        boolean allowed = state.phase() == Phase.ACTION
                ? Preconditions.mustTakeCoinsInsteadOfAction(state, me)
                : me.coins() == 0 && !Preconditions.anyStoneAffordable(state, me);
        if (!allowed) {
            return Decision.reject(
                    "take-coins-not-allowed",
                    "Coins are only taken when you can do nothing else"
                            + " (or, buying stones, have no coins and no free stone).");
        }
        return TurnEnd.finishAction(
                state,
                me,
                new CoinsTaken(
                        me.name(),
                        CarraraData.NO_COINS_GRANT,
                        me.coins(),
                        me.stones().byColour()));
    }

    /** Expansion: the upgrade tile a cost-8 building earns. */
    private static Decision<CarraraEvent> takeUpgrade(CarraraState state, PlayerState me, Upgrade upgrade) {
        if (!state.expansion().upgradesLeft().contains(upgrade)) {
            return Decision.reject(
                    "upgrade-not-available", "The " + upgrade.id() + " upgrade tile has already been taken.");
        }
        return TurnEnd.finishAction(state, me, new UpgradeTaken(me.name(), upgrade.id(), CarraraData.UPGRADE_BONUS));
    }

    private static Decision<CarraraEvent> declareEnd(CarraraState state, PlayerState me) {
        if (state.endTriggered()) {
            return Decision.reject("end-already-triggered", "The game already ends with this round.");
        }
        if (!Preconditions.goalsMet(me)) {
            return Decision.reject("goals-not-met", "Only a player who has met all three goals can declare the end.");
        }
        return Decision.accept(new EndDeclared(me.name(), CarraraData.END_DECLARATION_BONUS));
    }

    /** The extra purchase after the action; it ends the turn. */
    private static Decision<CarraraEvent> buyObject(CarraraState state, PlayerState me, ObjectKind object) {
        if (!state.market().contains(object)) {
            return Decision.reject("object-not-available", "The " + object.id() + " has already been bought.");
        }
        if (me.coins() < CarraraData.OBJECT_PRICE) {
            return Decision.reject("not-enough-coins", "An object costs " + CarraraData.OBJECT_PRICE + " coins.");
        }
        return TurnEnd.endTurn(state, me, new ObjectBought(me.name(), object.id(), CarraraData.OBJECT_PRICE));
    }

    private static Decision<CarraraEvent> endTurn(CarraraState state, PlayerState me) {
        return TurnEnd.endTurn(state, me);
    }
}
