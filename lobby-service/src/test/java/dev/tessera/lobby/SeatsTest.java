package dev.tessera.lobby;

import static dev.tessera.lobby.Lobby.as;
import static dev.tessera.lobby.Lobby.count;
import static dev.tessera.lobby.Lobby.lobbyEvents;
import static dev.tessera.lobby.Lobby.open;
import static dev.tessera.lobby.Lobby.outboxOf;
import static dev.tessera.lobby.Lobby.player;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tessera.events.CloudEvent;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Leaving a table and removing a player from it, before the start. */
@QuarkusTest
class SeatsTest {

    @Test
    void the_host_leaves_and_the_next_player_hosts_and_the_last_to_leave_closes_the_table() {
        String ana = player("ana");
        String bob = player("bob");
        String cyd = player("cyd");
        String dan = player("dan");
        String id = open(ana, "alhambra", 4);
        Lobby.join(id, bob, cyd);

        as(ana).post("/api/v1/tables/" + id + "/leave")
                .then()
                .statusCode(200)
                .body("host", equalTo(bob))
                .body("players", contains(bob, cyd))
                .body("status", equalTo("open"));
        // Seats close up: the next to join takes the seat after the last one taken.
        Lobby.join(id, dan);
        as(dan).post("/api/v1/tables/" + id + "/leave")
                .then()
                .statusCode(200)
                .body("host", equalTo(bob))
                .body("players", contains(bob, cyd));
        as(bob).post("/api/v1/tables/" + id + "/leave")
                .then()
                .statusCode(200)
                .body("host", equalTo(cyd))
                .body("players", contains(cyd));
        as(cyd).post("/api/v1/tables/" + id + "/leave")
                .then()
                .statusCode(200)
                .body("players", empty())
                .body("status", equalTo("closed"));
        as(dan).get("/api/v1/tables?status=closed").then().statusCode(200);
        as(dan).post("/api/v1/tables/" + id + "/join").then().statusCode(409).body("rule", equalTo("table-closed"));

        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertEquals(9, lobbyEvents(id).size()));
        List<CloudEvent> events = lobbyEvents(id);
        assertEquals(
                List.of(
                        "TableOpened",
                        "PlayerSeated",
                        "PlayerSeated",
                        "PlayerSeated",
                        "PlayerLeft",
                        "PlayerSeated",
                        "PlayerLeft",
                        "PlayerLeft",
                        "PlayerLeft"),
                events.stream()
                        .map(e -> e.type().substring("tessera.lobby.".length()))
                        .toList());
        assertEquals(ana, events.get(4).data().get("player").asText());
        assertEquals(2, events.get(5).data().get("seat").asInt());
        assertEquals(cyd, events.get(8).data().get("player").asText());
    }

    @Test
    void leaving_a_table_one_does_not_sit_at_or_a_started_one_is_refused_and_changes_nothing() {
        String ana = player("ana");
        String bob = player("bob");
        String eve = player("eve");
        String id = open(ana, "builders", 3);
        Lobby.join(id, bob);
        long written = outboxOf(id);
        as(eve).post("/api/v1/tables/" + id + "/leave")
                .then()
                .statusCode(409)
                .contentType("application/problem+json")
                .body("rule", equalTo("not-seated"));
        as(eve).post("/api/v1/tables/no-such-table/leave")
                .then()
                .statusCode(404)
                .contentType("application/problem+json");
        as(ana).post("/api/v1/tables/" + id + "/start").then().statusCode(200);
        String before = row(id);
        as(bob).post("/api/v1/tables/" + id + "/leave")
                .then()
                .statusCode(409)
                .contentType("application/problem+json")
                .body("rule", equalTo("table-started"));
        as(ana).post("/api/v1/tables/" + id + "/leave").then().statusCode(409).body("rule", equalTo("table-started"));

        as(ana).get("/api/v1/tables/" + id)
                .then()
                .body("players", contains(ana, bob))
                .body("host", equalTo(ana));
        assertEquals(before, row(id));
        assertEquals(written + 1, outboxOf(id)); // only TableStarted
    }

    @Test
    void the_host_removes_a_player_and_the_removal_is_published() {
        String ana = player("ana");
        String bob = player("bob");
        String cyd = player("cyd");
        String id = open(ana, "carrara", 4);
        Lobby.join(id, bob, cyd);

        as(ana).delete("/api/v1/tables/" + id + "/seats/" + bob)
                .then()
                .statusCode(200)
                .body("players", contains(ana, cyd))
                .body("host", equalTo(ana));
        // A table of 4 seats starts with the players it has, at least the minimum.
        as(ana).post("/api/v1/tables/" + id + "/start")
                .then()
                .statusCode(200)
                .body("seats", equalTo(4))
                .body("players", contains(ana, cyd));

        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertEquals(6, lobbyEvents(id).size()));
        CloudEvent removed = lobbyEvents(id).get(4);
        assertEquals("tessera.lobby.SeatRemoved", removed.type());
        assertEquals(bob, removed.data().get("player").asText());
        assertEquals(ana, removed.data().get("host").asText());
        assertEquals(
                "[\"" + ana + "\",\"" + cyd + "\"]",
                lobbyEvents(id).get(5).data().get("players").toString());
    }

    @Test
    void only_the_host_removes_and_not_themselves_nor_someone_not_seated_and_nothing_changes() {
        String ana = player("ana");
        String bob = player("bob");
        String eve = player("eve");
        String id = open(ana, "alhambra", 3);
        Lobby.join(id, bob);
        long written = outboxOf(id);
        String before = row(id);

        as(bob).delete("/api/v1/tables/" + id + "/seats/" + ana)
                .then()
                .statusCode(403)
                .contentType("application/problem+json")
                .body("rule", equalTo("not-host"));
        as(ana).delete("/api/v1/tables/" + id + "/seats/" + ana)
                .then()
                .statusCode(409)
                .contentType("application/problem+json")
                .body("rule", equalTo("host-cannot-remove-self"));
        as(ana).delete("/api/v1/tables/" + id + "/seats/" + eve)
                .then()
                .statusCode(409)
                .contentType("application/problem+json")
                .body("rule", equalTo("not-seated"))
                .body("player", equalTo(eve));

        as(ana).get("/api/v1/tables/" + id).then().body("players", contains(ana, bob));
        assertEquals(before, row(id));
        assertEquals(written, outboxOf(id));

        as(ana).post("/api/v1/tables/" + id + "/start").then().statusCode(200);
        as(ana).delete("/api/v1/tables/" + id + "/seats/" + bob)
                .then()
                .statusCode(409)
                .body("rule", equalTo("table-started"));
        assertEquals(written + 1, outboxOf(id));
    }

    @Test
    void joining_twice_or_after_the_start_or_an_unknown_game_is_refused() {
        String ana = player("ana");
        String bob = player("bob");
        as(ana).body(java.util.Map.of("game", "chess", "seats", 2))
                .post("/api/v1/tables")
                .then()
                .statusCode(400)
                .body("field", equalTo("game"));
        String id = open(ana, "alhambra", 3);
        as(ana).post("/api/v1/tables/" + id + "/join").then().statusCode(409).body("rule", equalTo("already-seated"));
        Lobby.join(id, bob);
        as(bob).post("/api/v1/tables/" + id + "/join").then().statusCode(409).body("rule", equalTo("already-seated"));
        as(ana).post("/api/v1/tables/" + id + "/start").then().statusCode(200);
        as(player("cyd"))
                .post("/api/v1/tables/" + id + "/join")
                .then()
                .statusCode(409)
                .body("rule", equalTo("table-started"));
        assertEquals(4, outboxOf(id));
        assertEquals(0, count("SELECT count(*) FROM game_tables WHERE game = 'chess'"));
    }

    /** The row's versions and players: changes if anything was written to it. */
    private static String row(String id) {
        return count("SELECT row_version FROM game_tables WHERE id = '" + id + "'") + "/"
                + count("SELECT event_version FROM game_tables WHERE id = '" + id + "'") + "/"
                + count("SELECT cardinality(players) FROM game_tables WHERE id = '" + id + "'");
    }
}
