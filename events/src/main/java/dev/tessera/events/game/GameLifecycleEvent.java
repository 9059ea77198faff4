package dev.tessera.events.game;

import dev.tessera.events.TesseraEvent;

/** Facts every game has, whatever its rules; published by game-service on {@code game-events}, keyed by game id. */
public sealed interface GameLifecycleEvent extends TesseraEvent
        permits GameStarted, GameEnded, PlayerTimedOut, SeatTakenByBot, MovesTakenBack, SeedRevealed {
    String gameId();
}
