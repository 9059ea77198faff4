package dev.tessera.e2e;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static dev.tessera.e2e.Tables.game;
import static dev.tessera.e2e.Tables.gameOf;
import static dev.tessera.e2e.Tables.signUp;
import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Whole games, or the parts that cross services, played through the public API by a random bot. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GamesIT {

    @BeforeAll
    void start() {
        Platform.useGateway();
    }

    @Test
    void an_alhambra_scoring_round_is_scored_by_scoring_service_and_its_points_land_in_the_game() {
        List<Account> players = signUp("games-ana", "games-bob", "games-cyd");
        String gameId = game("alhambra", players);
        new Bot(11).playUntil(gameId, players, types -> types.contains("tessera.alhambra.PointsAwarded"), 3000);

        List<String> types = Bot.eventTypes(gameId);
        assertTrue(types.indexOf("tessera.alhambra.ScoringRoundTriggered") < types.indexOf("tessera.alhambra.PointsAwarded"));
        assertEquals(1, types.stream().filter("tessera.alhambra.PointsAwarded"::equals).count());
        int at = types.indexOf("tessera.alhambra.PointsAwarded");
        Map<String, Integer> points = given().get("/api/v1/games/" + gameId + "/events?from=" + at).then()
                .extract().jsonPath().getMap("[0].data.points");
        assertEquals(players.size(), points.size());
        // The game's view carries each player's round-1 points as awarded.
        for (Account p : players) {
            p.as().get("/api/v1/games/" + gameId).then()
                    .body("state.players.find { it.id == '" + p.id() + "' }.roundPoints[0]", equalTo(points.get(p.id())));
        }
    }

    @Test
    void a_whole_carrara_game_with_its_valuations_answered_by_scoring_service_ends_with_standings() {
        List<Account> players = signUp("games-dan", "games-eve");
        String gameId = game("carrara", players);
        new Bot(5).playUntil(gameId, players, types -> types.contains("tessera.game.GameEnded"), 6000);
        List<String> types = Bot.eventTypes(gameId);
        // Every valuation was asked for before it was answered, and answered exactly once.
        long asked = types.stream().filter("tessera.carrara.ValuationRequested"::equals).count();
        assertTrue(asked > 0, "the game had no valuation");
        assertEquals(asked, types.stream().filter("tessera.carrara.ValuationScored"::equals).count());
        assertTrue(types.indexOf("tessera.carrara.ValuationRequested") < types.indexOf("tessera.carrara.ValuationScored"));
        assertTrue(types.indexOf("tessera.carrara.GameFinished") < types.indexOf("tessera.game.GameEnded"));
        given().get("/api/v1/games/" + gameId + "/events?from=0").then()
                .body("find { it.type == 'tessera.game.GameEnded' }.data.standings.size()", equalTo(2))
                .body("find { it.type == 'tessera.game.GameEnded' }.data.standings[0].rank", equalTo(1));
    }

    @Test
    void a_carrara_game_waits_for_a_killed_scoring_service_and_resumes_when_it_returns() throws InterruptedException {
        List<Account> players = signUp("saga-fay", "saga-gus");
        String gameId = game("carrara", players);
        Platform platform = Platform.shared();
        platform.kill(Platform.Service.SCORING);
        try {
            new Bot(9).playUntil(gameId, players, types -> types.contains("tessera.carrara.ValuationRequested"), 3000);
            // The game waits: nobody may move while the valuation is unanswered.
            await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(5)).until(() -> players.stream().allMatch(p -> p.as()
                    .get("/api/v1/games/" + gameId + "/legal-moves").then().extract().jsonPath().getList("moves").isEmpty()));
            assertTrue(!Bot.eventTypes(gameId).contains("tessera.carrara.ValuationScored"));
            // A move meanwhile is a 409 naming the wait, and writes nothing.
            int length = Bot.eventTypes(gameId).size();
            for (Account p : players) {
                p.as().contentType(io.restassured.http.ContentType.JSON)
                        .body(Map.of("expectedVersion", length, "move", Map.of("type", "end-turn")))
                        .post("/api/v1/games/" + gameId + "/moves")
                        .then().statusCode(409).contentType("application/problem+json").body("rule", equalTo("awaiting-valuation"));
            }
            assertEquals(length, Bot.eventTypes(gameId).size());
        } finally {
            platform.start(Platform.Service.SCORING, Map.of());
            platform.awaitReady(Platform.Service.SCORING);
        }
        await().atMost(Duration.ofSeconds(60)).until(() -> Bot.eventTypes(gameId).contains("tessera.carrara.ValuationScored"));
        await().atMost(Duration.ofSeconds(10)).until(() -> players.stream().anyMatch(p -> !p.as()
                .get("/api/v1/games/" + gameId + "/legal-moves").then().extract().jsonPath().getList("moves").isEmpty()));
        assertEquals(1, Bot.eventTypes(gameId).stream().filter("tessera.carrara.ValuationScored"::equals).count());
    }

    @Test
    void a_whole_game_of_the_builders_ends_with_standings_from_scoring_service_and_a_finished_table() {
        List<Account> players = signUp("games-fay", "games-gus");
        String tableId = Tables.table("builders", players, Map.of());
        String gameId = gameOf(tableId);
        new Bot(3).playUntil(gameId, players, types -> types.contains("tessera.game.GameEnded"), 5000);
        given().get("/api/v1/games/" + gameId + "/events?from=0").then()
                .body("find { it.type == 'tessera.game.GameEnded' }.data.standings[0].rank", equalTo(1));
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                given().get("/api/v1/tables/" + tableId).then().body("status", equalTo("finished")));
    }
}
