package dev.tessera.scoring.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

@QuarkusTest
class CalculatorResourceTest {

    @Test
    void alhambra_scoring_answers_the_issue_example() {
        given().contentType(ContentType.JSON)
                .body("""
                {"round": 1, "players": [
                  {"id": "A", "alhambra": [{"x": 1, "y": 0, "type": "tower", "walls": "NE"}]},
                  {"id": "B", "buildings": {"pavilion": 2}, "wall": 5}]}""")
                .post("/api/v1/calculators/alhambra/scoring")
                .then()
                .statusCode(200)
                .body("round", equalTo(1))
                .body("scores.find { it.player == 'A' }.byType.tower", equalTo(6))
                .body("scores.find { it.player == 'A' }.wall", equalTo(2))
                .body("scores.find { it.player == 'A' }.total", equalTo(8))
                .body("scores.find { it.player == 'B' }.byType.pavilion", equalTo(1))
                .body("scores.find { it.player == 'B' }.total", equalTo(6));
    }

    @Test
    void alhambra_wall_counts_only_outer_walls() {
        given().contentType(ContentType.JSON)
                .body("""
                {"alhambra": [{"x": 0, "y": 1, "walls": "ESW"}]}""")
                .post("/api/v1/calculators/alhambra/wall")
                .then()
                .statusCode(200)
                .body("longestWall", equalTo(3));
    }

    @Test
    void bad_input_is_a_problem_naming_the_field() {
        given().contentType(ContentType.JSON)
                .body("""
                {"round": 4, "players": [{"id": "A", "buildings": {"tower": 1}}, {"id": "B", "buildings": {}}]}""")
                .post("/api/v1/calculators/alhambra/scoring")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("field", equalTo("round"));
        given().contentType(ContentType.JSON)
                .body("""
                {"alhambra": [{"x": 0, "y": 1, "walls": "NX"}]}""")
                .post("/api/v1/calculators/alhambra/wall")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("field", equalTo("alhambra[0].walls"));
        given().contentType(ContentType.JSON)
                .body("{\"players\": [{\"id\": \"A\", \"buildingVp\": 3}]}")
                .post("/api/v1/calculators/builders/final")
                .then()
                .statusCode(400)
                .contentType("application/problem+json");
        given().contentType(ContentType.JSON)
                .body("{\"round\": ")
                .post("/api/v1/calculators/alhambra/scoring")
                .then()
                .statusCode(400)
                .contentType("application/problem+json");
    }

    /** Jackson would take 1.5 and "7" as 7 and true as "true": each is refused, naming the field. */
    @Test
    void numbers_and_ids_of_the_wrong_json_type_are_refused_naming_the_field() {
        String[][] cases = {
            {"{\"players\": [{\"id\": \"A\", \"buildingVp\": 1.5, \"coins\": 3}]}", "players[0].buildingVp"},
            {"{\"players\": [{\"id\": \"A\", \"buildingVp\": \"7\", \"coins\": 3}]}", "players[0].buildingVp"},
            {"{\"players\": [{\"id\": true, \"buildingVp\": 7, \"coins\": 3}]}", "players[0].id"},
            {"{\"players\": [{\"id\": 12345, \"buildingVp\": 7, \"coins\": 3}]}", "players[0].id"},
        };
        for (String[] c : cases) {
            given().contentType(ContentType.JSON)
                    .body(c[0])
                    .post("/api/v1/calculators/builders/final")
                    .then()
                    .statusCode(400)
                    .contentType("application/problem+json")
                    .body("field", equalTo(c[1]));
        }
        given().contentType(ContentType.JSON)
                .body("""
                {"round": 1.0, "players": [{"id": "A", "buildings": {"tower": 1}}, {"id": "B", "buildings": {}}]}""")
                .post("/api/v1/calculators/alhambra/scoring")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("field", equalTo("round"));
    }

    /** A body is one JSON value: what follows it is refused, not ignored; an id holds no control character. */
    @Test
    void trailing_text_and_control_characters_in_ids_are_refused() {
        given().contentType(ContentType.JSON)
                .body("{\"alhambra\": [{\"x\": 0, \"y\": 1, \"walls\": \"ESW\"}]}}}")
                .post("/api/v1/calculators/alhambra/wall")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("field", equalTo("body"));
        given().contentType(ContentType.JSON)
                .body("{\"players\": [{\"id\": \"A\", \"buildingVp\": 7, \"coins\": 3}]} {}")
                .post("/api/v1/calculators/builders/final")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("field", equalTo("body"));
        for (String id : new String[] {"a\\u0000b", "a\\nb", "\\u007f"}) {
            given().contentType(ContentType.JSON)
                    .body("{\"players\": [{\"id\": \"" + id + "\", \"buildingVp\": 17, \"coins\": 25},"
                            + " {\"id\": \"C\", \"buildingVp\": 18, \"coins\": 12}]}")
                    .post("/api/v1/calculators/builders/final")
                    .then()
                    .statusCode(400)
                    .contentType("application/problem+json")
                    .body("field", equalTo("players[0].id"));
        }
        given().contentType(ContentType.JSON)
                .body("""
                {"round": 1, "players": [{"id": "A\\u0000", "buildings": {"tower": 1}}, {"id": "B", "buildings": {}}]}""")
                .post("/api/v1/calculators/alhambra/scoring")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("field", equalTo("players[0].id"));
    }

    @Test
    void carrara_valuation_answers_the_issue_example() {
        given().contentType(ContentType.JSON)
                .body("""
                {"kind": "type", "target": "Palazzo", "buildings": [
                  {"city": "Livorno", "type": "Palazzo", "cost": 3},
                  {"city": "Pisa", "type": "Palazzo", "cost": 3},
                  {"city": "Pisa", "type": "Villa", "cost": 5}]}""")
                .post("/api/v1/calculators/carrara/valuation")
                .then()
                .statusCode(200)
                .body("objects", equalTo(2));
        given().contentType(ContentType.JSON)
                .body("""
                {"kind": "type", "target": "Igloo", "buildings": []}""")
                .post("/api/v1/calculators/carrara/valuation")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("field", equalTo("target"));
    }

    @Test
    void builders_final_converts_coins_and_ranks() {
        given().contentType(ContentType.JSON)
                .body("""
                {"players": [{"id": "A", "buildingVp": 17, "coins": 25}, {"id": "B", "buildingVp": 18, "coins": 9}]}""")
                .post("/api/v1/calculators/builders/final")
                .then()
                .statusCode(200)
                .body("standings[0].player", equalTo("A"))
                .body("standings[0].total", equalTo(19))
                .body("standings[0].rank", equalTo(1))
                .body("standings[1].total", equalTo(18));
    }
}
