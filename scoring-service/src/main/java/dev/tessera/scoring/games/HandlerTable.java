package dev.tessera.scoring.games;

import dev.tessera.events.TesseraEvent;
import io.smallrye.mutiny.Uni;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The events that change a game's scoring state, each with its one handler, built from the parts' declarations
 * ({@link ScoringHandlers}). An event of a type not in the table changes nothing but how far its game is read.
 */
final class HandlerTable {
    private final Map<Class<? extends TesseraEvent>, Entry<?>> entries;

    private HandlerTable(Map<Class<? extends TesseraEvent>, Entry<?>> entries) {
        this.entries = Collections.unmodifiableMap(entries);
    }

    /** The table of every part's handlers; two handlers for one type are a mistake, refused here. */
    static HandlerTable of(ScoringHandlers... parts) {
        Map<Class<? extends TesseraEvent>, Entry<?>> entries = new LinkedHashMap<>();
        for (ScoringHandlers part : parts) {
            for (Entry<?> entry : part.handlers()) {
                if (entries.putIfAbsent(entry.type(), entry) != null) {
                    throw new IllegalStateException(
                            "two handlers for " + entry.type().getName());
                }
            }
        }
        return new HandlerTable(entries);
    }

    /** A handler of events of {@code type}, for a part's {@link ScoringHandlers#handlers}. */
    static <E extends TesseraEvent> Entry<E> on(Class<E> type, EventHandler<E> handler) {
        return new Entry<>(type, handler);
    }

    /** The event types handled, in the order they were declared. */
    Set<Class<? extends TesseraEvent>> types() {
        return entries.keySet();
    }

    /** Applies {@code event} with its type's handler; an event of a type not in the table changes nothing. */
    Uni<Void> apply(HandlerContext context, ScoredGame game, TesseraEvent event) {
        Entry<?> entry = event == null ? null : entries.get(event.getClass());
        return entry == null ? Uni.createFrom().voidItem() : entry.apply(context, game, event);
    }

    /** One event type and its handler. Event types are records, so a type is matched by its class exactly. */
    record Entry<E extends TesseraEvent>(Class<E> type, EventHandler<E> handler) {
        Uni<Void> apply(HandlerContext context, ScoredGame game, TesseraEvent event) {
            return handler.apply(context, game, type.cast(event));
        }
    }
}
