package dev.tessera.events.lobby;

import dev.tessera.events.EventType;

/**
 * The table's game exists (game-service recorded its {@code GameStarted}): the table, started before, now plays it
 * (status {@code playing}). Published once per table, after its {@link TableStarted}, by lobby-service in the
 * transaction that changes the table's status.
 *
 * @param gameId the game the table plays
 */
@EventType("tessera.lobby.PlayBegan")
public record PlayBegan(String tableId, String gameId) implements LobbyEvent {}
