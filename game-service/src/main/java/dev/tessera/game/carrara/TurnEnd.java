package dev.tessera.game.carrara;

import dev.tessera.events.carrara.CarraraEvent;
import dev.tessera.events.carrara.GameFinished;
import dev.tessera.events.carrara.TurnEnded;
import dev.tessera.game.rules.Decision;
import java.util.ArrayList;
import java.util.List;

/**
 * The end of a turn: after the action, unless the extra purchase is possible, the turn passes on; once the end is
 * triggered, the round is completed and the game ends with every player's tally.
 */
final class TurnEnd {

    private TurnEnd() {}

    /** The action's events, then the end of the turn unless the extra purchase is possible. */
    static Decision<CarraraEvent> finishAction(CarraraState state, PlayerState me, CarraraEvent... actionEvents) {
        List<CarraraEvent> events = new ArrayList<>(List.of(actionEvents));
        CarraraState after = stateAfter(state, events);
        if (!Preconditions.canBuyObject(after, after.player(after.seatOf(me.name())))) {
            events.addAll(turnEnd(after, me));
        }
        return Decision.accept(events);
    }

    /** These events (the extra purchase, or none), then the end of the turn. */
    static Decision<CarraraEvent> endTurn(CarraraState state, PlayerState me, CarraraEvent... lastEvents) {
        List<CarraraEvent> events = new ArrayList<>(List.of(lastEvents));
        events.addAll(turnEnd(stateAfter(state, events), me));
        return Decision.accept(events);
    }

    /** Passes the turn on; once the end is triggered, the round is completed and then the game ends. */
    private static List<CarraraEvent> turnEnd(CarraraState state, PlayerState me) {
        int next = (state.seatOf(me.name()) + 1) % state.players().size();
        TurnEnded ended = new TurnEnded(me.name(), state.player(next).name());
        if (next != 0 || !state.endTriggered()) {
            return List.of(ended);
        }
        String reason = state.declaredBy() != null ? "declared" : "buildings-exhausted";
        return List.of(ended, finished(state, reason));
    }

    /** Every player's holdings and the rates of the object cards in play; with the expansion, its bonus card. */
    private static GameFinished finished(CarraraState state, String reason) {
        boolean expansion = state.hasExpansion();
        BonusCard card = expansion ? state.expansion().bonusCard() : null;
        List<GameFinished.Tally> tallies = state.players().stream()
                .map(p -> new GameFinished.Tally(
                        p.name(),
                        p.vp(),
                        p.coins(),
                        p.objectCount(),
                        expansion ? p.objectKinds() : p.objectCount(),
                        p.buildings().size(),
                        p.buildingCost(),
                        p.stones().total(),
                        expansion ? card.bonusFor(p) : 0))
                .toList();
        return new GameFinished(
                reason,
                state.declaredBy(),
                CarraraData.COINS_PER_VP,
                expansion ? CarraraData.EXPANSION_VP_PER_OBJECT : CarraraData.VP_PER_OBJECT,
                expansion ? CarraraData.VP_PER_LEFTOVER_OBJECT : 0,
                CarraraData.VP_PER_BUILDING,
                expansion ? card.id() : null,
                tallies);
    }

    /** The state the events lead to, to see whether the turn goes on; the events themselves are appended later. */
    private static CarraraState stateAfter(CarraraState state, List<CarraraEvent> events) {
        for (CarraraEvent event : events) {
            state = Evolution.apply(state, event);
        }
        return state;
    }
}
