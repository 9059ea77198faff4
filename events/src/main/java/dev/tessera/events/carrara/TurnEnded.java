package dev.tessera.events.carrara;

import dev.tessera.events.EventType;

/** {@code player}'s turn is over; {@code next} is to play (unless a {@link GameFinished} follows). */
@EventType("tessera.carrara.TurnEnded")
public record TurnEnded(String player, String next) implements CarraraEvent {}
