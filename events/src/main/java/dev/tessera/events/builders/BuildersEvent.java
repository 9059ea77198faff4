package dev.tessera.events.builders;

import dev.tessera.events.EventType;
import dev.tessera.events.TesseraEvent;

import java.util.List;

/**
 * The facts of a game of The Builders: Middle Ages. Nothing in them is hidden: both decks lie face up,
 * so a card drawn to refill a display was already visible, and so is the card it uncovers.
 * Coins move only between a player and the bank; every event that moves coins names the amount.
 */
public sealed interface BuildersEvent extends TesseraEvent {

    /** The player who acted. */
    String player();

    /**
     * A player took a building from the display to build it.
     *
     * @param replacement the deck's top card, moved into the display; null when the deck was empty
     * @param deckTop     the card the draw uncovered on the deck; null when the deck is now empty
     */
    @EventType("tessera.builders.ConstructionStarted")
    record ConstructionStarted(String player, BuildingInfo building, int actionPointsSpent,
            int actionPointsLeft, BuildingInfo replacement, BuildingInfo deckTop) implements BuildersEvent {
    }

    /**
     * A player recruited a worker from the display (recruiting is free of coins).
     *
     * @param replacement the deck's top card, moved into the display; null when the deck was empty
     * @param deckTop     the card the draw uncovered on the deck; null when the deck is now empty
     */
    @EventType("tessera.builders.WorkerRecruited")
    record WorkerRecruited(String player, WorkerInfo worker, int actionPointsSpent, int actionPointsLeft,
            WorkerInfo replacement, WorkerInfo deckTop) implements BuildersEvent {
    }

    /**
     * A player sent one of their free workers to one of their construction sites and paid its wage to the bank.
     *
     * @param actionPointsSpent k for the k-th worker this player sent to this building this turn
     * @param coinsLeft         the player's coins after paying the wage
     */
    @EventType("tessera.builders.WorkerSent")
    record WorkerSent(String player, WorkerInfo worker, BuildingInfo building, int wagePaid,
            int actionPointsSpent, int actionPointsLeft, int coinsLeft) implements BuildersEvent {
    }

    /**
     * A construction site's four requirements were met: the bank paid its coins, its VP were scored and its
     * workers went back to the player's free workers.
     *
     * @param buildingVictoryPoints the player's VP from buildings after this one
     */
    @EventType("tessera.builders.BuildingCompleted")
    record BuildingCompleted(String player, BuildingInfo building, int victoryPoints, int coinsEarned,
            List<Integer> returnedWorkerIds, int buildingVictoryPoints, int coinsLeft) implements BuildersEvent {
        public BuildingCompleted {
            returnedWorkerIds = List.copyOf(returnedWorkerIds);
        }
    }

    /** A player spent 1, 2 or 3 action points to take 1, 3 or 6 coins from the bank. */
    @EventType("tessera.builders.CoinsTaken")
    record CoinsTaken(String player, int actionPointsSpent, int coinsTaken, int actionPointsLeft, int coinsLeft)
            implements BuildersEvent {
    }

    /** A player paid coins to the bank for one more action point this turn. */
    @EventType("tessera.builders.ActionPointBought")
    record ActionPointBought(String player, int coinsPaid, int actionPointsLeft, int coinsLeft)
            implements BuildersEvent {
    }

    /**
     * A player ended their turn; unused action points are lost.
     *
     * @param nextPlayer whose turn it is now; null when this turn ended the game
     */
    @EventType("tessera.builders.TurnEnded")
    record TurnEnded(String player, int round, int actionPointsLost, int buildingVictoryPoints, int coins,
            String nextPlayer) implements BuildersEvent {
    }

    /**
     * The current round is the last one. Emitted once, at the end of {@code player}'s turn, either because that
     * player has at least {@code target} VP from buildings ({@value #TARGET_REACHED}), or because no building
     * can ever be completed again, every worker being stuck on sites it cannot finish ({@value #STALEMATE};
     * not in the published rules, a Tessera rule so that every game ends).
     */
    @EventType("tessera.builders.GameEndTriggered")
    record GameEndTriggered(String player, int round, int buildingVictoryPoints, int target, String reason)
            implements BuildersEvent {
        public static final String TARGET_REACHED = "target-reached";
        public static final String STALEMATE = "stalemate";
    }

    /**
     * The last round is complete and the game is over. Final scores are not computed here: the tallies carry
     * what scoring needs, in seat order.
     *
     * @param player the player whose turn ended the game
     */
    @EventType("tessera.builders.GameFinished")
    record GameFinished(String player, String triggeredBy, int rounds, List<PlayerTally> tallies)
            implements BuildersEvent {
        public GameFinished {
            tallies = List.copyOf(tallies);
        }
    }
}
