package dev.tessera.scoring.alhambra;

import java.util.EnumMap;
import java.util.Map;

/** Points per building type, scoring round and place: BGA's scoring table (material.inc.php), one row per type. */
public final class ScoringTable {

    public static final int ROUNDS = 3;

    /** One row of the table; round r pays places 1..r. */
    public record Row(
            int round1First, int round2First, int round2Second, int round3First, int round3Second, int round3Third) {

        int points(int round, int place) {
            return switch (round * 10 + place) {
                case 11 -> round1First;
                case 21 -> round2First;
                case 22 -> round2Second;
                case 31 -> round3First;
                case 32 -> round3Second;
                case 33 -> round3Third;
                default -> 0;
            };
        }
    }

    private static final Map<BuildingType, Row> ROWS = new EnumMap<>(Map.of(
            BuildingType.PAVILION, new Row(1, 8, 1, 16, 8, 1),
            BuildingType.SERAGLIO, new Row(2, 9, 2, 17, 9, 2),
            BuildingType.ARCADES, new Row(3, 10, 3, 18, 10, 3),
            BuildingType.CHAMBERS, new Row(4, 11, 4, 19, 11, 4),
            BuildingType.GARDEN, new Row(5, 12, 5, 20, 12, 5),
            BuildingType.TOWER, new Row(6, 13, 6, 21, 13, 6)));

    private ScoringTable() {}

    public static Row row(BuildingType type) {
        return ROWS.get(type);
    }

    /** Points for {@code place} (1-based) in {@code round}; places the round does not pay are worth 0. */
    public static int points(int round, BuildingType type, int place) {
        if (round < 1 || round > ROUNDS) {
            throw new IllegalArgumentException("no scoring round " + round);
        }
        if (place < 1) {
            throw new IllegalArgumentException("no place " + place);
        }
        return ROWS.get(type).points(round, place);
    }
}
