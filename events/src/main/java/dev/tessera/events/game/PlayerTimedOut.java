package dev.tessera.events.game;

import dev.tessera.events.EventType;
import java.time.OffsetDateTime;

/**
 * {@code player}'s clock ran out while the game waited for them. Unless they move before
 * {@code graceEnds}, a server-side bot takes their seat ({@link SeatTakenByBot}).
 */
@EventType("tessera.game.PlayerTimedOut")
public record PlayerTimedOut(String gameId, String player, OffsetDateTime graceEnds) implements GameLifecycleEvent {}
