package dev.tessera.events.game;

import dev.tessera.events.EventType;

/**
 * From now on a server-side bot plays {@code player}'s seat, so that the game can finish; the player
 * counts as having abandoned the game (last place for the ratings). {@code reason}: {@code timeout}.
 */
@EventType("tessera.game.SeatTakenByBot")
public record SeatTakenByBot(String gameId, String player, String bot, String reason) implements GameLifecycleEvent {}
