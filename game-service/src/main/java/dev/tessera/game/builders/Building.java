package dev.tessera.game.builders;

import dev.tessera.events.builders.BuildingInfo;
import dev.tessera.events.builders.MachineInfo;

/**
 * A building card: the resources it requires and the VP and coins its completion pays. A machine is a building
 * card too: it pays no coins ({@code coins} 0), and once completed it works on its owner's sites like a worker
 * without wage, supplying {@code supplies}.
 *
 * @param supplies what a machine supplies once completed; null for an ordinary building
 */
public record Building(int id, String name, Resources requires, int victoryPoints, int coins, Resources supplies) {

    public boolean machine() {
        return supplies != null;
    }

    public BuildingInfo info() {
        return new BuildingInfo(
                id,
                name,
                requires.stone(),
                requires.wood(),
                requires.knowledge(),
                requires.tile(),
                victoryPoints,
                coins,
                machine()
                        ? new MachineInfo(supplies.stone(), supplies.wood(), supplies.knowledge(), supplies.tile())
                        : null);
    }
}
