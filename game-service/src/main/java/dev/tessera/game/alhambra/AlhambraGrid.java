package dev.tessera.game.alhambra;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * An Alhambra's squares and walls, and the placement rules (game-service/docs/alhambra.md, holes
 * as decided there). Pure and usable without a game: {@link #check} answers for a
 * plain layout, as a stateless calculator needs.
 *
 * <p>Rules: a placed tile is never at (0,0) nor on a tile; it shares a side with the Alhambra; on every
 * shared side both tiles have a wall or neither has; at least one shared side is open, so the tile can be
 * walked to from the fountain; and no empty square or group of squares ends up enclosed (cut off from the
 * outside through empty squares, moving orthogonally). A removal may not leave the emptied square
 * enclosed nor cut any tile off from the fountain. A swap keeps the square, so only the walls are checked.
 */
public final class AlhambraGrid {
    private static final int EMPTY = -1;
    /** Two empty rings around the tiles: every square next to a tile has an empty ring beyond it. */
    private static final int MARGIN = 2;
    /** Sides in the order N, E, S, W. */
    private static final int[] DX = {0, 1, 0, -1};
    private static final int[] DY = {-1, 0, 1, 0};
    private static final int[] SIDE = {Walls.N, Walls.E, Walls.S, Walls.W};
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

    private AlhambraGrid(int[] xs, int[] ys, int[] masks) {
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
        java.util.Arrays.fill(cells, EMPTY);
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

    /** The grid of an Alhambra's tiles (the fountain at 0,0 is added). */
    public static AlhambraGrid of(Collection<PlacedTile> tiles) {
        int[] xs = new int[tiles.size()];
        int[] ys = new int[tiles.size()];
        int[] masks = new int[tiles.size()];
        int i = 0;
        for (PlacedTile t : tiles) {
            xs[i] = t.x();
            ys[i] = t.y();
            masks[i++] = t.tile().walls().mask();
        }
        return new AlhambraGrid(xs, ys, masks);
    }

    /** The grid of a plain layout; the fountain at 0,0 is implied. */
    public static AlhambraGrid ofLayout(Collection<LayoutTile> layout) {
        int[] xs = new int[layout.size()];
        int[] ys = new int[layout.size()];
        int[] masks = new int[layout.size()];
        int i = 0;
        for (LayoutTile t : layout) {
            xs[i] = t.x();
            ys[i] = t.y();
            masks[i++] = Walls.parse(t.walls()).mask();
        }
        return new AlhambraGrid(xs, ys, masks);
    }

    /**
     * The placement calculator: may {@code action} be done at (x, y) of {@code layout}? {@code walls} is the
     * new tile's walls for place and swap (a subset of "NESW"), ignored for remove.
     *
     * @throws IllegalArgumentException for a malformed layout (two tiles on a square, a walled fountain,
     *                                  bad walls)
     */
    public static PlacementRule check(List<LayoutTile> layout, GridAction action, int x, int y, String walls) {
        AlhambraGrid grid = ofLayout(layout);
        return switch (action) {
            case PLACE -> grid.checkPlace(x, y, Walls.parse(walls));
            case REMOVE -> grid.checkRemove(x, y);
            case SWAP -> grid.checkSwap(x, y, Walls.parse(walls));
        };
    }

    /** Tiles including the fountain. */
    public int tileCount() {
        return tileCount;
    }

    public boolean isOccupied(int x, int y) {
        return wallsAt(x, y) != EMPTY;
    }

    /** May a tile with {@code walls} be placed on the empty square (x, y)? */
    public PlacementRule checkPlace(int x, int y, Walls walls) {
        if (x == 0 && y == 0) {
            return PlacementRule.FOUNTAIN;
        }
        if (isOccupied(x, y)) {
            return PlacementRule.OCCUPIED;
        }
        PlacementRule sides = checkSides(x, y, walls.mask());
        if (sides != PlacementRule.OK) {
            return sides;
        }
        return enclosesAfterPlacing(x, y) ? PlacementRule.HOLE : PlacementRule.OK;
    }

    /** May the tile at (x, y) be removed to the reserve? */
    public PlacementRule checkRemove(int x, int y) {
        if (x == 0 && y == 0) {
            return PlacementRule.FOUNTAIN;
        }
        if (!isOccupied(x, y)) {
            return PlacementRule.EMPTY_SQUARE;
        }
        boolean openToOutside = false;
        for (int d = 0; d < 4; d++) {
            openToOutside |= !isOccupied(x + DX[d], y + DY[d]);
        }
        // In a hole-free Alhambra every empty square reaches the outside, so one empty neighbour is enough.
        if (!openToOutside) {
            return PlacementRule.HOLE;
        }
        return walkableFromFountain(index(x, y)) == tileCount - 1 ? PlacementRule.OK : PlacementRule.DISCONNECTS;
    }

    /** May the tile at (x, y) be replaced, on the same square, by a tile with {@code walls}? */
    public PlacementRule checkSwap(int x, int y, Walls walls) {
        if (x == 0 && y == 0) {
            return PlacementRule.FOUNTAIN;
        }
        if (!isOccupied(x, y)) {
            return PlacementRule.EMPTY_SQUARE;
        }
        return checkSides(x, y, walls.mask());
    }

    /** Re-checks a whole layout: matching walls, every tile walkable from the fountain, no hole. */
    public PlacementRule validate() {
        for (int y = minY; y < minY + height; y++) {
            for (int x = minX; x < minX + width; x++) {
                int m = wallsAt(x, y);
                if (m == EMPTY) {
                    continue;
                }
                for (int d = 1; d <= 2; d++) {
                    int n = wallsAt(x + DX[d], y + DY[d]);
                    if (n != EMPTY && ((m & SIDE[d]) != 0) != ((n & SIDE[(d + 2) % 4]) != 0)) {
                        return PlacementRule.WALL_MISMATCH;
                    }
                }
            }
        }
        if (walkableFromFountain(EMPTY) != tileCount) {
            return PlacementRule.UNREACHABLE;
        }
        return emptiesReachedFromOutside(EMPTY) != cells.length - tileCount ? PlacementRule.HOLE : PlacementRule.OK;
    }

    /** The empty squares that share a side with a tile: the only squares a tile may be placed on. */
    public List<Square> frontier() {
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

    private PlacementRule checkSides(int x, int y, int mask) {
        boolean adjacent = false;
        boolean mismatch = false;
        boolean open = false;
        for (int d = 0; d < 4; d++) {
            int n = wallsAt(x + DX[d], y + DY[d]);
            if (n == EMPTY) {
                continue;
            }
            adjacent = true;
            boolean mine = (mask & SIDE[d]) != 0;
            mismatch |= mine != ((n & SIDE[(d + 2) % 4]) != 0);
            open |= !mine;
        }
        if (!adjacent) {
            return PlacementRule.NOT_ADJACENT;
        }
        if (mismatch) {
            return PlacementRule.WALL_MISMATCH;
        }
        return open ? PlacementRule.OK : PlacementRule.UNREACHABLE;
    }

    /**
     * Would a tile on (x, y) enclose empty squares? When the tiles around it form one unbroken arc (BGA's
     * test) the outside stays in one piece; otherwise flood the empty squares from the outside.
     */
    private boolean enclosesAfterPlacing(int x, int y) {
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
        return emptiesReachedFromOutside(index(x, y)) != cells.length - tileCount - 1;
    }

    /** Empty squares reached from the box's corner moving orthogonally; {@code blocked} counts as a tile. */
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

    /** Tiles walked to from the fountain through open shared sides; {@code removed} counts as empty. */
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
                if (!seen[next] && cells[next] != EMPTY && next != removed
                        && (cells[next] & SIDE[(d + 2) % 4]) == 0) {
                    seen[next] = true;
                    queue[tail++] = next;
                }
            }
        }
        return tail;
    }

    private int wallsAt(int x, int y) {
        int cx = x - minX;
        int cy = y - minY;
        if (cx < 0 || cy < 0 || cx >= width || cy >= height) {
            return EMPTY;
        }
        return cells[cy * width + cx];
    }

    private int index(int x, int y) {
        return (y - minY) * width + (x - minX);
    }
}
