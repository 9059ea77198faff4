package dev.tessera.game.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

@QuarkusTest
class PlacementCalculatorTest {

    private static void check(String body, boolean legal, String rule) {
        given().contentType(ContentType.JSON)
                .body(body)
                .post("/api/v1/calculators/alhambra/placement")
                .then()
                .statusCode(200)
                .body("legal", equalTo(legal))
                .body("rule", equalTo(rule));
    }

    private static void bad(String body, String field) {
        given().contentType(ContentType.JSON)
                .body(body)
                .post("/api/v1/calculators/alhambra/placement")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("field", equalTo(field));
    }

    @Test
    void answers_each_placement_rule() {
        check("""
                {"alhambra": [], "action": "place", "at": {"x": 1, "y": 0}, "tile": {"walls": "N"}}""", true, "ok");
        check("""
                {"alhambra": [], "action": "place", "at": {"x": 2, "y": 0}, "tile": {"walls": ""}}""", false, "not-adjacent");
        check("""
                {"alhambra": [{"x": 1, "y": 0, "walls": "E"}], "action": "place", "at": {"x": 2, "y": 0}, "tile": {"walls": ""}}""", false, "wall-mismatch");
        check("""
                {"alhambra": [{"x": 1, "y": 0, "walls": "E"}], "action": "place", "at": {"x": 1, "y": 0}, "tile": {"walls": ""}}""", false, "occupied");
        check("""
                {"alhambra": [], "action": "remove", "at": {"x": 0, "y": 0}}""", false, "fountain");
        // The help page's [A] [B|] [|C]: C's only neighbour is walled off from it.
        check("""
                {"alhambra": [{"x": 1, "y": 0, "walls": "E"}], "action": "place", "at": {"x": 2, "y": 0}, "tile": {"walls": "W"}}""", false, "unreachable");
    }

    @Test
    void malformed_input_names_the_field() {
        bad("""
                {"action": "place", "at": {"x": 1, "y": 0}, "tile": {"walls": ""}}""", "alhambra");
        bad("""
                {"alhambra": [], "action": "build", "at": {"x": 1, "y": 0}, "tile": {"walls": ""}}""", "action");
        bad("""
                {"alhambra": [], "action": "place", "tile": {"walls": ""}}""", "at");
        bad("""
                {"alhambra": [], "action": "place", "at": {"x": 1, "y": 0}}""", "tile");
        bad("""
                {"alhambra": [], "action": "place", "at": {"x": 1, "y": 0}, "tile": {"walls": "NX"}}""", "tile.walls");
        bad("""
                {"alhambra": [{"x": 1, "y": 0, "walls": ""}, {"x": 1, "y": 0, "walls": "N"}], "action": "remove", "at": {"x": 1, "y": 0}}""", "alhambra[1]");
        given().contentType(ContentType.JSON)
                .body("{\"alhambra\": [")
                .post("/api/v1/calculators/alhambra/placement")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("type", equalTo("https://tessera.dev/problems/invalid-field"));
    }

    /** Coordinates are whole JSON numbers: Jackson would take "3" as 3 and 2.5 as 2 (service-kit's StrictJson). */
    @Test
    void coordinates_of_the_wrong_json_type_are_refused_naming_the_field() {
        bad("""
                {"alhambra": [], "action": "place", "at": {"x": "1", "y": 0}, "tile": {"walls": ""}}""", "at.x");
        bad("""
                {"alhambra": [], "action": "place", "at": {"x": 1, "y": 0.5}, "tile": {"walls": ""}}""", "at.y");
        bad("""
                {"alhambra": [{"x": 2.5, "y": 0, "walls": ""}], "action": "remove", "at": {"x": 1, "y": 0}}""", "alhambra[0].x");
        bad("""
                {"alhambra": [{"x": 1, "y": "0", "walls": ""}], "action": "remove", "at": {"x": 1, "y": 0}}""", "alhambra[0].y");
        bad("""
                {"alhambra": [], "action": "place", "at": {"x": 1, "y": 0}, "tile": {"walls": 12}}""", "tile.walls");
    }
}
