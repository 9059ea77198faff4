package dev.tessera.events;

import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.events.carrara.CarraraEvent;
import dev.tessera.events.game.GameLifecycleEvent;
import dev.tessera.events.lobby.LobbyEvent;
import dev.tessera.events.scoring.ScoringEvent;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every published event type, found by walking the sealed hierarchies under {@link #ROOTS}: adding a
 * record to a sealed interface is all it takes to publish a new type.
 */
public final class EventTypes {
    /** Base URI of the JSON Schemas; a type's schema is {@code <base>/<type>/v<version>.json}. */
    public static final String SCHEMA_BASE = "https://tessera.dev/schemas/events";

    static final List<Class<? extends TesseraEvent>> ROOTS = List.of(
            LobbyEvent.class,
            GameLifecycleEvent.class,
            AlhambraEvent.class,
            BuildersEvent.class,
            CarraraEvent.class,
            ScoringEvent.class);

    private static final Map<String, Class<? extends TesseraEvent>> BY_NAME = new HashMap<>();

    static {
        Deque<Class<?>> todo = new ArrayDeque<>(ROOTS);
        while (!todo.isEmpty()) {
            Class<?> c = todo.pop();
            if (c.isSealed()) {
                todo.addAll(List.of(c.getPermittedSubclasses()));
            } else {
                EventType type = c.getAnnotation(EventType.class);
                if (type == null) {
                    throw new IllegalStateException(c.getName() + " is a published event without @EventType");
                }
                Class<? extends TesseraEvent> previous = BY_NAME.put(type.value(), c.asSubclass(TesseraEvent.class));
                if (previous != null) {
                    throw new IllegalStateException(
                            "event type " + type.value() + " used by " + previous.getName() + " and " + c.getName());
                }
            }
        }
    }

    private EventTypes() {}

    public static Collection<Class<? extends TesseraEvent>> all() {
        return BY_NAME.values();
    }

    /** The record class of a type name, or null when the name is unknown. */
    public static Class<? extends TesseraEvent> byName(String name) {
        return BY_NAME.get(name);
    }

    public static EventType of(Class<?> eventClass) {
        EventType type = eventClass.getAnnotation(EventType.class);
        if (type == null) {
            throw new IllegalArgumentException(eventClass.getName() + " has no @EventType");
        }
        return type;
    }

    public static String name(TesseraEvent event) {
        return of(event.getClass()).value();
    }

    public static String schemaUri(String name, int version) {
        return SCHEMA_BASE + "/" + name + "/v" + version + ".json";
    }
}
