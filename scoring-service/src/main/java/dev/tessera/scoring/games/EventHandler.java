package dev.tessera.scoring.games;

import dev.tessera.events.TesseraEvent;
import io.smallrye.mutiny.Uni;

/**
 * How one event type changes a game's scoring state, in the transaction that records the event as processed:
 * rows written, results published through {@code context}.
 */
@FunctionalInterface
interface EventHandler<E extends TesseraEvent> {
    Uni<Void> apply(HandlerContext context, ScoredGame game, E event);
}
