package dev.tessera.game.builders;

import static dev.tessera.game.builders.BuildersData.TARGET_VICTORY_POINTS;

import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.events.builders.BuildersEvent.GameEndTriggered;
import dev.tessera.events.builders.BuildersEvent.GameFinished;
import dev.tessera.events.builders.BuildersEvent.TurnEnded;
import dev.tessera.events.builders.PlayerTally;
import dev.tessera.game.rules.Decision;
import java.util.ArrayList;
import java.util.List;

/**
 * The end of a turn and of the game: the target VP, or a stalemate, triggers the end, which comes after the round;
 * the last turn of the game closes it with every player's tally.
 */
final class TurnEnd {

    private TurnEnd() {}

    static Decision<BuildersEvent> endTurn(BuildersState state) {
        PlayerState player = state.currentPlayer();
        int vp = player.buildingVictoryPoints();
        List<BuildersEvent> events = new ArrayList<>();
        String triggeredBy = state.endTriggeredBy();
        if (triggeredBy == null && vp >= TARGET_VICTORY_POINTS) {
            triggeredBy = player.name();
            events.add(new GameEndTriggered(
                    player.name(), state.round(), vp, TARGET_VICTORY_POINTS, GameEndTriggered.TARGET_REACHED));
        } else if (triggeredBy == null && !anyBuildingCanStillBeCompleted(state)) {
            // ASSUMPTION: a Tessera rule, in no source: a game where no building can ever be completed again
            // would never end, so it ends like a reached target, after the round.
            triggeredBy = player.name();
            events.add(new GameEndTriggered(
                    player.name(), state.round(), vp, TARGET_VICTORY_POINTS, GameEndTriggered.STALEMATE));
        }
        boolean lastSeat = state.current() == state.players().size() - 1;
        boolean gameEnds = triggeredBy != null && lastSeat;
        String next = gameEnds
                ? null
                : state.players()
                        .get((state.current() + 1) % state.players().size())
                        .name();
        events.add(new TurnEnded(player.name(), state.round(), state.actionPoints(), vp, player.coins(), next));
        if (gameEnds) {
            List<PlayerTally> tallies = state.players().stream()
                    .map(p -> new PlayerTally(
                            p.name(),
                            p.buildingVictoryPoints(),
                            p.coins(),
                            p.completed().size()))
                    .toList();
            events.add(new GameFinished(player.name(), triggeredBy, state.round(), tallies));
        }
        return Decision.accept(events);
    }

    /**
     * False when no building can ever be completed again, so nobody's VP can change. Workers and machines only come
     * free when a building is completed, so the first completion must use a site's workers and machines plus the
     * owner's free workers and machines plus workers still to recruit (display and deck). Coins and action points
     * can always be earned.
     */
    static boolean anyBuildingCanStillBeCompleted(BuildersState state) {
        Resources recruitable = Resources.NONE;
        for (Worker worker : state.workerDisplay()) {
            recruitable = recruitable.plus(worker.supplies());
        }
        for (Worker worker : state.workerDeck()) {
            recruitable = recruitable.plus(worker.supplies());
        }
        for (PlayerState player : state.players()) {
            Resources pool = recruitable;
            for (Worker worker : player.freeWorkers()) {
                pool = pool.plus(worker.supplies());
            }
            for (Building machine : player.freeMachines()) {
                pool = pool.plus(machine.supplies());
            }
            for (Site site : player.sites()) {
                if (pool.plus(site.supplied()).covers(site.building().requires())) {
                    return true;
                }
            }
            if (coversAny(pool, state.buildingDisplay()) || coversAny(pool, state.buildingDeck())) {
                return true;
            }
        }
        return false;
    }

    private static boolean coversAny(Resources pool, List<Building> buildings) {
        for (Building building : buildings) {
            if (pool.covers(building.requires())) {
                return true;
            }
        }
        return false;
    }
}
