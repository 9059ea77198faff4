package dev.tessera.events.carrara;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tessera.events.Upcaster;
import java.util.List;

/**
 * Version 1 of Carrara's events, from before the expansion, read as version 2: no building had an upgrade tile's
 * bonus, the object card counted every object, and there was no bonus card.
 */
public final class CarraraUpcasters {

    public static final List<Upcaster> ALL = List.of(
            Upcaster.of("tessera.carrara.ValuationRequested", 1, data -> {
                for (JsonNode building : data.path("buildings")) {
                    ((ObjectNode) building).put("bonus", 0);
                }
                return data;
            }),
            Upcaster.of("tessera.carrara.GameFinished", 1, data -> {
                data.put("vpPerLeftoverObject", 0);
                data.putNull("bonusCard");
                for (JsonNode tally : data.path("players")) {
                    ObjectNode t = (ObjectNode) tally;
                    t.set("objectsCounted", t.get("objects"));
                    t.put("bonusVp", 0);
                }
                return data;
            }));

    private CarraraUpcasters() {}
}
