package dev.tessera.events.builders;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tessera.events.Upcaster;
import java.util.List;

/**
 * Version 1 of The Builders' events, from before machines, read as version 2: no card was a machine
 * ({@code machine} null in every {@link BuildingInfo}) and no machine ever came back from a site.
 */
public final class BuildersUpcasters {

    public static final List<Upcaster> ALL = List.of(
            Upcaster.of(
                    "tessera.builders.ConstructionStarted",
                    1,
                    data -> noMachine(data, "building", "replacement", "deckTop")),
            Upcaster.of("tessera.builders.WorkerSent", 1, data -> noMachine(data, "building")),
            Upcaster.of("tessera.builders.BuildingCompleted", 1, data -> {
                noMachine(data, "building");
                data.putArray("returnedMachineIds");
                return data;
            }));

    private BuildersUpcasters() {}

    /** Marks each named card (a BuildingInfo, or null) as an ordinary building. */
    private static ObjectNode noMachine(ObjectNode data, String... cards) {
        for (String card : cards) {
            if (data.get(card) instanceof ObjectNode building) {
                building.putNull("machine");
            }
        }
        return data;
    }
}
