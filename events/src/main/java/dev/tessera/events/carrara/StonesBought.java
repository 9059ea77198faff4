package dev.tessera.events.carrara;

import dev.tessera.events.EventType;
import java.util.List;

/**
 * Stones bought from one section of the wheel.
 *
 * @param section 1 (I) to 6 (VI)
 * @param stones  colours taken
 * @param price   coins paid in total (free stones count 0)
 */
@EventType("tessera.carrara.StonesBought")
public record StonesBought(String player, int section, List<String> stones, int price) implements CarraraEvent {
    public StonesBought {
        stones = List.copyOf(stones);
    }
}
