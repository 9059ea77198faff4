package dev.tessera.scoring.alhambra;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * A side of a square tile. x grows east and y grows south; the square (x, y) spans the corner points
 * (x, y) to (x + 1, y + 1), and each side is the wall segment between two of those corners.
 */
public enum Side {
    N('N', 0, -1, 0, 0, 1, 0),
    E('E', 1, 0, 1, 0, 1, 1),
    S('S', 0, 1, 0, 1, 1, 1),
    W('W', -1, 0, 0, 0, 0, 1);

    private final char letter;
    final int dx;
    final int dy;
    final int fromCornerDx;
    final int fromCornerDy;
    final int toCornerDx;
    final int toCornerDy;

    Side(char letter, int dx, int dy, int fromCornerDx, int fromCornerDy, int toCornerDx, int toCornerDy) {
        this.letter = letter;
        this.dx = dx;
        this.dy = dy;
        this.fromCornerDx = fromCornerDx;
        this.fromCornerDy = fromCornerDy;
        this.toCornerDx = toCornerDx;
        this.toCornerDy = toCornerDy;
    }

    public char letter() {
        return letter;
    }

    public static Optional<Side> fromLetter(char letter) {
        return Arrays.stream(values()).filter(side -> side.letter == letter).findFirst();
    }

    /** The sides a tile's walls name, one letter each (such as {@code "NW"}, as the game's events write them). */
    public static Set<Side> fromLetters(String walls) {
        Set<Side> sides = EnumSet.noneOf(Side.class);
        for (char c : walls.toCharArray()) {
            sides.add(fromLetter(c).orElseThrow(() -> new IllegalStateException("bad wall " + c)));
        }
        return sides;
    }
}
