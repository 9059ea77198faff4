package dev.tessera.lobby;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.CloudEvent;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static dev.tessera.lobby.Lobby.as;
import static dev.tessera.lobby.Lobby.count;
import static dev.tessera.lobby.Lobby.lobbyEvents;
import static dev.tessera.lobby.Lobby.outboxMentioning;
import static dev.tessera.lobby.Lobby.player;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** A table's clock options: checked, defaults made explicit, and carried by TableOpened and TableStarted. */
@QuarkusTest
class TableOptionsApiTest {

    @Test
    void the_clock_settings_are_explicit_on_the_table_and_in_its_events() {
        String ana = player("ana");
        String bob = player("bob");
        String id = as(ana).body(Map.of("game", "carrara", "seats", 2, "options", Map.of("clock", "realtime", "turnSeconds", "45")))
                .post("/api/v1/tables")
                .then().statusCode(201)
                .body("options", equalTo(Map.of("clock", "realtime", "turnSeconds", "45")))
                .extract().path("id");
        Lobby.join(id, bob);
        as(ana).post("/api/v1/tables/" + id + "/start").then().statusCode(200);

        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertEquals(4, lobbyEvents(id).size()));
        List<CloudEvent> events = lobbyEvents(id);
        JsonNode opened = events.get(0).data();
        JsonNode started = events.get(3).data();
        assertEquals("tessera.lobby.TableStarted", events.get(3).type());
        assertEquals("{\"clock\":\"realtime\",\"turnSeconds\":\"45\"}", opened.get("options").toString());
        assertEquals("{\"clock\":\"realtime\",\"turnSeconds\":\"45\"}", started.get("options").toString());
    }

    @Test
    void without_options_the_table_is_turn_based_with_72_hours_per_move() {
        String ana = player("ana");
        as(ana).body(Map.of("game", "alhambra", "seats", 2)).post("/api/v1/tables")
                .then().statusCode(201).body("options", equalTo(Map.of("clock", "turn-based", "moveHours", "72")));
        as(ana).body(Map.of("game", "alhambra", "seats", 2, "options", Map.of("clock", "realtime"))).post("/api/v1/tables")
                .then().statusCode(201).body("options", equalTo(Map.of("clock", "realtime", "turnSeconds", "120")));
        String id = as(ana).body(Map.of("game", "alhambra", "seats", 2, "options", Map.of("moveHours", "24"))).post("/api/v1/tables")
                .then().statusCode(201).body("options", equalTo(Map.of("clock", "turn-based", "moveHours", "24")))
                .extract().path("id");
        Lobby.as(ana).get("/api/v1/tables/" + id).then().body("options.moveHours", equalTo("24"));
    }

    @Test
    void each_bad_option_is_a_400_naming_it_and_nothing_is_written() {
        String ana = player("ana");
        rejected(ana, Map.of("clock", "blitz"), "options.clock");
        rejected(ana, Map.of("clock", "realtime", "turnSeconds", "4"), "options.turnSeconds");
        rejected(ana, Map.of("clock", "realtime", "turnSeconds", "3601"), "options.turnSeconds");
        rejected(ana, Map.of("clock", "realtime", "turnSeconds", "soon"), "options.turnSeconds");
        rejected(ana, Map.of("clock", "realtime", "moveHours", "24"), "options.moveHours");
        rejected(ana, Map.of("moveHours", "0"), "options.moveHours");
        rejected(ana, Map.of("moveHours", "721"), "options.moveHours");
        rejected(ana, Map.of("turnSeconds", "60"), "options.turnSeconds");
        rejected(ana, Map.of("variant", "expert"), "options.variant");
        // A value that is not a string at all is bad JSON for the field.
        as(ana).body("{\"game\": \"alhambra\", \"seats\": 2, \"options\": {\"turnSeconds\": {\"min\": 1}}}")
                .post("/api/v1/tables")
                .then().statusCode(400).contentType("application/problem+json").body("field", equalTo("options.turnSeconds"));
        as(ana).body("{\"game\": \"alhambra\", \"seats\": \"many\"}").post("/api/v1/tables")
                .then().statusCode(400).contentType("application/problem+json").body("field", equalTo("seats"));

        assertEquals(0, count("SELECT count(*) FROM game_tables WHERE host = '" + ana + "'"));
        assertEquals(0, outboxMentioning(ana));
    }

    private static void rejected(String host, Map<String, String> options, String field) {
        as(host).body(Map.of("game", "alhambra", "seats", 2, "options", options)).post("/api/v1/tables")
                .then().statusCode(400).contentType("application/problem+json").body("field", equalTo(field));
    }
}
