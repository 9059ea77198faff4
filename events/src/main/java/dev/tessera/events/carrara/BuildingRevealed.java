package dev.tessera.events.carrara;

import dev.tessera.events.EventType;

/**
 * The top tile of the face-down pile was turned onto the display to refill it.
 *
 * @param pileLeft tiles left in the pile afterwards
 */
@EventType("tessera.carrara.BuildingRevealed")
public record BuildingRevealed(String building, String category, int cost, String object, int pileLeft)
        implements CarraraEvent {}
