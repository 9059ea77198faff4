package dev.tessera.scoring.alhambra;

import static dev.tessera.scoring.alhambra.BuildingType.ARCADES;
import static dev.tessera.scoring.alhambra.BuildingType.GARDEN;
import static dev.tessera.scoring.alhambra.BuildingType.PAVILION;
import static dev.tessera.scoring.alhambra.BuildingType.SERAGLIO;
import static dev.tessera.scoring.alhambra.BuildingType.TOWER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RoundScoringTest {

    private static PlayerHoldings player(String id, Map<BuildingType, Integer> counts) {
        return new PlayerHoldings(id, counts, 0);
    }

    /** Points each player earned for one type, in player order (0 when the type is not listed). */
    private static List<Integer> pointsFor(BuildingType type, List<PlayerRoundScore> scores) {
        return scores.stream()
                .map(score -> score.byType().getOrDefault(type, 0))
                .toList();
    }

    @Test
    void round_one_pays_only_the_majority() {
        List<PlayerRoundScore> scores = RoundScoring.score(
                1, List.of(player("A", Map.of(TOWER, 2)), player("B", Map.of(TOWER, 1)), player("C", Map.of())));
        assertEquals(List.of(6, 0, 0), pointsFor(TOWER, scores));
    }

    @Test
    void round_two_pays_first_and_second() {
        List<PlayerRoundScore> scores = RoundScoring.score(
                2,
                List.of(
                        player("A", Map.of(GARDEN, 3)),
                        player("B", Map.of(GARDEN, 2)),
                        player("C", Map.of(GARDEN, 1))));
        assertEquals(List.of(12, 5, 0), pointsFor(GARDEN, scores));
    }

    @Test
    void round_three_pays_first_to_third() {
        List<PlayerRoundScore> scores = RoundScoring.score(
                3,
                List.of(
                        player("A", Map.of(PAVILION, 1)), player("B", Map.of(PAVILION, 4)),
                        player("C", Map.of(PAVILION, 2)), player("D", Map.of(PAVILION, 3))));
        assertEquals(List.of(0, 16, 1, 8), pointsFor(PAVILION, scores));
    }

    @Test
    void a_player_with_none_of_a_type_never_takes_a_place() {
        List<PlayerRoundScore> scores = RoundScoring.score(
                3, List.of(player("A", Map.of(SERAGLIO, 1)), player("B", Map.of(SERAGLIO, 0)), player("C", Map.of())));
        assertEquals(List.of(17, 0, 0), pointsFor(SERAGLIO, scores));
        assertEquals(Map.of(), scores.get(1).byType());
    }

    @Test
    void round_one_two_way_tie_splits_first_place_rounded_down() {
        List<PlayerRoundScore> scores = RoundScoring.score(
                1,
                List.of(
                        player("A", Map.of(TOWER, 2, PAVILION, 1)),
                        player("B", Map.of(TOWER, 2, PAVILION, 1)),
                        player("C", Map.of(TOWER, 1))));
        assertEquals(List.of(3, 3, 0), pointsFor(TOWER, scores));
        // (1 + 0) / 2 rounds down to nothing, so pavilion is not listed at all.
        assertEquals(Map.of(TOWER, 3), scores.get(0).byType());
    }

    @Test
    void round_one_three_way_tie_shares_one_paid_place() {
        List<PlayerRoundScore> scores = RoundScoring.score(
                1,
                List.of(
                        player("A", Map.of(GARDEN, 1)),
                        player("B", Map.of(GARDEN, 1)),
                        player("C", Map.of(GARDEN, 1))));
        assertEquals(List.of(1, 1, 1), pointsFor(GARDEN, scores)); // 5 / 3
    }

    @Test
    void round_two_tie_for_first_skips_second_place() {
        List<PlayerRoundScore> scores = RoundScoring.score(
                2,
                List.of(player("A", Map.of(TOWER, 3)), player("B", Map.of(TOWER, 3)), player("C", Map.of(TOWER, 2))));
        assertEquals(List.of(9, 9, 0), pointsFor(TOWER, scores)); // (13 + 6) / 2, C is third
    }

    @Test
    void round_two_three_way_tie_adds_an_unpaid_place() {
        List<PlayerRoundScore> scores = RoundScoring.score(
                2,
                List.of(
                        player("A", Map.of(GARDEN, 2)),
                        player("B", Map.of(GARDEN, 2)),
                        player("C", Map.of(GARDEN, 2))));
        assertEquals(List.of(5, 5, 5), pointsFor(GARDEN, scores)); // (12 + 5 + 0) / 3 rounded down
    }

    @Test
    void round_two_tie_for_second_splits_second_place() {
        List<PlayerRoundScore> scores = RoundScoring.score(
                2,
                List.of(
                        player("A", Map.of(ARCADES, 4)),
                        player("B", Map.of(ARCADES, 1)),
                        player("C", Map.of(ARCADES, 1))));
        assertEquals(List.of(10, 1, 1), pointsFor(ARCADES, scores)); // (3 + 0) / 2
    }

    @Test
    void round_three_tie_for_first_as_in_the_japanese_help() {
        List<PlayerRoundScore> scores = RoundScoring.score(
                3,
                List.of(player("A", Map.of(TOWER, 3)), player("B", Map.of(TOWER, 3)), player("C", Map.of(TOWER, 1))));
        assertEquals(List.of(17, 17, 6), pointsFor(TOWER, scores)); // (21 + 13) / 2, then 3rd
    }

    @Test
    void round_three_tie_for_second() {
        List<PlayerRoundScore> scores = RoundScoring.score(
                3,
                List.of(
                        player("A", Map.of(TOWER, 4)), player("B", Map.of(TOWER, 2)),
                        player("C", Map.of(TOWER, 2)), player("D", Map.of(TOWER, 1))));
        assertEquals(List.of(21, 9, 9, 0), pointsFor(TOWER, scores)); // (13 + 6) / 2, D is fourth
    }

    @Test
    void round_three_three_and_four_way_ties() {
        List<PlayerRoundScore> three = RoundScoring.score(
                3,
                List.of(player("A", Map.of(TOWER, 2)), player("B", Map.of(TOWER, 2)), player("C", Map.of(TOWER, 2))));
        assertEquals(List.of(13, 13, 13), pointsFor(TOWER, three)); // (21 + 13 + 6) / 3
        List<PlayerRoundScore> four = RoundScoring.score(
                3,
                List.of(
                        player("A", Map.of(PAVILION, 2)), player("B", Map.of(PAVILION, 2)),
                        player("C", Map.of(PAVILION, 2)), player("D", Map.of(PAVILION, 2))));
        assertEquals(List.of(6, 6, 6, 6), pointsFor(PAVILION, four)); // (16 + 8 + 1 + 0) / 4
    }

    @Test
    void dirk_takes_first_place_and_scores_nothing() {
        List<PlayerHoldings> players = List.of(player("A", Map.of(GARDEN, 2)), player("B", Map.of(GARDEN, 1)));
        Map<BuildingType, Integer> dirk = Map.of(GARDEN, 3);
        assertEquals(List.of(0, 0), pointsFor(GARDEN, RoundScoring.score(1, players, dirk)));
        assertEquals(List.of(5, 0), pointsFor(GARDEN, RoundScoring.score(2, players, dirk)));
        assertEquals(List.of(12, 5), pointsFor(GARDEN, RoundScoring.score(3, players, dirk)));
        assertEquals(
                List.of("A", "B"),
                RoundScoring.score(3, players, dirk).stream()
                        .map(PlayerRoundScore::player)
                        .toList());
    }

    @Test
    void dirk_shares_a_tie() {
        List<PlayerHoldings> players = List.of(player("A", Map.of(TOWER, 2)), player("B", Map.of(TOWER, 1)));
        List<PlayerRoundScore> scores = RoundScoring.score(2, players, Map.of(TOWER, 2));
        assertEquals(List.of(9, 0), pointsFor(TOWER, scores)); // A and Dirk split 13 + 6; B is third
    }

    @Test
    void dirk_without_that_type_changes_nothing() {
        List<PlayerHoldings> players = List.of(player("A", Map.of(TOWER, 2)), player("B", Map.of(TOWER, 1)));
        assertEquals(RoundScoring.score(2, players), RoundScoring.score(2, players, Map.of(GARDEN, 4)));
    }

    @Test
    void the_wall_scores_in_every_round_on_top_of_the_buildings() {
        List<PlayerHoldings> players =
                List.of(new PlayerHoldings("A", Map.of(TOWER, 1, GARDEN, 2), 4), new PlayerHoldings("B", Map.of(), 7));
        for (int round = 1; round <= 3; round++) {
            List<PlayerRoundScore> scores = RoundScoring.score(round, players);
            int buildings = ScoringTable.points(round, TOWER, 1) + ScoringTable.points(round, GARDEN, 1);
            assertEquals(
                    new PlayerRoundScore(
                            "A",
                            Map.of(
                                    TOWER,
                                    ScoringTable.points(round, TOWER, 1),
                                    GARDEN,
                                    ScoringTable.points(round, GARDEN, 1)),
                            buildings,
                            4,
                            buildings + 4),
                    scores.get(0));
            assertEquals(new PlayerRoundScore("B", Map.of(), 0, 7, 7), scores.get(1));
        }
    }

    @Test
    void by_type_follows_the_scoring_table_order() {
        PlayerRoundScore score = RoundScoring.score(1, List.of(player("A", Map.of(TOWER, 1, PAVILION, 1, GARDEN, 1))))
                .get(0);
        assertEquals(
                List.of(PAVILION, GARDEN, TOWER), List.copyOf(score.byType().keySet()));
    }

    @Test
    void there_is_no_fourth_round() {
        assertThrows(IllegalArgumentException.class, () -> RoundScoring.score(4, List.of(player("A", Map.of()))));
    }
}
