package dev.tessera.events.lobby;

import dev.tessera.events.EventType;
import java.util.List;
import java.util.Map;

/** The host started a full enough table: game-service creates the game from it. Players in seat order. */
@EventType("tessera.lobby.TableStarted")
public record TableStarted(String tableId, String game, List<String> players, Map<String, String> options)
        implements LobbyEvent {}
