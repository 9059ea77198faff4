package dev.tessera.game.alhambra;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/** Copy-on-write helpers for the immutable lists of the state. */
final class Lists {
    private Lists() {
    }

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

    /** A Fisher–Yates shuffle driven only by {@code random}, so a seed fixes the result on every JVM. */
    static <T> List<T> shuffled(Collection<T> items, Random random) {
        List<T> list = new ArrayList<>(items);
        for (int i = list.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            T t = list.get(i);
            list.set(i, list.get(j));
            list.set(j, t);
        }
        return list;
    }
}
