package dev.tessera.lobby.matchmaking;

import static dev.tessera.lobby.Lobby.as;
import static dev.tessera.lobby.Lobby.count;
import static dev.tessera.lobby.Lobby.execute;
import static dev.tessera.lobby.Lobby.lobbyEvents;
import static dev.tessera.lobby.Lobby.outboxMentioning;
import static dev.tessera.lobby.Lobby.player;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.events.CloudEvent;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Quick play. Each test uses its own lines (game, player count and options), since the queue is shared by
 * the whole test run, and leaves none of its players waiting.
 */
@QuarkusTest
class MatchmakingTest {
    private static final Map<String, String> DEFAULTS = Map.of("clock", "turn-based", "moveHours", "72");
    private static final Map<String, String> CARRARA_BASIC =
            Map.of("clock", "turn-based", "moveHours", "72", "expansion", "false");
    private static final Map<String, String> CARRARA_EXPANSION =
            Map.of("clock", "turn-based", "moveHours", "72", "expansion", "true");

    @Test
    void the_third_player_completes_a_three_player_table_that_everyone_learns_and_that_is_started() {
        String ana = player("ana");
        String bob = player("bob");
        String cyd = player("cyd");
        queue(ana, "carrara", 3)
                .then()
                .statusCode(202)
                .contentType("application/json")
                .body("status", equalTo("queued"))
                .body("game", equalTo("carrara"))
                .body("players", equalTo(3))
                .body("options", equalTo(CARRARA_BASIC))
                .body("queuedAt", notNullValue())
                .body("position", equalTo(1))
                .body("waiting", equalTo(1));
        queue(bob, "carrara", 3)
                .then()
                .statusCode(202)
                .body("status", equalTo("queued"))
                .body("position", equalTo(2));
        as(ana).get("/api/v1/matchmaking")
                .then()
                .statusCode(200)
                .body("status", equalTo("queued"))
                .body("position", equalTo(1))
                .body("waiting", equalTo(2))
                .body("tableId", nullValue());

        String tableId = queue(cyd, "carrara", 3)
                .then()
                .statusCode(201)
                .body("status", equalTo("matched"))
                .body("players", equalTo(3))
                .body("matchedAt", notNullValue())
                .extract()
                .path("tableId");
        for (String p : List.of(ana, bob, cyd)) {
            as(p).get("/api/v1/matchmaking")
                    .then()
                    .statusCode(200)
                    .body("status", equalTo("matched"))
                    .body("tableId", equalTo(tableId))
                    .body("position", nullValue());
        }
        as(ana).get("/api/v1/tables/" + tableId)
                .then()
                .statusCode(200)
                .body("status", equalTo("starting"))
                .body("host", equalTo(ana))
                .body("seats", equalTo(3))
                .body("players", contains(ana, bob, cyd))
                .body("options", equalTo(CARRARA_BASIC));

        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertEquals(5, lobbyEvents(tableId).size()));
        List<CloudEvent> events = lobbyEvents(tableId);
        assertEquals(
                List.of(
                        "tessera.lobby.TableOpened",
                        "tessera.lobby.PlayerSeated",
                        "tessera.lobby.PlayerSeated",
                        "tessera.lobby.PlayerSeated",
                        "tessera.lobby.TableStarted"),
                events.stream().map(CloudEvent::type).toList());
        assertEquals(ana, events.get(0).data().get("host").asText());
        assertEquals(
                List.of(0, 1, 2),
                events.subList(1, 4).stream()
                        .map(e -> e.data().get("seat").asInt())
                        .toList());
        assertEquals(
                "[\"" + ana + "\",\"" + bob + "\",\"" + cyd + "\"]",
                events.get(4).data().get("players").toString());
        assertEquals(
                "turn-based", events.get(4).data().get("options").get("clock").asText());
    }

    @Test
    void a_waiting_player_leaves_the_queue_and_bad_or_repeated_requests_change_nothing() {
        String ana = player("ana");
        String eve = player("eve");
        queue(eve, "chess", 2)
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("field", equalTo("game"));
        queue(eve, "alhambra", 7)
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("field", equalTo("players"));
        queue(eve, "builders", 1).then().statusCode(400).body("field", equalTo("players"));
        as(eve).body(Map.of("game", "builders"))
                .post("/api/v1/matchmaking")
                .then()
                .statusCode(400)
                .body("field", equalTo("players"));
        // One JSON value per body: what follows it is refused, not ignored (service-kit's OneJsonValue).
        as(eve).body("{\"game\": \"alhambra\", \"players\": 3}}}")
                .post("/api/v1/matchmaking")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("field", equalTo("body"));
        // Not in the queue is an answer, not an error.
        as(eve).get("/api/v1/matchmaking")
                .then()
                .statusCode(200)
                .body("status", equalTo("not-queued"))
                .body("game", org.hamcrest.Matchers.nullValue());
        assertEquals(0, entries(eve));

        String queuedAt =
                queue(ana, "builders", 3).then().statusCode(202).extract().path("queuedAt");
        queue(ana, "builders", 3)
                .then()
                .statusCode(409)
                .contentType("application/problem+json")
                .body("rule", equalTo("already-queued"));
        queue(ana, "carrara", 2).then().statusCode(409).body("rule", equalTo("already-queued"));
        as(ana).get("/api/v1/matchmaking")
                .then()
                .statusCode(200)
                .body("game", equalTo("builders"))
                .body("players", equalTo(3))
                .body("queuedAt", equalTo(queuedAt));

        as(ana).delete("/api/v1/matchmaking").then().statusCode(204);
        as(ana).get("/api/v1/matchmaking").then().statusCode(200).body("status", equalTo("not-queued"));
        as(ana).delete("/api/v1/matchmaking").then().statusCode(404).contentType("application/problem+json");
        assertEquals(0, entries(ana));
        assertEquals(0, outboxMentioning(ana));
        assertEquals(0, outboxMentioning(eve));
    }

    @Test
    void a_matched_entry_stays_until_the_player_queues_again() {
        String ana = player("ana");
        String bob = player("bob");
        queue(ana, "builders", 2).then().statusCode(202);
        String tableId =
                queue(bob, "builders", 2).then().statusCode(201).extract().path("tableId");

        as(ana).delete("/api/v1/matchmaking")
                .then()
                .statusCode(409)
                .contentType("application/problem+json")
                .body("rule", equalTo("already-matched"))
                .body("tableId", equalTo(tableId));
        as(ana).get("/api/v1/matchmaking")
                .then()
                .body("status", equalTo("matched"))
                .body("tableId", equalTo(tableId));

        // Queuing again replaces the matched entry.
        queue(ana, "builders", 2)
                .then()
                .statusCode(202)
                .body("status", equalTo("queued"))
                .body("tableId", nullValue());
        as(ana).get("/api/v1/matchmaking").then().body("status", equalTo("queued"));
        as(bob).get("/api/v1/matchmaking")
                .then()
                .body("status", equalTo("matched"))
                .body("tableId", equalTo(tableId));
        as(ana).delete("/api/v1/matchmaking").then().statusCode(204);
        assertEquals(1, count("SELECT count(*) FROM game_tables WHERE id = '" + tableId + "'"));
    }

    @Test
    void players_queuing_at_the_same_time_all_get_a_table_and_nobody_gets_two() throws Exception {
        List<String> players = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            players.add(player("p" + i));
        }
        queueAtOnce(players, p -> queue(p, "alhambra", 2));
        Set<String> tables = matchedTables(players);
        assertEquals(4, tables.size());
        Set<String> seated = new HashSet<>();
        for (String t : tables) {
            List<String> atTable = as(players.get(0))
                    .get("/api/v1/tables/" + t)
                    .then()
                    .body("status", equalTo("starting"))
                    .extract()
                    .path("players");
            assertEquals(2, atTable.size());
            seated.addAll(atTable);
        }
        assertEquals(Set.copyOf(players), seated);
    }

    @Test
    void a_player_who_wants_the_expansion_is_matched_only_with_others_who_do() {
        String ana = player("ana");
        String bob = player("bob");
        String cyd = player("cyd");
        String dan = player("dan");
        String eve = player("eve");
        String fay = player("fay");
        Map<String, String> expansion = Map.of("expansion", "true");
        queue(ana, "carrara", 3, expansion)
                .then()
                .statusCode(202)
                .body("options", equalTo(CARRARA_EXPANSION))
                .body("position", equalTo(1))
                .body("waiting", equalTo(1));
        queue(bob, "carrara", 3)
                .then()
                .statusCode(202)
                .body("options", equalTo(CARRARA_BASIC))
                .body("position", equalTo(1))
                .body("waiting", equalTo(1));
        queue(cyd, "carrara", 3, expansion)
                .then()
                .statusCode(202)
                .body("position", equalTo(2))
                .body("waiting", equalTo(2));
        // Asking for the basic game in so many words is asking for the defaults: bob's line.
        queue(dan, "carrara", 3, Map.of("expansion", "false"))
                .then()
                .statusCode(202)
                .body("options", equalTo(CARRARA_BASIC))
                .body("position", equalTo(2))
                .body("waiting", equalTo(2));
        as(ana).get("/api/v1/matchmaking")
                .then()
                .statusCode(200)
                .body("status", equalTo("queued"))
                .body("options", equalTo(CARRARA_EXPANSION))
                .body("waiting", equalTo(2));

        String withExpansion = queue(eve, "carrara", 3, expansion)
                .then()
                .statusCode(201)
                .body("status", equalTo("matched"))
                .body("options", equalTo(CARRARA_EXPANSION))
                .extract()
                .path("tableId");
        as(ana).get("/api/v1/tables/" + withExpansion)
                .then()
                .statusCode(200)
                .body("players", contains(ana, cyd, eve))
                .body("options", equalTo(CARRARA_EXPANSION));
        as(bob).get("/api/v1/matchmaking")
                .then()
                .body("status", equalTo("queued"))
                .body("position", equalTo(1))
                .body("waiting", equalTo(2));

        String basic = queue(fay, "carrara", 3).then().statusCode(201).extract().path("tableId");
        as(bob).get("/api/v1/tables/" + basic)
                .then()
                .statusCode(200)
                .body("players", contains(bob, dan, fay))
                .body("options", equalTo(CARRARA_BASIC));
        as(dan).get("/api/v1/matchmaking")
                .then()
                .body("status", equalTo("matched"))
                .body("tableId", equalTo(basic))
                .body("options", equalTo(CARRARA_BASIC));

        // game-service creates the game from TableStarted's options.
        assertTableEventsCarry(withExpansion, "true");
        assertTableEventsCarry(basic, "false");
    }

    @Test
    void quick_play_takes_the_clock_options_filled_in_as_a_tables() {
        String ana = player("ana");
        String bob = player("bob");
        Map<String, String> realtime = Map.of("clock", "realtime", "turnSeconds", "60");
        queue(ana, "builders", 2, Map.of("clock", "realtime", "turnSeconds", "060"))
                .then()
                .statusCode(202)
                .body("options", equalTo(realtime));
        String tableId = queue(bob, "builders", 2, realtime)
                .then()
                .statusCode(201)
                .body("options", equalTo(realtime))
                .extract()
                .path("tableId");
        as(ana).get("/api/v1/tables/" + tableId)
                .then()
                .body("players", contains(ana, bob))
                .body("options", equalTo(realtime));
    }

    @Test
    void bad_options_are_refused_as_for_a_table_and_queue_nothing() {
        String eve = player("eve");
        queue(eve, "carrara", 2, Map.of("expansion", "yes"))
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("field", equalTo("options.expansion"));
        queue(eve, "alhambra", 2, Map.of("expansion", "true"))
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("field", equalTo("options.expansion"))
                .body("detail", startsWith("Alhambra has no expansion"));
        queue(eve, "builders", 2, Map.of("turnSeconds", "60"))
                .then()
                .statusCode(400)
                .body("field", equalTo("options.turnSeconds"));
        queue(eve, "carrara", 2, Map.of("clock", "blitz"))
                .then()
                .statusCode(400)
                .body("field", equalTo("options.clock"));
        queue(eve, "carrara", 2, Map.of("variant", "expert"))
                .then()
                .statusCode(400)
                .body("field", equalTo("options.variant"));
        as(eve).get("/api/v1/matchmaking").then().statusCode(200).body("status", equalTo("not-queued"));
        assertEquals(0, entries(eve));
        assertEquals(0, outboxMentioning(eve));
    }

    @Test
    void entries_queued_before_quick_play_took_options_are_matched_by_a_request_for_the_defaults() {
        String ana = player("ana");
        String bob = player("bob");
        String cyd = player("cyd");
        String dan = player("dan");
        // What the lobby wrote before V4 (and a lobby of that release writes during the rolling update).
        execute("INSERT INTO matchmaking_entries (player, game, players, queued_at) VALUES ('" + ana
                + "', 'alhambra', 3, now() - interval '2 minutes'), ('" + bob
                + "', 'alhambra', 3, now() - interval '1 minute')");
        as(ana).get("/api/v1/matchmaking")
                .then()
                .statusCode(200)
                .body("status", equalTo("queued"))
                .body("options", equalTo(DEFAULTS))
                .body("waiting", equalTo(2));
        queue(dan, "alhambra", 3, Map.of("clock", "realtime"))
                .then()
                .statusCode(202)
                .body("waiting", equalTo(1));

        String tableId =
                queue(cyd, "alhambra", 3).then().statusCode(201).extract().path("tableId");
        as(ana).get("/api/v1/tables/" + tableId)
                .then()
                .body("players", contains(ana, bob, cyd))
                .body("options", equalTo(DEFAULTS));
        as(bob).get("/api/v1/matchmaking")
                .then()
                .body("status", equalTo("matched"))
                .body("tableId", equalTo(tableId));
        as(dan).get("/api/v1/matchmaking").then().body("status", equalTo("queued"));
        as(dan).delete("/api/v1/matchmaking").then().statusCode(204);
    }

    @Test
    void players_of_two_lines_queuing_at_the_same_time_all_get_a_table_of_their_own_line() throws Exception {
        List<String> players = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            players.add(player((i % 2 == 0 ? "expansion" : "basic") + i));
        }
        queueAtOnce(
                players,
                p -> queue(p, "carrara", 2, p.startsWith("expansion") ? Map.of("expansion", "true") : Map.of()));
        Set<String> tables = matchedTables(players);
        assertEquals(4, tables.size());
        for (String t : tables) {
            var table = as(players.get(0))
                    .get("/api/v1/tables/" + t)
                    .then()
                    .extract()
                    .jsonPath();
            List<String> atTable = table.getList("players");
            String kind = table.getString("options.expansion").equals("true") ? "expansion" : "basic";
            assertEquals(2, atTable.size());
            assertTrue(atTable.stream().allMatch(p -> p.startsWith(kind)), kind + " table seats " + atTable);
        }
    }

    /** Every player queues at the same moment, from threads of their own; each is answered 201 or 202. */
    private static void queueAtOnce(List<String> players, Function<String, Response> queueing) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(players.size());
        try {
            List<Future<Integer>> answers = new ArrayList<>();
            for (String p : players) {
                answers.add(pool.submit(() -> queueing.apply(p).then().extract().statusCode()));
            }
            for (Future<Integer> a : answers) {
                int status = a.get();
                assertTrue(status == 201 || status == 202, "answered " + status);
            }
        } finally {
            pool.shutdown();
        }
    }

    /** The tables the players were matched to; each must be matched. */
    private static Set<String> matchedTables(List<String> players) {
        Set<String> tables = new HashSet<>();
        for (String p : players) {
            tables.add(as(p).get("/api/v1/matchmaking")
                    .then()
                    .statusCode(200)
                    .body("status", equalTo("matched"))
                    .extract()
                    .path("tableId"));
        }
        return tables;
    }

    private static void assertTableEventsCarry(String tableId, String expansion) {
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertEquals(5, lobbyEvents(tableId).size()));
        List<CloudEvent> events = lobbyEvents(tableId);
        assertEquals("tessera.lobby.TableOpened", events.get(0).type());
        assertEquals("tessera.lobby.TableStarted", events.get(4).type());
        assertEquals(
                expansion, events.get(0).data().get("options").get("expansion").asText());
        assertEquals(
                expansion, events.get(4).data().get("options").get("expansion").asText());
    }

    private static io.restassured.response.Response queue(String player, String game, int players) {
        return as(player).body(Map.of("game", game, "players", players)).post("/api/v1/matchmaking");
    }

    private static io.restassured.response.Response queue(
            String player, String game, int players, Map<String, String> options) {
        return as(player)
                .body(Map.of("game", game, "players", players, "options", options))
                .post("/api/v1/matchmaking");
    }

    private static long entries(String player) {
        return count("SELECT count(*) FROM matchmaking_entries WHERE player = '" + player + "'");
    }
}
