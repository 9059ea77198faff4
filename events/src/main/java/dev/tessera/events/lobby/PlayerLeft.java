package dev.tessera.events.lobby;

import dev.tessera.events.EventType;

@EventType("tessera.lobby.PlayerLeft")
public record PlayerLeft(String tableId, String player) implements LobbyEvent {}
