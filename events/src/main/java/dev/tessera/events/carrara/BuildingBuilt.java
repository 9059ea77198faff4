package dev.tessera.events.carrara;

import dev.tessera.events.EventType;
import java.util.List;

/**
 * A building taken from the display and built above one of the player's cities; the stones paid went
 * back into the bag.
 *
 * @param building type, e.g. "Palazzo"
 * @param category "city" (orange) or "land" (green)
 * @param object   the object shown on the tile, e.g. "crown"
 * @param city     the city it stands in, e.g. "Pisa"
 * @param stones   colours paid
 */
@EventType("tessera.carrara.BuildingBuilt")
public record BuildingBuilt(
        String player, String building, String category, int cost, String object, String city, List<String> stones)
        implements CarraraEvent {
    public BuildingBuilt {
        stones = List.copyOf(stones);
    }
}
