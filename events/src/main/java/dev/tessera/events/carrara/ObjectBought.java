package dev.tessera.events.carrara;

import dev.tessera.events.EventType;

/** The extra purchase after the action: one object from the main board, e.g. "crown", for {@code price} coins. */
@EventType("tessera.carrara.ObjectBought")
public record ObjectBought(String player, String object, int price) implements CarraraEvent {}
