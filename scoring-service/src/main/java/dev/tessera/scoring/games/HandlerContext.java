package dev.tessera.scoring.games;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.events.TesseraEvent;
import io.smallrye.mutiny.Uni;

/**
 * What a handler is given beside the game and its event: the way to publish a result on scoring-events, and
 * the events' JSON mapper (to read an event as a calculator's input).
 */
interface HandlerContext {
    /** Publishes {@code result} on scoring-events as the game's next scoring version, through the outbox. */
    Uni<Void> publish(ScoredGame game, TesseraEvent result);

    ObjectMapper mapper();
}
