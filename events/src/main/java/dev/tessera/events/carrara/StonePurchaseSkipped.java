package dev.tessera.events.carrara;

import dev.tessera.events.EventType;

/** After turning the wheel the player could afford no stone (but still had coins), so bought none. */
@EventType("tessera.carrara.StonePurchaseSkipped")
public record StonePurchaseSkipped(String player) implements CarraraEvent {}
