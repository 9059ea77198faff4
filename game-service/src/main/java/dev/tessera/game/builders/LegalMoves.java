package dev.tessera.game.builders;

import static dev.tessera.game.builders.BuildersData.ACTION_POINT_PRICE;
import static dev.tessera.game.builders.BuildersData.MOST_ACTION_POINTS_FOR_COINS;

import dev.tessera.game.builders.BuildersMove.BuyActionPoint;
import dev.tessera.game.builders.BuildersMove.EndTurn;
import dev.tessera.game.builders.BuildersMove.RecruitWorker;
import dev.tessera.game.builders.BuildersMove.SendMachine;
import dev.tessera.game.builders.BuildersMove.SendWorker;
import dev.tessera.game.builders.BuildersMove.StartConstruction;
import dev.tessera.game.builders.BuildersMove.TakeCoins;
import java.util.ArrayList;
import java.util.List;

/**
 * Every move {@link Decide} accepts from a player now, in a fixed order: start constructions, recruit workers, send
 * workers and machines site by site, take coins, buy an action point, end the turn.
 */
final class LegalMoves {

    private LegalMoves() {}

    /** Empty when the game is over or it is not {@code player}'s turn. */
    static List<BuildersMove> of(BuildersState state, String player) {
        if (state.finished() || !state.currentPlayer().name().equals(player)) {
            return List.of();
        }
        PlayerState me = state.currentPlayer();
        int points = state.actionPoints();
        List<BuildersMove> moves = new ArrayList<>();
        if (points >= 1) {
            state.buildingDisplay().forEach(b -> moves.add(new StartConstruction(b.id())));
            state.workerDisplay().forEach(w -> moves.add(new RecruitWorker(w.id())));
        }
        for (Site site : me.sites()) {
            int cost = state.sendCost(site.building().id());
            if (points < cost) {
                continue;
            }
            for (Worker worker : me.freeWorkers()) {
                if (worker.wage() <= me.coins()) {
                    moves.add(new SendWorker(worker.id(), site.building().id()));
                }
            }
            for (Building machine : me.freeMachines()) {
                moves.add(new SendMachine(machine.id(), site.building().id()));
            }
        }
        for (int take = 1; take <= MOST_ACTION_POINTS_FOR_COINS && take <= points; take++) {
            moves.add(new TakeCoins(take));
        }
        if (me.coins() >= ACTION_POINT_PRICE) {
            moves.add(new BuyActionPoint());
        }
        moves.add(new EndTurn());
        return moves;
    }
}
