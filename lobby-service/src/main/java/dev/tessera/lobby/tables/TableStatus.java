package dev.tessera.lobby.tables;

public enum TableStatus {
    /** Waiting for players. */
    OPEN,
    /** Started by the host; waiting for game-service to create the game. */
    STARTING,
    PLAYING,
    FINISHED,
    /** Everyone left before the start: nothing more can happen at this table. */
    CLOSED
}
