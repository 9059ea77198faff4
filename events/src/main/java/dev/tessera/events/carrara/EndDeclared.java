package dev.tessera.events.carrara;

import dev.tessera.events.EventType;

/** A player who met the three goals declared the end; the round is completed and they score {@code bonusVp}. */
@EventType("tessera.carrara.EndDeclared")
public record EndDeclared(String player, int bonusVp) implements CarraraEvent {}
