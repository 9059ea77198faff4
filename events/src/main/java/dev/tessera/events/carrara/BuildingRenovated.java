package dev.tessera.events.carrara;

import dev.tessera.events.EventType;
import java.util.List;

/**
 * Expansion: the player replaced one of their buildings with a higher-cost one from the display, in the same
 * city, paying the difference in cost with stones that city accepts (they went back into the bag). The replaced
 * building left the game. A {@link BuildingRevealed} refills the display.
 *
 * @param city             the city both stand in, e.g. "Pisa"
 * @param building         the new building's type, e.g. "Palazzo"
 * @param category         the new building's category, "city" or "land"
 * @param cost             the new building's cost
 * @param object           the object shown on the new tile
 * @param replacedBuilding the replaced building's type
 * @param replacedCost     the replaced building's cost
 * @param stones           colours paid: {@code cost - replacedCost} of them
 */
@EventType("tessera.carrara.BuildingRenovated")
public record BuildingRenovated(
        String player,
        String city,
        String building,
        String category,
        int cost,
        String object,
        String replacedBuilding,
        int replacedCost,
        List<String> stones)
        implements CarraraEvent {
    public BuildingRenovated {
        stones = List.copyOf(stones);
    }
}
