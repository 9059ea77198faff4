package dev.tessera.game.rules;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * What each of a title's events does to an undo, by Board Game Arena's rule: a player may take back their moves within
 * their turn, but never past the point where something hidden or random came to light (a tile or card drawn, a
 * display refilled, the wheel's bag drawn from, a building revealed, a scoring), since the player would take back a
 * move having seen what it led to. Each title declares every one of its events here, in one place ({@code
 * AlhambraReveals}, …); {@link Builder#build} refuses a declaration that leaves out one of the title's event types,
 * so a new event cannot be added without saying what it reveals.
 *
 * @param <E> the title's events (a sealed interface)
 */
public final class Reveals<E> {

    /** What an event does to an undo. */
    public enum Effect {
        /** Shows nothing that was hidden or random: a move that caused it may be taken back. */
        NOTHING,
        /** Shows something hidden or random: nothing up to and including it can be taken back. */
        REVEALS,
        /** Ends the mover's turn: an undo never reaches back past it (the next turn is someone else's). */
        ENDS_TURN
    }

    private final Map<Class<?>, Function<E, Effect>> byType;

    private Reveals(Map<Class<?>, Function<E, Effect>> byType) {
        this.byType = Map.copyOf(byType);
    }

    /** What {@code event} does to an undo. */
    public Effect of(E event) {
        Function<E, Effect> effect = byType.get(event.getClass());
        if (effect == null) {
            throw new IllegalArgumentException(
                    "no declaration for " + event.getClass().getName());
        }
        return effect.apply(event);
    }

    /** Whether an undo may take back the move that caused {@code event} ({@link Effect#NOTHING}). */
    public boolean keepsUndo(E event) {
        return of(event) == Effect.NOTHING;
    }

    /** A declaration for the events of {@code events}, a sealed interface. */
    public static <E> Builder<E> of(Class<E> events) {
        return new Builder<>(events);
    }

    /** Declares each of a title's event types once. */
    public static final class Builder<E> {
        private final Class<E> events;
        private final Map<Class<?>, Function<E, Effect>> byType = new HashMap<>();

        private Builder(Class<E> events) {
            this.events = events;
        }

        /** Events that show nothing hidden or random. */
        @SafeVarargs
        public final Builder<E> nothing(Class<? extends E>... types) {
            return each(types, e -> Effect.NOTHING);
        }

        /** Events that always show something hidden or random. */
        @SafeVarargs
        public final Builder<E> reveals(Class<? extends E>... types) {
            return each(types, e -> Effect.REVEALS);
        }

        /** Events that end the mover's turn. */
        @SafeVarargs
        public final Builder<E> endsTurn(Class<? extends E>... types) {
            return each(types, e -> Effect.ENDS_TURN);
        }

        /** Events of {@code type} that show something hidden or random only when {@code reveals} says so. */
        @SuppressWarnings("unchecked")
        public <T extends E> Builder<E> revealsWhen(Class<T> type, Predicate<T> reveals) {
            return put(type, e -> reveals.test((T) e) ? Effect.REVEALS : Effect.NOTHING);
        }

        private Builder<E> each(Class<? extends E>[] types, Function<E, Effect> effect) {
            Arrays.stream(types).forEach(t -> put(t, effect));
            return this;
        }

        private Builder<E> put(Class<?> type, Function<E, Effect> effect) {
            if (byType.put(type, effect) != null) {
                throw new IllegalStateException(type.getName() + " is declared twice");
            }
            return this;
        }

        /** The declaration; refused unless it names every concrete event type of the title, and nothing else. */
        public Reveals<E> build() {
            List<Class<?>> concrete = new ArrayList<>();
            concreteTypes(events, concrete);
            List<String> missing = concrete.stream()
                    .filter(t -> !byType.containsKey(t))
                    .map(Class::getName)
                    .toList();
            List<String> foreign = byType.keySet().stream()
                    .filter(t -> !concrete.contains(t))
                    .map(Class::getName)
                    .toList();
            if (!missing.isEmpty() || !foreign.isEmpty()) {
                throw new IllegalStateException("what " + events.getSimpleName() + "s reveal is not declared for "
                        + missing + (foreign.isEmpty() ? "" : "; not events of the title: " + foreign));
            }
            return new Reveals<>(byType);
        }

        private static void concreteTypes(Class<?> type, List<Class<?>> into) {
            if (type.isSealed()) {
                Arrays.stream(type.getPermittedSubclasses()).forEach(t -> concreteTypes(t, into));
            } else if (!type.isInterface()) {
                into.add(type);
            } else {
                throw new IllegalStateException(type.getName() + " is neither sealed nor a record");
            }
        }
    }
}
