package dev.tessera.game.builders;

import static dev.tessera.game.builders.BuildersData.ACTION_POINT_PRICE;
import static dev.tessera.game.builders.BuildersData.MOST_ACTION_POINTS_FOR_COINS;

import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.events.builders.BuildersEvent.ActionPointBought;
import dev.tessera.events.builders.BuildersEvent.BuildingCompleted;
import dev.tessera.events.builders.BuildersEvent.CoinsTaken;
import dev.tessera.events.builders.BuildersEvent.ConstructionStarted;
import dev.tessera.events.builders.BuildersEvent.MachineSent;
import dev.tessera.events.builders.BuildersEvent.WorkerRecruited;
import dev.tessera.events.builders.BuildersEvent.WorkerSent;
import dev.tessera.events.builders.BuildingInfo;
import dev.tessera.events.builders.WorkerInfo;
import dev.tessera.game.builders.BuildersMove.BuyActionPoint;
import dev.tessera.game.builders.BuildersMove.EndTurn;
import dev.tessera.game.builders.BuildersMove.RecruitWorker;
import dev.tessera.game.builders.BuildersMove.SendMachine;
import dev.tessera.game.builders.BuildersMove.SendWorker;
import dev.tessera.game.builders.BuildersMove.StartConstruction;
import dev.tessera.game.builders.BuildersMove.TakeCoins;
import dev.tessera.game.rules.Decision;
import java.util.List;
import java.util.Optional;

/**
 * The Builders' own rules for a move that passed the shared checks: the events it causes, or the rule it breaks. Who
 * plays and whose turn it is are decided here too; ending a turn, and with it the game, is {@link TurnEnd}'s.
 */
final class Decide {

    private Decide() {}

    static boolean plays(BuildersState state, String player) {
        return state.seatOf(player) >= 0;
    }

    static boolean mayMove(BuildersState state, String player) {
        return state.currentPlayer().name().equals(player);
    }

    static String notYourTurn(BuildersState state, String player) {
        return "It is " + state.currentPlayer().name() + "'s turn.";
    }

    /** One handler per move type (Java 17 has no switch over types, hence one {@code if} each). */
    static Decision<BuildersEvent> move(BuildersState state, String player, BuildersMove move) {
        if (move instanceof StartConstruction start) {
            return startConstruction(state, start);
        }
        if (move instanceof RecruitWorker recruit) {
            return recruitWorker(state, recruit);
        }
        if (move instanceof SendWorker send) {
            return sendWorker(state, send);
        }
        if (move instanceof SendMachine send) {
            return sendMachine(state, send);
        }
        if (move instanceof TakeCoins take) {
            return takeCoins(state, take);
        }
        if (move instanceof BuyActionPoint) {
            return buyActionPoint(state);
        }
        if (move instanceof EndTurn) {
            return TurnEnd.endTurn(state);
        }
        throw new IllegalArgumentException("Unknown move " + move);
    }

    private static Decision<BuildersEvent> startConstruction(BuildersState state, StartConstruction move) {
        Optional<Building> building = state.buildingDisplay().stream()
                .filter(b -> b.id() == move.building())
                .findFirst();
        if (building.isEmpty()) {
            return Decision.reject("no-such-card", "Building " + move.building() + " is not face up in the display.");
        }
        if (state.actionPoints() < 1) {
            return notEnoughActionPoints(state, 1);
        }
        BuildingInfo replacement =
                top(state.buildingDeck(), 0).map(Building::info).orElse(null);
        BuildingInfo uncovered =
                top(state.buildingDeck(), 1).map(Building::info).orElse(null);
        return Decision.accept(new ConstructionStarted(
                state.currentPlayer().name(),
                building.get().info(),
                1,
                state.actionPoints() - 1,
                replacement,
                uncovered));
    }

    private static Decision<BuildersEvent> recruitWorker(BuildersState state, RecruitWorker move) {
        Optional<Worker> worker = state.workerDisplay().stream()
                .filter(w -> w.id() == move.worker())
                .findFirst();
        if (worker.isEmpty()) {
            return Decision.reject("no-such-card", "Worker " + move.worker() + " is not face up in the display.");
        }
        if (state.actionPoints() < 1) {
            return notEnoughActionPoints(state, 1);
        }
        WorkerInfo replacement = top(state.workerDeck(), 0).map(Worker::info).orElse(null);
        WorkerInfo uncovered = top(state.workerDeck(), 1).map(Worker::info).orElse(null);
        return Decision.accept(new WorkerRecruited(
                state.currentPlayer().name(),
                worker.get().info(),
                1,
                state.actionPoints() - 1,
                replacement,
                uncovered));
    }

    /** The card {@code depth} below a deck's top: 0 refills the display, 1 is the card that refill uncovers. */
    private static <T> Optional<T> top(List<T> deck, int depth) {
        return deck.size() > depth ? Optional.of(deck.get(depth)) : Optional.empty();
    }

    private static Decision<BuildersEvent> sendWorker(BuildersState state, SendWorker move) {
        PlayerState player = state.currentPlayer();
        Optional<Worker> worker = player.freeWorker(move.worker());
        if (worker.isEmpty()) {
            return player.hasBusyWorker(move.worker())
                    ? Decision.reject(
                            "worker-busy",
                            "Worker " + move.worker()
                                    + " stays on its construction site until that building is finished.")
                    : Decision.reject("no-such-card", "Worker " + move.worker() + " is not one of your workers.");
        }
        Optional<Site> site = player.site(move.building());
        if (site.isEmpty()) {
            return notASite(player, move.building());
        }
        int cost = state.sendCost(move.building());
        if (state.actionPoints() < cost) {
            return notEnoughActionPoints(state, cost);
        }
        int wage = worker.get().wage();
        if (player.coins() < wage) {
            return Decision.reject(
                    "cannot-afford-wage",
                    "This worker's wage is " + wage + " coins and you have " + player.coins() + ".");
        }
        Site after = site.get().with(worker.get());
        WorkerSent sent = new WorkerSent(
                player.name(),
                worker.get().info(),
                after.building().info(),
                wage,
                cost,
                state.actionPoints() - cost,
                player.coins() - wage);
        return after.complete()
                ? Decision.accept(sent, completed(player, after, player.coins() - wage))
                : Decision.accept(sent);
    }

    /** A completed machine works like a worker: the same AP, the same escalation on one building, but no wage. */
    private static Decision<BuildersEvent> sendMachine(BuildersState state, SendMachine move) {
        PlayerState player = state.currentPlayer();
        Optional<Building> machine = player.freeMachine(move.machine());
        if (machine.isEmpty()) {
            if (player.hasBusyMachine(move.machine())) {
                return Decision.reject(
                        "machine-busy",
                        "Machine " + move.machine()
                                + " stays on its construction site until that building is finished.");
            }
            if (state.unfinishedMachine(move.machine())) {
                return Decision.reject(
                        "machine-not-complete",
                        "Machine " + move.machine() + " is not built yet: a machine works only once it is completed.");
            }
            return Decision.reject("no-such-card", "Card " + move.machine() + " is not one of your machines.");
        }
        Optional<Site> site = player.site(move.building());
        if (site.isEmpty()) {
            return notASite(player, move.building());
        }
        int cost = state.sendCost(move.building());
        if (state.actionPoints() < cost) {
            return notEnoughActionPoints(state, cost);
        }
        Site after = site.get().with(machine.get());
        MachineSent sent = new MachineSent(
                player.name(), machine.get().info(), after.building().info(), cost, state.actionPoints() - cost);
        return after.complete()
                ? Decision.accept(sent, completed(player, after, player.coins()))
                : Decision.accept(sent);
    }

    private static Decision<BuildersEvent> notASite(PlayerState player, int building) {
        return player.hasCompleted(building)
                ? Decision.reject("building-complete", "Building " + building + " is already finished.")
                : Decision.reject("no-such-card", "Building " + building + " is not one of your construction sites.");
    }

    /** The site {@code after} is complete: its coins (none for a machine) and VP; its workers and machines return. */
    private static BuildingCompleted completed(PlayerState player, Site after, int coinsBefore) {
        Building building = after.building();
        return new BuildingCompleted(
                player.name(),
                building.info(),
                building.victoryPoints(),
                building.coins(),
                after.workers().stream().map(Worker::id).toList(),
                after.machines().stream().map(Building::id).toList(),
                player.buildingVictoryPoints() + building.victoryPoints(),
                coinsBefore + building.coins());
    }

    private static Decision<BuildersEvent> takeCoins(BuildersState state, TakeCoins move) {
        int points = move.actionPoints();
        if (points < 1 || points > MOST_ACTION_POINTS_FOR_COINS) {
            // ASSUMPTION: no source describes taking coins with 4 or more AP at once (builders.md section 9, gap 3).
            return Decision.reject("invalid-action-points", "Taking coins uses 1, 2 or 3 action points.");
        }
        if (state.actionPoints() < points) {
            return notEnoughActionPoints(state, points);
        }
        PlayerState player = state.currentPlayer();
        int coins = BuildersData.coinsFor(points);
        return Decision.accept(
                new CoinsTaken(player.name(), points, coins, state.actionPoints() - points, player.coins() + coins));
    }

    private static Decision<BuildersEvent> buyActionPoint(BuildersState state) {
        PlayerState player = state.currentPlayer();
        if (player.coins() < ACTION_POINT_PRICE) {
            return Decision.reject(
                    "cannot-afford-action",
                    "An extra action point costs " + ACTION_POINT_PRICE + " coins and you have " + player.coins()
                            + ".");
        }
        return Decision.accept(new ActionPointBought(
                player.name(), ACTION_POINT_PRICE, state.actionPoints() + 1, player.coins() - ACTION_POINT_PRICE));
    }

    private static Decision<BuildersEvent> notEnoughActionPoints(BuildersState state, int needed) {
        return Decision.reject(
                "not-enough-action-points",
                "This action needs " + needed
                        + " action points and you have " + state.actionPoints() + "; buy more for " + ACTION_POINT_PRICE
                        + " coins each.");
    }
}
