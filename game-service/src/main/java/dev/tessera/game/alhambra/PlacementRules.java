package dev.tessera.game.alhambra;

/** Human sentences for the placement rule codes. */
final class PlacementRules {
    private PlacementRules() {}

    static String explain(PlacementRule rule, int x, int y) {
        String square = "(" + x + "," + y + ")";
        return switch (rule) {
            case OK -> "The move is allowed at " + square + ".";
            case OCCUPIED -> "A tile already stands on " + square + ".";
            case FOUNTAIN -> "The fountain's square " + square + " never changes.";
            case EMPTY_SQUARE -> "There is no tile on " + square + ".";
            case NOT_ADJACENT -> "A tile must share a side with your Alhambra; " + square + " does not.";
            case WALL_MISMATCH -> "At " + square + " a wall would face an open side.";
            case UNREACHABLE ->
                "A tile at " + square + " could not be walked to from the fountain without crossing a wall.";
            case HOLE -> "This would leave an empty square enclosed, at or next to " + square + ".";
            case DISCONNECTS -> "Removing the tile at " + square + " would cut other tiles off from the fountain.";
        };
    }
}
