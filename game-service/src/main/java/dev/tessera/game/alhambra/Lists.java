package dev.tessera.game.alhambra;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/** Copy-on-write helpers for the immutable lists of the state. */
final class Lists {
    private Lists() {}

    static <T> List<T> edit(List<T> list, UnaryOperator<List<T>> change) {
        return change.apply(new ArrayList<>(list));
    }

    static <T> List<T> plus(List<T> list, Collection<? extends T> more) {
        List<T> copy = new ArrayList<>(list.size() + more.size());
        copy.addAll(list);
        copy.addAll(more);
        return copy;
    }

    static <T> List<T> plus(List<T> list, T one) {
        return plus(list, List.of(one));
    }

    static <T> List<T> without(List<T> list, Predicate<? super T> drop) {
        List<T> copy = new ArrayList<>(list.size());
        for (T t : list) {
            if (!drop.test(t)) {
                copy.add(t);
            }
        }
        return copy;
    }
}
