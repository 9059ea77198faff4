package dev.tessera.events.lobby;

import dev.tessera.events.EventType;

/** The host removed {@code player} from the table before it started. */
@EventType("tessera.lobby.SeatRemoved")
public record SeatRemoved(String tableId, String player, String host) implements LobbyEvent {}
