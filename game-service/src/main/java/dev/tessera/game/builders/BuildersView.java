package dev.tessera.game.builders;

import java.util.List;
import java.util.Map;

/**
 * What anyone at the table sees. Everything is public in The Builders except the order of the decks below
 * their face-up top card, so the same view serves every player and spectators.
 *
 * @param buildingDeckTop the visible top card of the building deck, or null when it is empty
 * @param workerDeckTop   the visible top card of the worker deck, or null when it is empty
 * @param currentPlayer   whose turn it is; null once the game is over
 */
public record BuildersView(List<PlayerView> players, List<Building> buildingDisplay, Building buildingDeckTop,
        int buildingDeckSize, List<Worker> workerDisplay, Worker workerDeckTop, int workerDeckSize,
        String currentPlayer, int round, int actionPoints, Map<Integer, Integer> sentThisTurn,
        String endTriggeredBy, boolean finished) {

    /** One player's area as shown at the table. */
    public record PlayerView(String name, int coins, int buildingVictoryPoints, List<Worker> freeWorkers,
            List<SiteView> sites, List<Building> completed) {

        static PlayerView of(PlayerState player) {
            return new PlayerView(player.name(), player.coins(), player.buildingVictoryPoints(),
                    player.freeWorkers(), player.sites().stream().map(SiteView::of).toList(), player.completed());
        }
    }

    /** A construction site with the resources its workers supply so far, to compare with the requirements. */
    public record SiteView(Building building, List<Worker> workers, Resources supplied) {

        static SiteView of(Site site) {
            return new SiteView(site.building(), site.workers(), site.supplied());
        }
    }
}
