package dev.tessera.scoring.builders;

import dev.tessera.scoring.standings.Contender;
import java.util.List;

/** A player of The Builders at game end: victory points from completed buildings and coins in hand. */
public record BuildersFinalScore(String player, int buildingVp, int coins) {

    static final int COINS_PER_VP = 10;

    public BuildersFinalScore {
        if (buildingVp < 0 || coins < 0) {
            throw new IllegalArgumentException("negative score for " + player);
        }
    }

    /** Building VP plus 1 VP per full 10 coins (game-service/docs/builders.md). */
    public int total() {
        return buildingVp + coins / COINS_PER_VP;
    }

    /** Ties on the total go to more building VP, then more coins (BGA's French help). */
    Contender contender() {
        return new Contender(player, total(), List.of(buildingVp, coins));
    }
}
