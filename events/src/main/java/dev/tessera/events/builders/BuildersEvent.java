package dev.tessera.events.builders;

import dev.tessera.events.AwaitsAnswer;
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
     * A player took a building (or a machine) from the display to build it. Version 2: {@link BuildingInfo}
     * says whether the card is a machine.
     *
     * @param replacement the deck's top card, moved into the display; null when the deck was empty
     * @param deckTop     the card the draw uncovered on the deck; null when the deck is now empty
     */
    @EventType(value = "tessera.builders.ConstructionStarted", version = 2)
    record ConstructionStarted(
            String player,
            BuildingInfo building,
            int actionPointsSpent,
            int actionPointsLeft,
            BuildingInfo replacement,
            BuildingInfo deckTop)
            implements BuildersEvent {}

    /**
     * A player recruited a worker from the display (recruiting is free of coins).
     *
     * @param replacement the deck's top card, moved into the display; null when the deck was empty
     * @param deckTop     the card the draw uncovered on the deck; null when the deck is now empty
     */
    @EventType("tessera.builders.WorkerRecruited")
    record WorkerRecruited(
            String player,
            WorkerInfo worker,
            int actionPointsSpent,
            int actionPointsLeft,
            WorkerInfo replacement,
            WorkerInfo deckTop)
            implements BuildersEvent {}

    /**
     * A player sent one of their free workers to one of their construction sites and paid its wage to the bank.
     * Version 2: {@link BuildingInfo} says whether the card is a machine.
     *
     * @param actionPointsSpent k for the k-th worker or machine this player sent to this building this turn
     * @param coinsLeft         the player's coins after paying the wage
     */
    @EventType(value = "tessera.builders.WorkerSent", version = 2)
    record WorkerSent(
            String player,
            WorkerInfo worker,
            BuildingInfo building,
            int wagePaid,
            int actionPointsSpent,
            int actionPointsLeft,
            int coinsLeft)
            implements BuildersEvent {}

    /**
     * A player sent one of their completed machines to one of their construction sites. A machine works like a
     * worker and costs action points the same way, but it is paid no wage, so no coins move.
     *
     * @param machine           the machine card (its {@code machine} says what it supplies)
     * @param actionPointsSpent k for the k-th worker or machine this player sent to this building this turn
     */
    @EventType("tessera.builders.MachineSent")
    record MachineSent(
            String player, BuildingInfo machine, BuildingInfo building, int actionPointsSpent, int actionPointsLeft)
            implements BuildersEvent {}

    /**
     * A construction site's four requirements were met: the bank paid its coins, its VP were scored and its
     * workers and machines went back to the player's free workers and machines. A completed machine pays no coins
     * ({@code coinsEarned} 0) and joins its owner's free machines. Version 2: {@code returnedMachineIds}, and
     * {@link BuildingInfo} says whether the card is a machine.
     *
     * @param returnedWorkerIds     the site's workers, in the order they were sent
     * @param returnedMachineIds    the site's machines, in the order they were sent
     * @param buildingVictoryPoints the player's VP from buildings (machines included) after this one
     */
    @EventType(value = "tessera.builders.BuildingCompleted", version = 2)
    record BuildingCompleted(
            String player,
            BuildingInfo building,
            int victoryPoints,
            int coinsEarned,
            List<Integer> returnedWorkerIds,
            List<Integer> returnedMachineIds,
            int buildingVictoryPoints,
            int coinsLeft)
            implements BuildersEvent {
        public BuildingCompleted {
            returnedWorkerIds = List.copyOf(returnedWorkerIds);
            returnedMachineIds = List.copyOf(returnedMachineIds);
        }

        /** A completion that gives back workers only, no machine (as every completion did in version 1). */
        public BuildingCompleted(
                String player,
                BuildingInfo building,
                int victoryPoints,
                int coinsEarned,
                List<Integer> returnedWorkerIds,
                int buildingVictoryPoints,
                int coinsLeft) {
            this(
                    player,
                    building,
                    victoryPoints,
                    coinsEarned,
                    returnedWorkerIds,
                    List.of(),
                    buildingVictoryPoints,
                    coinsLeft);
        }
    }

    /** A player spent 1, 2 or 3 action points to take 1, 3 or 6 coins from the bank. */
    @EventType("tessera.builders.CoinsTaken")
    record CoinsTaken(String player, int actionPointsSpent, int coinsTaken, int actionPointsLeft, int coinsLeft)
            implements BuildersEvent {}

    /** A player paid coins to the bank for one more action point this turn. */
    @EventType("tessera.builders.ActionPointBought")
    record ActionPointBought(String player, int coinsPaid, int actionPointsLeft, int coinsLeft)
            implements BuildersEvent {}

    /**
     * A player ended their turn; unused action points are lost.
     *
     * @param nextPlayer whose turn it is now; null when this turn ended the game
     */
    @EventType("tessera.builders.TurnEnded")
    record TurnEnded(
            String player, int round, int actionPointsLost, int buildingVictoryPoints, int coins, String nextPlayer)
            implements BuildersEvent {}

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
            implements BuildersEvent, AwaitsAnswer {
        public GameFinished {
            tallies = List.copyOf(tallies);
        }
    }
}
