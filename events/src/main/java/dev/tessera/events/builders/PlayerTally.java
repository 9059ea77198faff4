package dev.tessera.events.builders;

/**
 * One player's standing when The Builders ends: everything final scoring needs (building VP, then
 * 1 VP per full 10 coins; ties broken by building VP, then coins). Machines are building cards: their VP are
 * in {@code buildingVictoryPoints} and they count in {@code buildingsCompleted}.
 */
public record PlayerTally(String player, int buildingVictoryPoints, int coins, int buildingsCompleted) {}
