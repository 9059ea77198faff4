package dev.tessera.events.builders;

/**
 * A building card as events describe it, so that a consumer needs no card catalogue: the resources it
 * requires and what completing it pays. Eight of the building cards are machines: completed, a machine pays
 * its VP and no coins, and then works on its owner's sites like a worker without wage.
 *
 * @param machine null when the card is an ordinary building; for a machine, what it supplies once completed
 */
public record BuildingInfo(
        int id,
        String name,
        int stone,
        int wood,
        int knowledge,
        int tile,
        int victoryPoints,
        int coins,
        MachineInfo machine) {

    /** An ordinary building card, not a machine. */
    public BuildingInfo(
            int id, String name, int stone, int wood, int knowledge, int tile, int victoryPoints, int coins) {
        this(id, name, stone, wood, knowledge, tile, victoryPoints, coins, null);
    }
}
