package dev.tessera.scoring.alhambra;

/** A square of a player's Alhambra; the fountain is at (0, 0), x grows east, y grows south. */
public record Square(int x, int y) {

    public Square neighbour(Side side) {
        return new Square(x + side.dx, y + side.dy);
    }

    @Override
    public String toString() {
        return "(" + x + "," + y + ")";
    }
}
