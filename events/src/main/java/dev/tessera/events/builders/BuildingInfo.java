package dev.tessera.events.builders;

/**
 * A building card as events describe it, so that a consumer needs no card catalogue: the resources it
 * requires and what completing it pays.
 */
public record BuildingInfo(int id, String name, int stone, int wood, int knowledge, int tile,
        int victoryPoints, int coins) {
}
