package dev.tessera.game.alhambra;

import static dev.tessera.game.alhambra.WallMap.DX;
import static dev.tessera.game.alhambra.WallMap.DY;
import static dev.tessera.game.alhambra.WallMap.EMPTY;
import static dev.tessera.game.alhambra.WallMap.SIDE;

import java.util.Collection;
import java.util.List;

/**
 * An Alhambra's squares and walls, and the placement rules (game-service/docs/alhambra.md, holes
 * as decided there). Pure and usable without a game: {@link #check} answers for a
 * plain layout, as a stateless calculator needs. The squares and the walks through them are a {@link WallMap}.
 *
 * <p>Rules: a placed tile is never at (0,0) nor on a tile; it shares a side with the Alhambra; on every
 * shared side both tiles have a wall or neither has; at least one shared side is open, so the tile can be
 * walked to from the fountain; and no empty square or group of squares ends up enclosed (cut off from the
 * outside through empty squares, moving orthogonally). A removal may not leave the emptied square
 * enclosed nor cut any tile off from the fountain. A swap keeps the square, so only the walls are checked.
 */
public final class AlhambraGrid {
    private final WallMap squares;

    private AlhambraGrid(int[] xs, int[] ys, int[] masks) {
        squares = new WallMap(xs, ys, masks);
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
        return squares.tileCount();
    }

    public boolean isOccupied(int x, int y) {
        return squares.isOccupied(x, y);
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
        return squares.enclosesIfFilled(x, y) ? PlacementRule.HOLE : PlacementRule.OK;
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
        return squares.walkableFromFountainWithout(x, y) == tileCount() - 1
                ? PlacementRule.OK
                : PlacementRule.DISCONNECTS;
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
        if (!squares.wallsMatch()) {
            return PlacementRule.WALL_MISMATCH;
        }
        if (squares.walkableFromFountain() != tileCount()) {
            return PlacementRule.UNREACHABLE;
        }
        return squares.emptiesReachedFromOutside() != squares.emptyCount() ? PlacementRule.HOLE : PlacementRule.OK;
    }

    /** The empty squares that share a side with a tile: the only squares a tile may be placed on. */
    public List<Square> frontier() {
        return squares.frontier();
    }

    /** A tile with walls {@code mask} on (x, y) against its neighbours: adjacent, matching walls, one side open. */
    private PlacementRule checkSides(int x, int y, int mask) {
        boolean adjacent = false;
        boolean mismatch = false;
        boolean open = false;
        for (int d = 0; d < 4; d++) {
            int n = squares.wallsAt(x + DX[d], y + DY[d]);
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
}
