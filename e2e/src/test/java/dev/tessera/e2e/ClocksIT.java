package dev.tessera.e2e;

import static dev.tessera.e2e.Tables.gameOf;
import static dev.tessera.e2e.Tables.signUp;
import static dev.tessera.e2e.Tables.table;
import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Turn clocks, abandonment and ratings across the services: in a 3-player Alhambra game with a 10-second
 * real-time clock, one player plays and two never move. Their clocks run out, server bots take their seats
 * after the grace, the game finishes, and the Elo ratings move as the lobby's formula says with the two
 * who abandoned tied for last. Then the lobby's players read model is wiped and rebuilt from game-events
 * to the same answers.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClocksIT {
    private List<Account> players;
    private String gameId;

    @BeforeAll
    void start() {
        Platform.useGateway();
    }

    @Test
    @Order(1)
    void a_game_whose_clocks_run_out_is_finished_by_bots_and_rates_those_who_left_last() {
        players = signUp("clock-ana", "clock-ben", "clock-cat");
        Account ana = players.get(0);
        gameId = gameOf(table("alhambra", players, Map.of("clock", "realtime", "turnSeconds", "10")));

        // Only Ana plays; Ben and Cat time out, and after one more turn of grace a bot plays for them
        // (Ana may wait for both in a row: 2 × (10 s + 10 s)).
        new Bot(31, Duration.ofSeconds(120))
                .playUntil(gameId, List.of(ana), types -> types.contains("tessera.game.GameEnded"), 2000);

        List<Map<String, Object>> events = given().get("/api/v1/games/" + gameId + "/events?from=0")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("");
        for (Account left : players.subList(1, 3)) {
            assertTrue(has(events, "tessera.game.PlayerTimedOut", left), left.name() + " timed out");
            assertTrue(has(events, "tessera.game.SeatTakenByBot", left), "a bot took " + left.name() + "'s seat");
            assertTrue(index(events, "tessera.game.PlayerTimedOut", left)
                    < index(events, "tessera.game.SeatTakenByBot", left));
        }
        assertFalse(has(events, "tessera.game.SeatTakenByBot", ana), "Ana kept her seat");
        // Once a bot holds the seat, its player can no longer move for it.
        Account ben = players.get(1);
        ben.as()
                .contentType(io.restassured.http.ContentType.JSON)
                .body(Map.of("expectedVersion", events.size(), "move", Map.of("type", "pass")))
                .post("/api/v1/games/" + gameId + "/moves")
                .then()
                .statusCode(409)
                .contentType("application/problem+json");

        // Pairwise Elo, K = 32, all at 1500: Ana beats both (+16); Ben and Cat lose to Ana and tie (−8 each).
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertEquals(1516, rating(ana)));
        assertEquals(1492, rating(players.get(1)));
        assertEquals(1492, rating(players.get(2)));
        given().get("/api/v1/players/" + ben.id())
                .then()
                .statusCode(200)
                .body("name", equalTo("clock-ben"))
                .body("abandoned", equalTo(1))
                .body("gamesPlayed", equalTo(1));
        given().get("/api/v1/players/" + ana.id()).then().body("abandoned", equalTo(0));
        given().get("/api/v1/players/" + ben.id() + "/games")
                .then()
                .statusCode(200)
                .body("[0].gameId", equalTo(gameId))
                .body("[0].abandoned", equalTo(true))
                .body("[0].ratingBefore", equalTo(1500))
                .body("[0].ratingAfter", equalTo(1492));
        // On the leaderboard (other tests' games are there too), named, ranked after only better ratings.
        List<Map<String, Object>> board = given().get("/api/v1/leaderboards/alhambra")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("entries");
        Map<String, Object> entry = board.stream()
                .filter(e -> ana.id().equals(e.get("player")))
                .findFirst()
                .orElseThrow();
        assertEquals("clock-ana", entry.get("name"));
        assertEquals(1516, entry.get("rating"));
        assertEquals(
                1
                        + board.stream()
                                .filter(e -> ((Number) e.get("rating")).intValue() > 1516)
                                .count(),
                ((Number) entry.get("rank")).longValue());
    }

    @Test
    @Order(2)
    void the_lobbys_players_read_model_rebuilt_from_game_events_answers_the_same() throws Exception {
        assertTrue(gameId != null, "needs the finished game of the first test");
        Platform platform = Platform.shared();
        Map<String, Object> before = answers();

        platform.stop(Platform.Service.LOBBY);
        assertEquals(0, platform.rebuild(Platform.Service.LOBBY, "dev.tessera.lobby.Rebuild"));
        assertEquals(
                0,
                platform.postgres()
                        .count(
                                "tessera_lobby",
                                "SELECT count(*) FROM processed_events WHERE consumer = 'lobby.players'"),
                "the rebuild forgot what it had applied");
        platform.start(Platform.Service.LOBBY, Map.of());
        platform.awaitReady(Platform.Service.LOBBY);

        await().atMost(Duration.ofSeconds(120)).untilAsserted(() -> assertEquals(before, answers()));
    }

    /** Everything the lobby answers about the game's players. */
    private Map<String, Object> answers() {
        Map<String, Object> all = new java.util.LinkedHashMap<>();
        for (Account p : players) {
            all.put(
                    p.name(),
                    given().get("/api/v1/players/" + p.id())
                            .then()
                            .statusCode(200)
                            .extract()
                            .jsonPath()
                            .getMap(""));
            all.put(
                    p.name() + "/games",
                    given().get("/api/v1/players/" + p.id() + "/games")
                            .then()
                            .statusCode(200)
                            .extract()
                            .jsonPath()
                            .getList(""));
        }
        all.put(
                "leaderboard",
                given().get("/api/v1/leaderboards/alhambra")
                        .then()
                        .statusCode(200)
                        .extract()
                        .jsonPath()
                        .getMap(""));
        return all;
    }

    private static int rating(Account player) {
        List<Map<String, Object>> ratings = given().get("/api/v1/players/" + player.id())
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("ratings");
        return ratings.stream()
                .filter(r -> "alhambra".equals(r.get("game")))
                .map(r -> ((Number) r.get("rating")).intValue())
                .findFirst()
                .orElse(-1);
    }

    private static boolean has(List<Map<String, Object>> events, String type, Account player) {
        return index(events, type, player) >= 0;
    }

    @SuppressWarnings("unchecked")
    private static int index(List<Map<String, Object>> events, String type, Account player) {
        for (int i = 0; i < events.size(); i++) {
            Map<String, Object> e = events.get(i);
            if (type.equals(e.get("type")) && player.id().equals(((Map<String, Object>) e.get("data")).get("player"))) {
                return i;
            }
        }
        return -1;
    }
}
