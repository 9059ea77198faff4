package dev.tessera.game.alhambra;

/**
 * One tile of a layout given to {@link AlhambraGrid#check}: its square and its walls as a subset of "NESW".
 * A (0,0) entry is the fountain and must have no walls; it may be left out.
 */
public record LayoutTile(int x, int y, String walls) {}
