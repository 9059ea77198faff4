package dev.tessera.game.builders;

import dev.tessera.events.builders.WorkerInfo;
import java.util.Locale;

/** A worker card: the resources it supplies on a construction site and its wage. */
public record Worker(int id, WorkerType type, Resources supplies) {

    public int wage() {
        return type.wage();
    }

    public WorkerInfo info() {
        return new WorkerInfo(
                id,
                type.name().toLowerCase(Locale.ROOT),
                supplies.stone(),
                supplies.wood(),
                supplies.knowledge(),
                supplies.tile(),
                wage());
    }
}
