package dev.tessera.game.alhambra;

import com.fasterxml.jackson.annotation.JsonValue;

/** The answer of a placement check: {@link #OK} or the rule a placement, removal or swap breaks. */
public enum PlacementRule {
    OK("ok"),
    /** The square already holds a tile (place). */
    OCCUPIED("occupied"),
    /** The fountain's square (0,0) is never placed on, removed or swapped. */
    FOUNTAIN("fountain"),
    /** The square has no tile to remove or swap. */
    EMPTY_SQUARE("empty-square"),
    /** No tile of the Alhambra shares a side with the square. */
    NOT_ADJACENT("not-adjacent"),
    /** A shared side has a wall on one tile and none on the other. */
    WALL_MISMATCH("wall-mismatch"),
    /** Every shared side is walled: the tile cannot be walked to from the fountain. */
    UNREACHABLE("unreachable"),
    /** The result would enclose an empty square or group of squares. */
    HOLE("hole"),
    /** After the removal some tile could no longer be walked to from the fountain. */
    DISCONNECTS("disconnects");

    private final String code;

    PlacementRule(String code) {
        this.code = code;
    }

    @JsonValue
    public String code() {
        return code;
    }

    @Override
    public String toString() {
        return code;
    }
}
