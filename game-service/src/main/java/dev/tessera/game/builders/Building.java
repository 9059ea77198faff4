package dev.tessera.game.builders;

import dev.tessera.events.builders.BuildingInfo;

/** A building card: the resources it requires and the VP and coins its completion pays. */
public record Building(int id, String name, Resources requires, int victoryPoints, int coins) {

    public BuildingInfo info() {
        return new BuildingInfo(id, name, requires.stone(), requires.wood(), requires.knowledge(), requires.tile(),
                victoryPoints, coins);
    }
}
