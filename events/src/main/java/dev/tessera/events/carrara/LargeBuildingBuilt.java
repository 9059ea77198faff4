package dev.tessera.events.carrara;

import dev.tessera.events.EventType;
import java.util.List;

/**
 * Expansion: one of the six cost-8 buildings of the extra board built above one of the player's cities;
 * the stones paid went back into the bag. The player then takes an upgrade tile ({@link UpgradeTaken}).
 * The extra board is not refilled.
 *
 * @param building type, e.g. "Villa"
 * @param category "city" (orange) or "land" (green)
 * @param cost     8
 * @param object   the object shown on the tile, e.g. "flag"
 * @param city     the city it stands in, e.g. "Lerici"
 * @param stones   colours paid
 */
@EventType("tessera.carrara.LargeBuildingBuilt")
public record LargeBuildingBuilt(
        String player, String building, String category, int cost, String object, String city, List<String> stones)
        implements CarraraEvent {
    public LargeBuildingBuilt {
        stones = List.copyOf(stones);
    }
}
