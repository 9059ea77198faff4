package dev.tessera.game.alhambra;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The wall sides of a tile as a bit set; in JSON a subset of "NESW" in that order (N = top edge).
 * Tiles are never rotated, so a side's wall is fixed.
 */
public record Walls(int mask) {
    public static final int N = 1;
    public static final int E = 2;
    public static final int S = 4;
    public static final int W = 8;
    public static final Walls NONE = new Walls(0);

    private static final String SIDES = "NESW";

    public Walls {
        if (mask < 0 || mask > 15) {
            throw new IllegalArgumentException("walls mask out of range: " + mask);
        }
    }

    /** Parses a subset of "NESW" in any order, each side at most once; "" is no wall. */
    @JsonCreator
    public static Walls parse(String sides) {
        if (sides == null) {
            throw new IllegalArgumentException("walls must be a subset of NESW, not null");
        }
        int mask = 0;
        for (char c : sides.toCharArray()) {
            int i = SIDES.indexOf(c);
            if (i < 0 || (mask & (1 << i)) != 0) {
                throw new IllegalArgumentException("walls must be a subset of NESW, each side once: " + sides);
            }
            mask |= 1 << i;
        }
        return new Walls(mask);
    }

    public boolean has(int side) {
        return (mask & side) != 0;
    }

    @JsonValue
    public String code() {
        StringBuilder b = new StringBuilder(4);
        for (int i = 0; i < 4; i++) {
            if ((mask & (1 << i)) != 0) {
                b.append(SIDES.charAt(i));
            }
        }
        return b.toString();
    }

    @Override
    public String toString() {
        return code();
    }
}
