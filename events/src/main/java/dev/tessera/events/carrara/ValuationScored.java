package dev.tessera.events.carrara;

import dev.tessera.events.EventType;
import java.util.List;

/**
 * The scoring service's answer to {@link ValuationRequested} (appended by the game service, never by
 * the rules engine's decide()): what the player receives.
 *
 * @param valuation the number of the request answered
 * @param objects   objects taken from the supply, one entry per object
 */
@EventType("tessera.carrara.ValuationScored")
public record ValuationScored(
        int valuation, String player, String kind, String target, int vp, int coins, List<String> objects)
        implements CarraraEvent {
    public ValuationScored {
        objects = List.copyOf(objects);
    }
}
