package dev.tessera.scoring.carrara;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.events.carrara.ValuationRequested;
import dev.tessera.scoring.standings.InvalidInputException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CarraraValuationTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static ValuationResult value(String json) throws Exception {
        return CarraraValuation.value(JSON.readValue(json, ValuationInput.class));
    }

    private static InvalidInputException invalid(String json) {
        return assertThrows(InvalidInputException.class, () -> value(json));
    }

    @Test
    void type_valuation_pays_cost_times_city_value_in_each_citys_currency() throws Exception {
        // given Palazzi in Livorno (3 VP), Pisa (3 coins) and Viareggio (2 coins), and a Villa that does not count
        String json = """
            {"kind": "type", "target": "Palazzo", "buildings": [
              {"city": "Livorno", "type": "Palazzo", "cost": 3},
              {"city": "Pisa", "type": "Palazzo", "cost": 3},
              {"city": "Viareggio", "type": "Palazzo", "cost": 1},
              {"city": "Livorno", "type": "Villa", "cost": 5}]}""";

        ValuationResult result = value(json);

        assertEquals(new ValuationResult(9, 11, 3, List.of()), result);
        assertEquals("{\"vp\":9,\"coins\":11,\"objects\":3}", JSON.writeValueAsString(result));
    }

    @Test
    void city_valuation_counts_only_that_citys_buildings() throws Exception {
        String json = """
            {"kind": "city", "target": "Lucca", "buildings": [
              {"city": "Lucca", "type": "Porta", "cost": 4},
              {"city": "Lucca", "type": "Villa", "cost": 2},
              {"city": "Massa", "type": "Porta", "cost": 5}]}""";

        assertEquals(new ValuationResult(12, 0, 2, List.of()), value(json));
    }

    @Test
    void lerici_and_massa_pay_one_per_cost_point() throws Exception {
        String json = """
            {"kind": "type", "target": "Castello", "buildings": [
              {"city": "Lerici", "type": "Castello", "cost": 5},
              {"city": "Massa", "type": "Castello", "cost": 4}]}""";

        assertEquals(new ValuationResult(4, 5, 2, List.of()), value(json));
    }

    @Test
    void cities_given_in_the_input_override_the_board() throws Exception {
        String json = """
            {"kind": "type", "target": "Porta",
             "buildings": [{"city": "Pisa", "type": "Porta", "cost": 2}],
             "cities": [{"city": "Pisa", "value": 4, "payout": "vp"}]}""";

        assertEquals(new ValuationResult(8, 0, 1, List.of()), value(json));
    }

    @Test
    void objects_are_limited_by_the_supply() throws Exception {
        // given three Palazzi valued but only two crowns left
        String json = """
            {"kind": "type", "target": "Palazzo", "objectsLeft": {"crown": 2, "book": 5},
             "buildings": [
              {"city": "Massa", "type": "Palazzo", "cost": 1, "object": "crown"},
              {"city": "Massa", "type": "Palazzo", "cost": 2, "object": "crown"},
              {"city": "Massa", "type": "Palazzo", "cost": 3, "object": "crown"}]}""";

        ValuationResult result = value(json);

        assertEquals(new ValuationResult(6, 0, 2, List.of("crown", "crown")), result);
    }

    @Test
    void a_valuation_requested_event_reads_as_input() throws Exception {
        // given the game's event JSON, with fields the calculator does not use
        String json = """
            {"valuation": 3, "player": "ann", "kind": "city", "target": "Pisa",
             "buildings": [{"city": "Pisa", "type": "Biblioteca", "cost": 2, "object": "book"},
                           {"city": "Pisa", "type": "Villa", "cost": 1, "object": "flag"}],
             "cities": [{"city": "Pisa", "value": 3, "payout": "coins"}],
             "objectsLeft": {"book": 0, "flag": 1}}""";

        assertEquals(new ValuationResult(0, 9, 1, List.of("flag")), value(json));
    }

    @Test
    void the_engines_request_event_serialises_to_an_input_and_is_scored_by_the_formula() throws Exception {
        // given the request the engine emits when ann values her Palazzi: cost 3 in Livorno, cost 2 in Pisa
        var request = new ValuationRequested(
                1,
                "ann",
                "type",
                "Palazzo",
                List.of(
                        new ValuationRequested.Building("Livorno", "Palazzo", 3, "crown", 0),
                        new ValuationRequested.Building("Pisa", "Palazzo", 2, "crown", 0)),
                List.of(
                        new ValuationRequested.City("Livorno", 3, "vp"),
                        new ValuationRequested.City("Pisa", 3, "coins")),
                Map.of("gate", 5, "crown", 5, "coat-of-arms", 5, "book", 5, "flag", 5, "cup", 5));

        ValuationResult result = value(JSON.writeValueAsString(request));

        assertEquals(new ValuationResult(9, 6, 2, List.of("crown", "crown")), result);
    }

    @Test
    void no_matching_building_pays_nothing() throws Exception {
        assertEquals(
                new ValuationResult(0, 0, 0, List.of()),
                value("{\"kind\": \"type\", \"target\": \"Porta\", \"buildings\": []}"));
    }

    @Test
    void rejects_an_unknown_city_naming_the_field() {
        var e = invalid("""
            {"kind": "type", "target": "Porta", "buildings": [
              {"city": "Pisa", "type": "Porta", "cost": 1}, {"city": "Firenze", "type": "Porta", "cost": 1}]}""");
        assertEquals("buildings[1].city", e.field());
    }

    @Test
    void rejects_an_unknown_type() {
        assertEquals("buildings[0].type", invalid("""
            {"kind": "type", "target": "Porta", "buildings": [{"city": "Pisa", "type": "Duomo", "cost": 1}]}""").field());
    }

    @Test
    void rejects_a_negative_cost() {
        assertEquals("buildings[0].cost", invalid("""
            {"kind": "city", "target": "Pisa", "buildings": [{"city": "Pisa", "type": "Porta", "cost": -2}]}""").field());
    }

    @Test
    void rejects_a_cost_large_enough_to_overflow() {
        assertEquals("buildings[0].cost", invalid("""
            {"kind": "city", "target": "Pisa", "buildings": [{"city": "Pisa", "type": "Porta", "cost": 1000000000}]}""").field());
    }

    @Test
    void rejects_a_missing_cost() {
        InvalidInputException e = invalid("""
            {"kind": "city", "target": "Pisa", "buildings": [{"city": "Pisa", "type": "Porta"}]}""");
        assertEquals("buildings[0].cost", e.field());
        assertEquals("buildings[0].cost: is required", e.getMessage());
    }

    @Test
    void rejects_missing_or_unknown_kind_target_and_buildings() {
        assertEquals(
                "kind", invalid("{\"target\": \"Pisa\", \"buildings\": []}").field());
        assertEquals(
                "kind",
                invalid("{\"kind\": \"district\", \"target\": \"Pisa\", \"buildings\": []}")
                        .field());
        assertEquals(
                "target",
                invalid("{\"kind\": \"category\", \"target\": \"Pisa\", \"buildings\": []}")
                        .field());
        assertEquals(
                "target", invalid("{\"kind\": \"city\", \"buildings\": []}").field());
        assertEquals(
                "target",
                invalid("{\"kind\": \"city\", \"target\": \"Palazzo\", \"buildings\": []}")
                        .field());
        assertEquals(
                "target",
                invalid("{\"kind\": \"type\", \"target\": \"Pisa\", \"buildings\": []}")
                        .field());
        assertEquals(
                "buildings",
                invalid("{\"kind\": \"type\", \"target\": \"Porta\"}").field());
    }

    @Test
    void rejects_bad_cities_and_supply() {
        String building =
                "\"buildings\": [{\"city\": \"Pisa\", \"type\": \"Porta\", \"cost\": 1, \"object\": \"gate\"}]";
        assertEquals(
                "cities[0].payout",
                invalid("{\"kind\": \"type\", \"target\": \"Porta\", " + building
                                + ", \"cities\": [{\"city\": \"Pisa\", \"value\": 3, \"payout\": \"gold\"}]}")
                        .field());
        assertEquals(
                "cities[0].value",
                invalid("{\"kind\": \"type\", \"target\": \"Porta\", " + building
                                + ", \"cities\": [{\"city\": \"Pisa\", \"payout\": \"vp\"}]}")
                        .field());
        assertEquals(
                "objectsLeft.gate",
                invalid("{\"kind\": \"type\", \"target\": \"Porta\", " + building
                                + ", \"objectsLeft\": {\"gate\": -1}}")
                        .field());
        assertEquals(
                "buildings[0].object",
                invalid("{\"kind\": \"type\", \"target\": \"Porta\", " + building
                                + ", \"objectsLeft\": {\"crown\": 1}}")
                        .field());
    }

    @Test
    void is_pure_and_leaves_its_input_untouched() {
        var left = Map.of("gate", 1);
        var input = new ValuationInput(
                "type",
                "Porta",
                List.of(
                        new ValuationInput.Building("Pisa", "Porta", 2, "gate", null),
                        new ValuationInput.Building("Lucca", "Porta", 1, "gate", null)),
                null,
                left);

        ValuationResult first = CarraraValuation.value(input);

        assertEquals(first, CarraraValuation.value(input));
        assertEquals(new ValuationResult(2, 6, 1, List.of("gate")), first);
        assertEquals(Map.of("gate", 1), input.objectsLeft());
    }

    // --- the expansion ---

    @Test
    void a_category_valuation_pays_the_categorys_currency_and_no_objects() throws Exception {
        // city buildings pay coins wherever they stand (Livorno would pay VP), land buildings pay VP (Pisa would pay
        // coins)
        String buildings = """
            "buildings": [
              {"city": "Livorno", "type": "Palazzo", "cost": 3, "object": "crown"},
              {"city": "Pisa", "type": "Porta", "cost": 2, "object": "gate"},
              {"city": "Pisa", "type": "Villa", "cost": 4, "object": "flag"},
              {"city": "Lerici", "type": "Castello", "cost": 8, "object": "coat-of-arms"}],
            "objectsLeft": {"crown": 5, "gate": 5, "flag": 5, "coat-of-arms": 5}""";

        assertEquals(
                new ValuationResult(0, 3 * 3 + 2 * 3, 0, List.of()),
                value("{\"kind\": \"category\", \"target\": \"city\", " + buildings + "}"));
        assertEquals(
                new ValuationResult(4 * 3 + 8, 0, 0, List.of()),
                value("{\"kind\": \"category\", \"target\": \"land\", " + buildings + "}"));
    }

    @Test
    void an_upgrade_bonus_raises_the_city_value_of_its_building() throws Exception {
        String json = """
            {"kind": "type", "target": "Villa", "buildings": [
              {"city": "Massa", "type": "Villa", "cost": 3, "bonus": 2},
              {"city": "Massa", "type": "Villa", "cost": 2}]}""";

        // Massa pays 1 VP per cost point; the first Villa counts (1 + 2) per point
        assertEquals(new ValuationResult(3 * 3 + 2, 0, 2, List.of()), value(json));
        assertEquals("buildings[0].bonus", invalid("""
            {"kind": "type", "target": "Villa", "buildings": [{"city": "Massa", "type": "Villa", "cost": 3, "bonus": -1}]}""").field());
    }

    @Test
    void the_engines_category_request_reads_as_input() throws Exception {
        var request = new ValuationRequested(
                3,
                "ann",
                "category",
                "land",
                List.of(
                        new ValuationRequested.Building("Massa", "Villa", 8, "flag", 2),
                        new ValuationRequested.Building("Lerici", "Castello", 2, "coat-of-arms", 0)),
                List.of(
                        new ValuationRequested.City("Massa", 1, "vp"),
                        new ValuationRequested.City("Lerici", 1, "coins")),
                Map.of("flag", 5, "coat-of-arms", 5));

        ValuationResult result =
                CarraraValuation.value(JSON.readValue(JSON.writeValueAsString(request), ValuationInput.class));

        assertEquals(new ValuationResult(8 * 3 + 2, 0, 0, List.of()), result);
    }
}
