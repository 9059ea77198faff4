package dev.tessera.scoring.alhambra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.scoring.standings.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Requests and answers are written as JSON, exactly as a client sends and receives them. */
class AlhambraCalculatorTest {

    private final ObjectMapper json = new ObjectMapper();

    private String score(String request) throws Exception {
        return json.writeValueAsString(
                AlhambraCalculator.score(json.readValue(q(request), AlhambraScoringRequest.class)));
    }

    private String wall(String request) throws Exception {
        return json.writeValueAsString(
                AlhambraCalculator.longestWall(json.readValue(q(request), AlhambraWallRequest.class)));
    }

    private void assertSameJson(String expected, String actual) throws Exception {
        assertEquals(json.readTree(q(expected)), json.readTree(actual));
    }

    /** Single quotes keep the JSON in the tests readable. */
    private static String q(String text) {
        return text.replace('\'', '"');
    }

    private InvalidInputException rejected(String request) {
        return assertThrows(InvalidInputException.class, () -> score(request));
    }

    private static final String PLAYER_B = "{'id': 'B', 'buildings': {'pavilion': 1}}";

    @Test
    void scores_a_layout_against_counts() throws Exception {
        String answer = score("""
                {'round': 1,
                 'players': [
                   {'id': 'A', 'alhambra': [{'x': 1, 'y': 0, 'type': 'tower', 'walls': 'NE'},
                                            {'x': 0, 'y': 0, 'type': 'fountain'}]},
                   {'id': 'B', 'buildings': {'pavilion': 2, 'tower': 1}, 'wall': 5}]}""");
        assertSameJson("""
                {'round': 1, 'scores': [
                  {'player': 'A', 'byType': {'tower': 3}, 'buildings': 3, 'wall': 2, 'total': 5},
                  {'player': 'B', 'byType': {'pavilion': 1, 'tower': 3}, 'buildings': 4, 'wall': 5, 'total': 9}]}""", answer);
    }

    @Test
    void dirk_takes_part_in_the_majorities() throws Exception {
        String answer = score("""
                {'round': 2,
                 'players': [{'id': 'A', 'buildings': {'garden': 2}}, {'id': 'B', 'buildings': {'garden': 1}}],
                 'neutral': {'buildings': {'garden': 3}}}""");
        assertSameJson("""
                {'round': 2, 'scores': [
                  {'player': 'A', 'byType': {'garden': 5}, 'buildings': 5, 'wall': 0, 'total': 5},
                  {'player': 'B', 'byType': {}, 'buildings': 0, 'wall': 0, 'total': 0}]}""", answer);
    }

    @Test
    void measures_the_longest_wall() throws Exception {
        assertSameJson("{'longestWall': 3}", wall("{'alhambra': [{'x': 0, 'y': 1, 'walls': 'ESW'}]}"));
        assertSameJson("{'longestWall': 2}", wall("""
                {'alhambra': [{'x': 0, 'y': 0, 'walls': ''}, {'x': 1, 'y': 0, 'type': 'tower', 'walls': 'EN'}]}"""));
        assertSameJson("{'longestWall': 0}", wall("{'alhambra': []}"));
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "{'players': [" + PLAYER_B + ", {'id': 'C', 'buildings': {}}]}                                | round",
                "{'round': 4, 'players': [" + PLAYER_B + ", {'id': 'C', 'buildings': {}}]}                     | round",
                "{'round': 1}                                                                                   | players",
                "{'round': 1, 'players': [" + PLAYER_B
                        + "]}                                                    | players",
                "{'round': 1, 'players': [" + PLAYER_B
                        + ", null]}                                              | players[1]",
                "{'round': 1, 'players': [" + PLAYER_B
                        + ", {'buildings': {}}]}                                 | players[1].id",
                "{'round': 1, 'players': [" + PLAYER_B
                        + ", {'id': ' ', 'buildings': {}}]}                      | players[1].id",
                "{'round': 1, 'players': [" + PLAYER_B + ", " + PLAYER_B
                        + "]}                                  | players[1].id",
                "{'round': 1, 'players': [" + PLAYER_B
                        + ", {'id': 'C'}]}                                       | players[1]",
                "{'round': 1, 'players': [" + PLAYER_B
                        + ", {'id': 'C', 'alhambra': [], 'buildings': {}}]}      | players[1]",
                "{'round': 1, 'players': [" + PLAYER_B
                        + ", {'id': 'C', 'alhambra': [], 'wall': 3}]}            | players[1].wall",
                "{'round': 1, 'players': [" + PLAYER_B
                        + ", {'id': 'C', 'buildings': {}, 'wall': -1}]}          | players[1].wall",
                "{'round': 1, 'players': [" + PLAYER_B
                        + ", {'id': 'C', 'buildings': {'castle': 1}}]}           | players[1].buildings.castle",
                "{'round': 1, 'players': [" + PLAYER_B
                        + ", {'id': 'C', 'buildings': {'fountain': 1}}]}         | players[1].buildings.fountain",
                "{'round': 1, 'players': [" + PLAYER_B
                        + ", {'id': 'C', 'buildings': {'tower': -1}}]}           | players[1].buildings.tower",
                "{'round': 1, 'players': [" + PLAYER_B
                        + ", {'id': 'C', 'buildings': {'tower': 12}}]}           | players[1].buildings.tower",
                "{'round': 1, 'players': [" + PLAYER_B
                        + ", {'id': 'C', 'buildings': {'tower': null}}]}         | players[1].buildings.tower",
                "{'round': 1, 'players': [" + PLAYER_B
                        + ", {'id': 'C', 'buildings': {}}, {'id': 'D', 'buildings': {}}], 'neutral': {'buildings': {}}} | neutral",
                "{'round': 1, 'players': [" + PLAYER_B
                        + ", {'id': 'C', 'buildings': {}}], 'neutral': {}}     | neutral.buildings",
                "{'round': 1, 'players': [" + PLAYER_B
                        + ", {'id': 'C', 'buildings': {}}], 'neutral': {'buildings': {'tower': 12}}} | neutral.buildings.tower",
            })
    void rejects_bad_players_naming_the_field(String request, String field) {
        assertEquals(field, rejected(request).field());
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "{'x': 1, 'y': 0, 'type': 'castle', 'walls': 'N'}     | players[1].alhambra[0].type",
                "{'x': 1, 'y': 0, 'walls': 'N'}                       | players[1].alhambra[0].type",
                "{'x': 1, 'y': 0, 'type': 'fountain', 'walls': ''}    | players[1].alhambra[0].type",
                "{'x': 1, 'y': 0, 'type': 'tower', 'walls': 'NX'}     | players[1].alhambra[0].walls",
                "{'x': 1, 'y': 0, 'type': 'tower', 'walls': 'NN'}     | players[1].alhambra[0].walls",
                "{'x': 1, 'y': 0, 'type': 'tower'}                    | players[1].alhambra[0].walls",
                "{'y': 0, 'type': 'tower', 'walls': 'N'}              | players[1].alhambra[0].x",
                "{'x': 1, 'type': 'tower', 'walls': 'N'}              | players[1].alhambra[0].y",
                "{'x': 1000, 'y': 0, 'type': 'tower', 'walls': 'N'}   | players[1].alhambra[0].x",
                "{'x': 0, 'y': 0, 'type': 'tower', 'walls': ''}       | players[1].alhambra[0].type",
                "{'x': 0, 'y': 0, 'walls': 'N'}                       | players[1].alhambra[0].walls",
                "null                                                 | players[1].alhambra[0]",
            })
    void rejects_bad_tiles_naming_the_field(String tile, String field) {
        assertEquals(
                field,
                rejected("{'round': 1, 'players': [" + PLAYER_B + ", {'id': 'C', 'alhambra': [" + tile + "]}]}")
                        .field());
    }

    @Test
    void rejects_two_tiles_on_one_square() {
        InvalidInputException error = rejected("""
                {'round': 1, 'players': [{'id': 'A', 'buildings': {}},
                  {'id': 'C', 'alhambra': [{'x': 1, 'y': 0, 'type': 'tower', 'walls': ''},
                                           {'x': 1, 'y': 0, 'type': 'garden', 'walls': ''}]}]}""");
        assertEquals("players[1].alhambra[1]", error.field());
        assertEquals("square (1,0) already holds players[1].alhambra[0]", error.detail());
    }

    @Test
    void rejects_more_tiles_of_a_type_than_the_game_has() {
        StringBuilder pavilions = new StringBuilder();
        for (int x = 1; x <= BuildingType.PAVILION.tileCount() + 1; x++) {
            pavilions
                    .append(x > 1 ? "," : "")
                    .append("{'x': ")
                    .append(x)
                    .append(", 'y': 0, 'type': 'pavilion', 'walls': ''}");
        }
        InvalidInputException error = rejected("{'round': 1, 'players': [{'id': 'A', 'buildings': {}},"
                + "{'id': 'C', 'alhambra': [" + pavilions + "]}]}");
        assertEquals("players[1].alhambra", error.field());
    }

    @Test
    void refuses_a_tangle_of_walls_no_legal_alhambra_has() {
        StringBuilder diagonal = new StringBuilder();
        for (int k = 1; k <= WallNetwork.MAX_JUNCTIONS + 2; k++) {
            diagonal.append(k > 1 ? "," : "")
                    .append("{'x': ")
                    .append(k)
                    .append(", 'y': ")
                    .append(k)
                    .append(", 'walls': 'NESW'}");
        }
        InvalidInputException error =
                assertThrows(InvalidInputException.class, () -> wall("{'alhambra': [" + diagonal + "]}"));
        assertEquals("alhambra", error.field());
    }

    @Test
    void the_wall_calculator_names_its_fields() {
        assertEquals(
                "alhambra",
                assertThrows(InvalidInputException.class, () -> wall("{}")).field());
        assertEquals(
                "alhambra[0].walls",
                assertThrows(InvalidInputException.class, () -> wall("{'alhambra': [{'x': 0, 'y': 1, 'walls': 'NX'}]}"))
                        .field());
        assertEquals(
                "alhambra[0].type",
                assertThrows(
                                InvalidInputException.class,
                                () -> wall("{'alhambra': [{'x': 0, 'y': 1, 'type': 'castle', 'walls': 'N'}]}"))
                        .field());
    }
}
