package dev.tessera.game.carrara;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.events.carrara.CarraraEvent;
import dev.tessera.events.carrara.ValuationRequested;
import dev.tessera.game.rules.Decision;
import dev.tessera.game.rules.RulesFixture;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The move JSON the endpoint accepts, exactly as documented in docs/carrara.md. */
class CarraraJsonTest {

    private static final CarraraEngine ENGINE = new CarraraEngine();
    private static final RulesFixture<CarraraState, CarraraMove, CarraraEvent> RULES = RulesFixture.of(ENGINE);
    private static final ObjectMapper JSON = new ObjectMapper();

    private static void assertJson(String json, CarraraMove move) throws JsonProcessingException {
        assertEquals(move, JSON.readValue(json, CarraraMove.class));
        assertEquals(JSON.readTree(json), JSON.readTree(JSON.writeValueAsString(move)));
    }

    @Test
    void every_move_has_the_documented_shape() throws Exception {
        assertJson("{\"type\":\"rotate-wheel\"}", new CarraraMove.RotateWheel());
        assertJson(
                "{\"type\":\"buy-stones\",\"section\":3,\"stones\":[\"red\",\"black\"]}",
                new CarraraMove.BuyStones(3, List.of(Stone.RED, Stone.BLACK)));
        assertJson("{\"type\":\"buy-nothing\"}", new CarraraMove.BuyNothing());
        assertJson("{\"type\":\"take-coins\"}", new CarraraMove.TakeCoins());
        assertJson(
                "{\"type\":\"build\",\"building\":\"Palazzo\",\"cost\":3,\"city\":\"Pisa\","
                        + "\"stones\":[\"white\",\"yellow\",\"yellow\"]}",
                new CarraraMove.Build(
                        BuildingType.PALAZZO, 3, City.PISA, List.of(Stone.WHITE, Stone.YELLOW, Stone.YELLOW)));
        assertJson("{\"type\":\"value-type\",\"building\":\"Villa\"}", new CarraraMove.ValueType(BuildingType.VILLA));
        assertJson("{\"type\":\"value-city\",\"city\":\"Lerici\"}", new CarraraMove.ValueCity(City.LERICI));
        assertJson("{\"type\":\"declare-end\"}", new CarraraMove.DeclareEnd());
        assertJson(
                "{\"type\":\"buy-object\",\"object\":\"coat-of-arms\"}",
                new CarraraMove.BuyObject(ObjectKind.COAT_OF_ARMS));
        assertJson("{\"type\":\"end-turn\"}", new CarraraMove.EndTurn());
    }

    @Test
    void malformed_moves_do_not_parse() {
        assertThrows(
                JsonProcessingException.class, () -> JSON.readValue("{\"type\":\"value-city\"}", CarraraMove.class));
        assertThrows(
                JsonProcessingException.class,
                () -> JSON.readValue("{\"type\":\"value-city\",\"city\":\"Firenze\"}", CarraraMove.class));
        assertThrows(JsonProcessingException.class, () -> JSON.readValue("{\"type\":\"fly\"}", CarraraMove.class));
    }

    @Test
    void the_legal_moves_of_the_first_turn_round_trip_and_are_accepted() throws Exception {
        CarraraState s = Crafted.start(2);
        CarraraState buying =
                RULES.given(s).when("ann", new CarraraMove.RotateWheel()).state();
        for (CarraraState state : List.of(s, buying)) {
            List<CarraraMove> moves = ENGINE.legalMoves(state, "ann");
            for (CarraraMove move : moves) {
                CarraraMove back = JSON.readValue(JSON.writeValueAsString(move), CarraraMove.class);
                assertEquals(move, back);
                assertInstanceOf(Decision.Accepted.class, ENGINE.decide(state, "ann", back));
            }
        }
        // 5 drawn + 6 moved on: at least every single stone of section II is a choice
        assertEquals(true, ENGINE.legalMoves(buying, "ann").size() >= 6);
    }

    @Test
    void a_valuation_request_serialises_to_the_calculators_input_shape() throws Exception {
        var request = new ValuationRequested(
                2,
                "ann",
                "type",
                "Palazzo",
                List.of(new ValuationRequested.Building("Livorno", "Palazzo", 3, "crown", 0)),
                List.of(new ValuationRequested.City("Livorno", 3, "vp")),
                Map.of("crown", 5));

        assertEquals(JSON.readTree("""
                {"valuation": 2, "player": "ann", "kind": "type", "target": "Palazzo",
                 "buildings": [{"city": "Livorno", "type": "Palazzo", "cost": 3, "object": "crown", "bonus": 0}],
                 "cities": [{"city": "Livorno", "value": 3, "payout": "vp"}],
                 "objectsLeft": {"crown": 5}}"""), JSON.valueToTree(request));
    }
}
