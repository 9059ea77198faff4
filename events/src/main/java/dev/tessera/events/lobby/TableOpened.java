package dev.tessera.events.lobby;

import dev.tessera.events.EventType;
import java.util.Map;

@EventType("tessera.lobby.TableOpened")
public record TableOpened(String tableId, String game, int seats, String host, Map<String, String> options)
        implements LobbyEvent {}
