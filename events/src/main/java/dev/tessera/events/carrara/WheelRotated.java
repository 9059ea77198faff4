package dev.tessera.events.carrara;

import dev.tessera.events.EventType;
import java.util.List;

/**
 * The player chose to buy stones: the wheel turned one section (section VI's stones coming back to I)
 * and {@code drawn} stones were drawn from the bag onto section I, up to 11 on the wheel.
 *
 * @param drawn      colours drawn, in draw order (public: they lie on the wheel now)
 * @param bagLeft    stones left in the bag afterwards
 */
@EventType("tessera.carrara.WheelRotated")
public record WheelRotated(String player, List<String> drawn, int bagLeft) implements CarraraEvent {
    public WheelRotated {
        drawn = List.copyOf(drawn);
    }
}
