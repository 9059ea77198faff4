package dev.tessera.scoring.builders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.scoring.standings.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BuildersCalculatorTest {

    private final ObjectMapper json = new ObjectMapper();

    private String finalStandings(String request) throws Exception {
        BuildersFinalRequest parsed = json.readValue(request.replace('\'', '"'), BuildersFinalRequest.class);
        return json.writeValueAsString(BuildersCalculator.finalStandings(parsed));
    }

    @Test
    void answers_the_standings() throws Exception {
        String answer = finalStandings("""
                {'players': [{'id': 'A', 'buildingVp': 17, 'coins': 25}, {'id': 'B', 'buildingVp': 12, 'coins': 3},
                             {'id': 'C', 'buildingVp': 18, 'coins': 12}]}""");
        assertEquals(json.readTree("""
                {"standings": [{"player": "C", "total": 19, "rank": 1}, {"player": "A", "total": 19, "rank": 2},
                               {"player": "B", "total": 12, "rank": 3}]}"""), json.readTree(answer));
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "{}                                                                                      | players",
                "{'players': []}                                                                         | players",
                "{'players': [{'id': 'A', 'buildingVp': 1, 'coins': 1}]}                                 | players",
                "{'players': [{'id': 'A', 'buildingVp': 1, 'coins': 1}, null]}                           | players[1]",
                "{'players': [{'id': 'A', 'buildingVp': 1, 'coins': 1}, {'buildingVp': 1, 'coins': 1}]}  | players[1].id",
                "{'players': [{'id': 'A', 'buildingVp': 1, 'coins': 1}, {'id': 'A', 'buildingVp': 1, 'coins': 1}]} | players[1].id",
                "{'players': [{'id': 'A', 'buildingVp': 1, 'coins': -1}, {'id': 'B', 'buildingVp': 1, 'coins': 1}]} | players[0].coins",
                "{'players': [{'id': 'A', 'buildingVp': 1}, {'id': 'B', 'buildingVp': 1, 'coins': 1}]}   | players[0].coins",
                "{'players': [{'id': 'A', 'buildingVp': -2, 'coins': 1}, {'id': 'B', 'buildingVp': 1, 'coins': 1}]} | players[0].buildingVp",
                "{'players': [{'id': 'A', 'coins': 1}, {'id': 'B', 'buildingVp': 1, 'coins': 1}]}        | players[0].buildingVp",
            })
    void rejects_bad_input_naming_the_field(String request, String field) {
        assertEquals(
                field,
                assertThrows(InvalidInputException.class, () -> finalStandings(request))
                        .field());
    }

    @Test
    void at_most_four_players() {
        StringBuilder players = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            players.append(i > 0 ? "," : "").append("{'id': 'P").append(i).append("', 'buildingVp': 1, 'coins': 1}");
        }
        assertEquals(
                "players",
                assertThrows(InvalidInputException.class, () -> finalStandings("{'players': [" + players + "]}"))
                        .field());
    }
}
