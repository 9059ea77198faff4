package dev.tessera.game.builders;

import static dev.tessera.game.builders.BuildersData.ACTION_POINTS_PER_TURN;

import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.events.builders.BuildersEvent.ActionPointBought;
import dev.tessera.events.builders.BuildersEvent.BuildingCompleted;
import dev.tessera.events.builders.BuildersEvent.CoinsTaken;
import dev.tessera.events.builders.BuildersEvent.ConstructionStarted;
import dev.tessera.events.builders.BuildersEvent.GameEndTriggered;
import dev.tessera.events.builders.BuildersEvent.GameFinished;
import dev.tessera.events.builders.BuildersEvent.MachineSent;
import dev.tessera.events.builders.BuildersEvent.TurnEnded;
import dev.tessera.events.builders.BuildersEvent.WorkerRecruited;
import dev.tessera.events.builders.BuildersEvent.WorkerSent;

/**
 * The state after an event. Events are facts: this never rejects. Cards are taken from where the state holds them,
 * never from the catalogue, so that a game plays with the cards of its edition however the catalogue changes later.
 */
final class Evolution {

    private Evolution() {}

    static BuildersState apply(BuildersState state, BuildersEvent event) {
        PlayerState player = state.currentPlayer();
        if (event instanceof ConstructionStarted e) {
            Building building = state.buildingDisplay().stream()
                    .filter(b -> b.id() == e.building().id())
                    .findFirst()
                    .orElseThrow();
            return state.takingBuilding(building)
                    .withCurrent(player.opening(building), e.actionPointsLeft(), state.bank());
        }
        if (event instanceof WorkerRecruited e) {
            Worker worker = state.workerDisplay().stream()
                    .filter(w -> w.id() == e.worker().id())
                    .findFirst()
                    .orElseThrow();
            return state.takingWorker(worker)
                    .withCurrent(player.recruiting(worker), e.actionPointsLeft(), state.bank());
        }
        if (event instanceof WorkerSent e) {
            Worker worker = player.freeWorker(e.worker().id()).orElseThrow();
            return state.countingSent(e.building().id())
                    .withCurrent(
                            player.sending(worker, e.building().id(), e.wagePaid()),
                            e.actionPointsLeft(),
                            state.bank().receive(e.wagePaid()));
        }
        if (event instanceof MachineSent e) {
            Building machine = player.freeMachine(e.machine().id()).orElseThrow();
            return state.countingSent(e.building().id())
                    .withCurrent(player.sending(machine, e.building().id()), e.actionPointsLeft(), state.bank());
        }
        if (event instanceof BuildingCompleted e) {
            return state.withCurrent(
                    player.completing(e.building().id(), e.coinsEarned()),
                    state.actionPoints(),
                    state.bank().pay(e.coinsEarned()));
        }
        if (event instanceof CoinsTaken e) {
            return state.withCurrent(
                    player.withCoins(player.coins() + e.coinsTaken()),
                    e.actionPointsLeft(),
                    state.bank().pay(e.coinsTaken()));
        }
        if (event instanceof ActionPointBought e) {
            return state.withCurrent(
                    player.withCoins(player.coins() - e.coinsPaid()),
                    e.actionPointsLeft(),
                    state.bank().receive(e.coinsPaid()));
        }
        if (event instanceof GameEndTriggered e) {
            return state.triggeringEnd(e.player());
        }
        if (event instanceof TurnEnded e) {
            if (e.nextPlayer() == null) {
                return state;
            }
            int next = state.seatOf(e.nextPlayer());
            return state.passingTurnTo(next, next == 0 ? state.round() + 1 : state.round(), ACTION_POINTS_PER_TURN);
        }
        if (event instanceof GameFinished) {
            return state.ending();
        }
        throw new IllegalArgumentException("Unknown event " + event);
    }
}
