package dev.tessera.game.rules;

import java.util.List;

/** The answer of {@link RulesEngine#decide}: the events a legal move produces, or the rule it breaks. */
public sealed interface Decision<E> {

    record Accepted<E>(List<E> events) implements Decision<E> {
        public Accepted {
            events = List.copyOf(events);
        }
    }

    /**
     * @param rule   stable kebab-case rule code, e.g. {@code wall-mismatch}; clients switch on it
     * @param detail a sentence a player can act on
     */
    record Rejected<E>(String rule, String detail) implements Decision<E> {}

    static <E> Decision<E> accept(List<E> events) {
        return new Accepted<>(events);
    }

    @SafeVarargs
    static <E> Decision<E> accept(E... events) {
        return new Accepted<>(List.of(events));
    }

    static <E> Decision<E> reject(String rule, String detail) {
        return new Rejected<>(rule, detail);
    }
}
