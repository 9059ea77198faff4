package dev.tessera.lobby;

import static dev.tessera.lobby.Lobby.as;
import static dev.tessera.lobby.Lobby.count;
import static dev.tessera.lobby.Lobby.lobbyEvents;
import static dev.tessera.lobby.Lobby.outboxMentioning;
import static dev.tessera.lobby.Lobby.player;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.CloudEvent;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A table's options: the clock, and the options of its title (Carrara's expansion); checked, defaults made
 * explicit, and carried by TableOpened and TableStarted.
 */
@QuarkusTest
class TableOptionsApiTest {

    @Test
    void the_clock_settings_are_explicit_on_the_table_and_in_its_events() {
        String ana = player("ana");
        String bob = player("bob");
        String id = as(ana).body(Map.of(
                        "game", "alhambra", "seats", 2, "options", Map.of("clock", "realtime", "turnSeconds", "45")))
                .post("/api/v1/tables")
                .then()
                .statusCode(201)
                .body("options", equalTo(Map.of("clock", "realtime", "turnSeconds", "45")))
                .extract()
                .path("id");
        Lobby.join(id, bob);
        as(ana).post("/api/v1/tables/" + id + "/start").then().statusCode(200);

        assertOptionsPublished(id, Map.of("clock", "realtime", "turnSeconds", "45"));
    }

    @Test
    void a_carrara_table_with_the_expansion_says_so_in_its_events_for_game_service() {
        String ana = player("ana");
        String bob = player("bob");
        Map<String, String> expansion = Map.of("clock", "realtime", "turnSeconds", "60", "expansion", "true");
        String id = as(ana).body(Map.of(
                        "game",
                        "carrara",
                        "seats",
                        2,
                        "options",
                        Map.of("expansion", "true", "clock", "realtime", "turnSeconds", "60")))
                .post("/api/v1/tables")
                .then()
                .statusCode(201)
                .body("options", equalTo(expansion))
                .extract()
                .path("id");
        as(bob).get("/api/v1/tables/" + id).then().statusCode(200).body("options", equalTo(expansion));
        Lobby.join(id, bob);
        as(ana).post("/api/v1/tables/" + id + "/start").then().statusCode(200).body("options", equalTo(expansion));

        assertOptionsPublished(id, expansion);
    }

    @Test
    void a_carrara_table_plays_the_basic_game_unless_the_host_asks_for_the_expansion() {
        String ana = player("ana");
        String bob = player("bob");
        Map<String, String> basic = Map.of("clock", "turn-based", "moveHours", "72", "expansion", "false");
        String id = as(ana).body(Map.of("game", "carrara", "seats", 2))
                .post("/api/v1/tables")
                .then()
                .statusCode(201)
                .body("options", equalTo(basic))
                .extract()
                .path("id");
        as(ana).body(Map.of("game", "carrara", "seats", 2, "options", Map.of("expansion", "false")))
                .post("/api/v1/tables")
                .then()
                .statusCode(201)
                .body("options", equalTo(basic));
        Lobby.join(id, bob);
        as(ana).post("/api/v1/tables/" + id + "/start").then().statusCode(200);

        assertOptionsPublished(id, basic);
    }

    @Test
    void without_options_the_table_is_turn_based_with_72_hours_per_move() {
        String ana = player("ana");
        as(ana).body(Map.of("game", "alhambra", "seats", 2))
                .post("/api/v1/tables")
                .then()
                .statusCode(201)
                .body("options", equalTo(Map.of("clock", "turn-based", "moveHours", "72")));
        as(ana).body(Map.of("game", "alhambra", "seats", 2, "options", Map.of("clock", "realtime")))
                .post("/api/v1/tables")
                .then()
                .statusCode(201)
                .body("options", equalTo(Map.of("clock", "realtime", "turnSeconds", "120")));
        String id = as(ana).body(Map.of("game", "alhambra", "seats", 2, "options", Map.of("moveHours", "24")))
                .post("/api/v1/tables")
                .then()
                .statusCode(201)
                .body("options", equalTo(Map.of("clock", "turn-based", "moveHours", "24")))
                .extract()
                .path("id");
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
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("field", equalTo("options.turnSeconds"));
        as(ana).body("{\"game\": \"alhambra\", \"seats\": \"many\"}")
                .post("/api/v1/tables")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("field", equalTo("seats"));

        assertEquals(0, count("SELECT count(*) FROM game_tables WHERE host = '" + ana + "'"));
        assertEquals(0, outboxMentioning(ana));
    }

    @Test
    void the_expansion_is_carraras_and_true_or_false_and_a_bad_one_writes_nothing() {
        String ana = player("ana");
        for (String value : List.of("yes", "TRUE", "1", "")) {
            rejected(ana, "carrara", Map.of("expansion", value), "options.expansion")
                    .body("detail", containsString("expansion"));
        }
        rejected(ana, "alhambra", Map.of("expansion", "true"), "options.expansion")
                .body("type", equalTo("https://tessera.dev/problems/invalid-field"))
                .body("detail", startsWith("Alhambra has no expansion"));
        rejected(ana, "builders", Map.of("expansion", "false"), "options.expansion")
                .body("detail", startsWith("The Builders: Middle Ages has no expansion"));

        assertEquals(0, count("SELECT count(*) FROM game_tables WHERE host = '" + ana + "'"));
        assertEquals(0, outboxMentioning(ana));
    }

    /** TableOpened and TableStarted of the started table {@code id} carry exactly {@code options}. */
    private static void assertOptionsPublished(String id, Map<String, String> options) {
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertEquals(4, lobbyEvents(id).size()));
        List<CloudEvent> events = lobbyEvents(id);
        assertEquals("tessera.lobby.TableOpened", events.get(0).type());
        assertEquals("tessera.lobby.TableStarted", events.get(3).type());
        JsonNode expected = Lobby.CODEC.mapper().valueToTree(options);
        assertEquals(expected, events.get(0).data().get("options"));
        assertEquals(expected, events.get(3).data().get("options"));
    }

    private static void rejected(String host, Map<String, String> options, String field) {
        rejected(host, "alhambra", options, field);
    }

    private static ValidatableResponse rejected(String host, String game, Map<String, String> options, String field) {
        return as(host).body(Map.of("game", game, "seats", 2, "options", options))
                .post("/api/v1/tables")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("field", equalTo(field));
    }
}
