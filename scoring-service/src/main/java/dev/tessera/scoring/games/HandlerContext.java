package dev.tessera.scoring.games;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.events.TesseraEvent;
import io.smallrye.mutiny.Uni;

/**
 * What a handler is given beside the game and its event: the event's stream version, the way to publish a result on
 * scoring-events, and the events' JSON mapper (to read an event as a calculator's input).
 */
interface HandlerContext {
    /** The {@code streamversion} of the event being applied: its position in the game's stream. */
    long version();

    /** Publishes {@code result} on scoring-events as the game's next scoring version, through the outbox. */
    Uni<Void> publish(ScoredGame game, TesseraEvent result);

    ObjectMapper mapper();
}
