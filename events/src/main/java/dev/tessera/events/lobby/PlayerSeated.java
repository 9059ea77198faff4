package dev.tessera.events.lobby;

import dev.tessera.events.EventType;

@EventType("tessera.lobby.PlayerSeated")
public record PlayerSeated(String tableId, String player, int seat) implements LobbyEvent {}
