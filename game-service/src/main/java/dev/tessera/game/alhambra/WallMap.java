package dev.tessera.game.alhambra;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The geometry under {@link AlhambraGrid}: every square of a box around the tiles with its tile's walls, or empty,
 * and the walks through it (from the fountain across open sides, from the outside across empty squares).
 */
final class WallMap {
    static final int EMPTY = -1;
    /** Sides in the order N, E, S, W. */
    static final int[] DX = {0, 1, 0, -1};

    static final int[] DY = {-1, 0, 1, 0};
    static final int[] SIDE = {Walls.N, Walls.E, Walls.S, Walls.W};
    /** Two empty rings around the tiles: every square next to a tile has an empty ring beyond it. */
    private static final int MARGIN = 2;
    /** The 8 squares around one, in ring order NW, N, NE, E, SE, S, SW, W. */
    private static final int[] RING_X = {-1, 0, 1, 1, 1, 0, -1, -1};

    private static final int[] RING_Y = {-1, -1, -1, 0, 1, 1, 1, 0};

    private final int minX;
    private final int minY;
    private final int width;
    private final int height;
    /** Walls mask per square of the padded bounding box, or {@link #EMPTY}. */
    private final int[] cells;

    private final int tileCount;

    /** Tiles at (xs[i], ys[i]) with walls masks[i]; the fountain at 0,0 is added. */
    WallMap(int[] xs, int[] ys, int[] masks) {
        int loX = 0;
        int hiX = 0;
        int loY = 0;
        int hiY = 0;
        for (int i = 0; i < xs.length; i++) {
            loX = Math.min(loX, xs[i]);
            hiX = Math.max(hiX, xs[i]);
            loY = Math.min(loY, ys[i]);
            hiY = Math.max(hiY, ys[i]);
        }
        minX = loX - MARGIN;
        minY = loY - MARGIN;
        width = hiX - loX + 1 + 2 * MARGIN;
        height = hiY - loY + 1 + 2 * MARGIN;
        cells = new int[width * height];
        Arrays.fill(cells, EMPTY);
        cells[index(0, 0)] = 0;
        int count = 1;
        for (int i = 0; i < xs.length; i++) {
            if (xs[i] == 0 && ys[i] == 0) {
                if (masks[i] != 0) {
                    throw new IllegalArgumentException("the fountain at 0,0 has no walls");
                }
                continue;
            }
            int at = index(xs[i], ys[i]);
            if (cells[at] != EMPTY) {
                throw new IllegalArgumentException("two tiles at " + xs[i] + "," + ys[i]);
            }
            cells[at] = masks[i];
            count++;
        }
        tileCount = count;
    }

    /** Tiles including the fountain. */
    int tileCount() {
        return tileCount;
    }

    /** Empty squares of the box. */
    int emptyCount() {
        return cells.length - tileCount;
    }

    /** The walls mask of the tile at (x, y), or {@link #EMPTY}. */
    int wallsAt(int x, int y) {
        int cx = x - minX;
        int cy = y - minY;
        if (cx < 0 || cy < 0 || cx >= width || cy >= height) {
            return EMPTY;
        }
        return cells[cy * width + cx];
    }

    boolean isOccupied(int x, int y) {
        return wallsAt(x, y) != EMPTY;
    }

    /** Whether on every side two tiles share, both have a wall or neither has. */
    boolean wallsMatch() {
        for (int y = minY; y < minY + height; y++) {
            for (int x = minX; x < minX + width; x++) {
                int m = wallsAt(x, y);
                if (m == EMPTY) {
                    continue;
                }
                for (int d = 1; d <= 2; d++) {
                    int n = wallsAt(x + DX[d], y + DY[d]);
                    if (n != EMPTY && ((m & SIDE[d]) != 0) != ((n & SIDE[(d + 2) % 4]) != 0)) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /** The empty squares that share a side with a tile. */
    List<Square> frontier() {
        List<Square> squares = new ArrayList<>();
        for (int y = minY + 1; y < minY + height - 1; y++) {
            for (int x = minX + 1; x < minX + width - 1; x++) {
                if (isOccupied(x, y)) {
                    continue;
                }
                for (int d = 0; d < 4; d++) {
                    if (isOccupied(x + DX[d], y + DY[d])) {
                        squares.add(new Square(x, y));
                        break;
                    }
                }
            }
        }
        return squares;
    }

    /**
     * Would a tile on the empty square (x, y) enclose empty squares? When the tiles around it form one unbroken arc
     * (BGA's test) the outside stays in one piece; otherwise flood the empty squares from the outside.
     */
    boolean enclosesIfFilled(int x, int y) {
        int changes = 0;
        boolean previous = isOccupied(x + RING_X[7], y + RING_Y[7]);
        for (int i = 0; i < 8; i++) {
            boolean now = isOccupied(x + RING_X[i], y + RING_Y[i]);
            changes += now != previous ? 1 : 0;
            previous = now;
        }
        if (changes <= 2) {
            return false;
        }
        return emptiesReachedFromOutside(index(x, y)) != emptyCount() - 1;
    }

    /** Empty squares reached from the box's corner moving orthogonally. */
    int emptiesReachedFromOutside() {
        return emptiesReachedFromOutside(EMPTY);
    }

    /** Tiles walked to from the fountain through open shared sides. */
    int walkableFromFountain() {
        return walkableFromFountain(EMPTY);
    }

    /** Tiles walked to from the fountain through open shared sides, were the tile at (x, y) removed. */
    int walkableFromFountainWithout(int x, int y) {
        return walkableFromFountain(index(x, y));
    }

    /** {@code blocked} (a square's index, or {@link #EMPTY} for none) counts as a tile. */
    private int emptiesReachedFromOutside(int blocked) {
        boolean[] seen = new boolean[cells.length];
        int[] queue = new int[cells.length];
        int head = 0;
        int tail = 0;
        queue[tail++] = 0;
        seen[0] = true;
        while (head < tail) {
            int at = queue[head++];
            int cx = at % width;
            int cy = at / width;
            for (int d = 0; d < 4; d++) {
                int nx = cx + DX[d];
                int ny = cy + DY[d];
                if (nx < 0 || ny < 0 || nx >= width || ny >= height) {
                    continue;
                }
                int next = ny * width + nx;
                if (!seen[next] && cells[next] == EMPTY && next != blocked) {
                    seen[next] = true;
                    queue[tail++] = next;
                }
            }
        }
        return tail;
    }

    /** {@code removed} (a square's index, or {@link #EMPTY} for none) counts as empty. */
    private int walkableFromFountain(int removed) {
        boolean[] seen = new boolean[cells.length];
        int[] queue = new int[cells.length];
        int head = 0;
        int tail = 0;
        int start = index(0, 0);
        queue[tail++] = start;
        seen[start] = true;
        while (head < tail) {
            int at = queue[head++];
            int cx = at % width;
            int cy = at / width;
            for (int d = 0; d < 4; d++) {
                if ((cells[at] & SIDE[d]) != 0) {
                    continue;
                }
                int next = (cy + DY[d]) * width + cx + DX[d];
                // Tiles never touch the padding ring, so a neighbour of a tile is inside the box.
                if (!seen[next] && cells[next] != EMPTY && next != removed && (cells[next] & SIDE[(d + 2) % 4]) == 0) {
                    seen[next] = true;
                    queue[tail++] = next;
                }
            }
        }
        return tail;
    }

    private int index(int x, int y) {
        return (y - minY) * width + (x - minX);
    }
}
