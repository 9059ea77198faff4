package dev.tessera.gateway.live;

/**
 * What the tables' live feed says of a change: which table, what happened to it (the type of the event that says so),
 * and the game it concerns once there is one.
 *
 * @param tableId the table's id; null for {@code tessera.game.GameEnded}, which names the game only
 * @param type    the event's type: {@code tessera.lobby.*} (opened, a player seated, left or removed, started), or
 *                {@code tessera.game.GameStarted} (the table's game exists: the table plays it) and
 *                {@code tessera.game.GameEnded} (a game ended: its table is finished)
 * @param gameId  the game's id for the game's events, else null
 */
public record TableChange(String tableId, String type, String gameId) {}
