package dev.tessera.events.game;

import dev.tessera.events.EventType;

/**
 * {@code player} took back their last moves within their turn (an undo): from this event on the game is exactly as
 * it was at {@code toVersion}, as if the events after {@code toVersion} and before this one had not happened. Those
 * events stay in the stream (a stream is only ever appended to), and a reader that folds the game, or counts what
 * happened in it, leaves them out. An undo never goes back past an event that revealed something hidden or random
 * (a draw, a refill, a scoring), nor past the start of the player's turn, so nothing it takes back was ever secret
 * to anyone.
 *
 * @param player    the seat whose moves were taken back
 * @param toVersion the version the game is back at; the events after it, up to this one's version minus one, no
 *                  longer count
 * @param moves     how many moves (each one request's events) were taken back, at least one
 */
@EventType("tessera.game.MovesTakenBack")
public record MovesTakenBack(String gameId, String player, long toVersion, int moves) implements GameLifecycleEvent {}
