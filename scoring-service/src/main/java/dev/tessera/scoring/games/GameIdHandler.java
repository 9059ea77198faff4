package dev.tessera.scoring.games;

import dev.tessera.events.TesseraEvent;
import io.smallrye.mutiny.Uni;

/**
 * How one event type changes a game's scoring state when it needs only the game's id (rows of its own, not the game's
 * row), in the transaction that records the event as processed ({@link HandlerTable#byGameId}).
 */
@FunctionalInterface
interface GameIdHandler<E extends TesseraEvent> {
    Uni<Void> apply(HandlerContext context, String gameId, E event);
}
