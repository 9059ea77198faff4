package dev.tessera.events.carrara;

import dev.tessera.events.EventType;

/**
 * Expansion: the player chose to buy stones without turning the wheel, so no stone was drawn from the bag
 * and the wheel's prices stayed as they were.
 */
@EventType("tessera.carrara.RotationSkipped")
public record RotationSkipped(String player) implements CarraraEvent {}
