package dev.tessera.scoring.games;

import dev.tessera.events.TesseraEvent;
import io.smallrye.mutiny.Uni;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The events that change a game's scoring state, each with its one handler, built from the parts' declarations
 * ({@link ScoringHandlers}). An event of a type not in the table changes nothing but how far its game is read.
 * A handler needs either the game's row ({@link #on}: its players, its scoring version, whether it is finished) or
 * only the game's id ({@link #byGameId}: it writes rows of its own, such as where an Alhambra tile is); the second
 * kind is applied without reading or writing the game's row.
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

    /** A handler of events of {@code type} that reads or changes the game's row, for {@link ScoringHandlers#handlers}. */
    static <E extends TesseraEvent> Entry<E> on(Class<E> type, EventHandler<E> handler) {
        return new Entry<>(type, handler, null);
    }

    /**
     * A handler of events of {@code type} that needs only the game's id, for {@link ScoringHandlers#handlers}: such
     * an event is applied without the game's row, and its game's last version is moved on with the events that change
     * nothing ({@link GameScoring#advance}).
     */
    static <E extends TesseraEvent> Entry<E> byGameId(Class<E> type, GameIdHandler<E> handler) {
        return new Entry<>(type, null, handler);
    }

    /** The event types handled, in the order they were declared. */
    Set<Class<? extends TesseraEvent>> types() {
        return entries.keySet();
    }

    /** The event types whose handler needs only the game's id ({@link #byGameId}). */
    Set<Class<? extends TesseraEvent>> byGameIdTypes() {
        Set<Class<? extends TesseraEvent>> types = new LinkedHashSet<>();
        entries.values().stream().filter(Entry::byGameId).forEach(entry -> types.add(entry.type()));
        return types;
    }

    /** Whether {@code event}'s handler needs only the game's id; false for a type not in the table. */
    boolean byGameId(TesseraEvent event) {
        Entry<?> entry = entry(event);
        return entry != null && entry.byGameId();
    }

    /** Applies {@code event} with its type's handler; an event of a type not in the table changes nothing. */
    Uni<Void> apply(HandlerContext context, ScoredGame game, TesseraEvent event) {
        Entry<?> entry = entry(event);
        return entry == null ? Uni.createFrom().voidItem() : entry.apply(context, game, event);
    }

    /** Applies {@code event}, whose handler needs only the game's id ({@link #byGameId(TesseraEvent)}). */
    Uni<Void> apply(HandlerContext context, String gameId, TesseraEvent event) {
        return entry(event).apply(context, gameId, event);
    }

    /** {@code event}'s entry, or null for no event (a type this service does not know) or a type not in the table. */
    private Entry<?> entry(TesseraEvent event) {
        return event == null ? null : entries.get(event.getClass());
    }

    /**
     * One event type and its handler, which needs the game's row ({@code handler}) or only its id ({@code byId}).
     * Event types are records, so a type is matched by its class exactly.
     */
    record Entry<E extends TesseraEvent>(Class<E> type, EventHandler<E> handler, GameIdHandler<E> byId) {
        boolean byGameId() {
            return byId != null;
        }

        Uni<Void> apply(HandlerContext context, ScoredGame game, TesseraEvent event) {
            return byId != null
                    ? byId.apply(context, game.gameId, type.cast(event))
                    : handler.apply(context, game, type.cast(event));
        }

        Uni<Void> apply(HandlerContext context, String gameId, TesseraEvent event) {
            if (byId == null) {
                throw new IllegalStateException(type.getName() + " is applied with its game's row");
            }
            return byId.apply(context, gameId, type.cast(event));
        }
    }
}
