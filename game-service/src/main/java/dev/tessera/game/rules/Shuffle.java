package dev.tessera.game.rules;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Random;

/** The one way rules engines shuffle. */
public final class Shuffle {
    private Shuffle() {}

    /**
     * A Fisher–Yates shuffle driven only by {@code random}, so that a seed fixes the result on every JVM
     * (unlike {@code Collections.shuffle}, whose algorithm the JDK does not promise).
     */
    public static <T> List<T> shuffled(Collection<T> items, Random random) {
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
