package dev.tessera.game.builders;

import java.util.List;
import java.util.Map;

/**
 * What anyone at the table sees, as JSON ({@link View} builds it). Everything is public in The Builders except the
 * order of the decks below their face-up top card, so the same view serves every player and spectators.
 *
 * @param buildingDeckTop the visible top card of the building deck, or null when it is empty
 * @param workerDeckTop   the visible top card of the worker deck, or null when it is empty
 * @param currentPlayer   whose turn it is; null once the game is over
 * @param wages           each worker rank's wage in coins (a worker card names its rank), so that a client shows
 *                        wages without a table of its own
 */
public record BuildersView(
        List<PlayerView> players,
        List<Building> buildingDisplay,
        Building buildingDeckTop,
        int buildingDeckSize,
        List<Worker> workerDisplay,
        Worker workerDeckTop,
        int workerDeckSize,
        String currentPlayer,
        int round,
        int actionPoints,
        Map<Integer, Integer> sentThisTurn,
        String endTriggeredBy,
        boolean finished,
        Map<String, Integer> wages) {

    /**
     * One player's area as shown at the table.
     *
     * @param buildingVictoryPoints VP of the completed buildings, machines included
     * @param freeMachines          completed machines ready to be sent to work
     * @param completed             completed building cards, machines included
     */
    public record PlayerView(
            String name,
            int coins,
            int buildingVictoryPoints,
            List<Worker> freeWorkers,
            List<Building> freeMachines,
            List<SiteView> sites,
            List<Building> completed) {}

    /**
     * A construction site with the resources its workers and machines supply so far, to compare with the
     * requirements.
     */
    public record SiteView(Building building, List<Worker> workers, List<Building> machines, Resources supplied) {}
}
