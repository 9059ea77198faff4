package dev.tessera.events.lobby;

import dev.tessera.events.EventType;

/**
 * The table's game is over (status {@code finished}): game-service's {@code GameEnded}, or scoring-service's
 * {@code FinalStandings} of the game, whichever lobby-service applied first. Published once per table, after its
 * {@link PlayBegan}, by lobby-service in the transaction that changes the table's status; the last event of the
 * table's stream.
 *
 * @param gameId the game that ended
 */
@EventType("tessera.lobby.TableFinished")
public record TableFinished(String tableId, String gameId) implements LobbyEvent {}
