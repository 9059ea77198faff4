package dev.tessera.gateway.live;

/**
 * What the tables' live feed says of a change: which table, what happened to it (the type of the event that says so),
 * and the game it concerns once there is one.
 *
 * @param tableId the table's id
 * @param type    the lobby event's type: {@code tessera.lobby.*} (opened, a player seated, left or removed, started,
 *                {@code PlayBegan}: the table's game exists and the table plays it, {@code TableFinished}: its game is
 *                over), or any type a later release of lobby-service adds
 * @param gameId  the table's game for {@code PlayBegan} and {@code TableFinished}, else null
 */
public record TableChange(String tableId, String type, String gameId) {}
