package dev.tessera.e2e;

import static dev.tessera.e2e.Tables.game;
import static dev.tessera.e2e.Tables.gameOf;
import static dev.tessera.e2e.Tables.signUp;
import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

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
        assertTrue(types.indexOf("tessera.alhambra.ScoringRoundTriggered")
                < types.indexOf("tessera.alhambra.PointsAwarded"));
        assertEquals(
                1,
                types.stream().filter("tessera.alhambra.PointsAwarded"::equals).count());
        int at = types.indexOf("tessera.alhambra.PointsAwarded");
        Map<String, Integer> points = given().get("/api/v1/games/" + gameId + "/events?from=" + at)
                .then()
                .extract()
                .jsonPath()
                .getMap("[0].data.points");
        assertEquals(players.size(), points.size());
        // The game's view carries each player's round-1 points as awarded.
        for (Account p : players) {
            p.as().get("/api/v1/games/" + gameId)
                    .then()
                    .body(
                            "state.players.find { it.id == '" + p.id() + "' }.roundPoints[0]",
                            equalTo(points.get(p.id())));
        }
    }

    @Test
    void a_whole_carrara_game_with_its_valuations_answered_by_scoring_service_ends_with_standings() {
        List<Account> players = signUp("games-dan", "games-eve");
        String gameId = game("carrara", players);
        new Bot(5).playUntil(gameId, players, types -> types.contains("tessera.game.GameEnded"), 6000);
        List<String> types = Bot.eventTypes(gameId);
        // Every valuation was asked for before it was answered, and answered exactly once.
        long asked = types.stream()
                .filter("tessera.carrara.ValuationRequested"::equals)
                .count();
        assertTrue(asked > 0, "the game had no valuation");
        assertEquals(
                asked,
                types.stream().filter("tessera.carrara.ValuationScored"::equals).count());
        assertTrue(
                types.indexOf("tessera.carrara.ValuationRequested") < types.indexOf("tessera.carrara.ValuationScored"));
        assertTrue(types.indexOf("tessera.carrara.GameFinished") < types.indexOf("tessera.game.GameEnded"));
        given().get("/api/v1/games/" + gameId + "/events?from=0")
                .then()
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
            await().during(Duration.ofSeconds(3))
                    .atMost(Duration.ofSeconds(5))
                    .until(() -> players.stream()
                            .allMatch(p -> p.as().get("/api/v1/games/" + gameId + "/legal-moves")
                                    .then()
                                    .extract()
                                    .jsonPath()
                                    .getList("moves")
                                    .isEmpty()));
            assertTrue(!Bot.eventTypes(gameId).contains("tessera.carrara.ValuationScored"));
            // A move meanwhile is a 409 naming the wait, and writes nothing.
            int length = Bot.eventTypes(gameId).size();
            for (Account p : players) {
                p.as().contentType(io.restassured.http.ContentType.JSON)
                        .body(Map.of("expectedVersion", length, "move", Map.of("type", "end-turn")))
                        .post("/api/v1/games/" + gameId + "/moves")
                        .then()
                        .statusCode(409)
                        .contentType("application/problem+json")
                        .body("rule", equalTo("awaiting-valuation"));
            }
            assertEquals(length, Bot.eventTypes(gameId).size());
        } finally {
            platform.start(Platform.Service.SCORING, Map.of());
            platform.awaitReady(Platform.Service.SCORING);
        }
        await().atMost(Duration.ofSeconds(60))
                .until(() -> Bot.eventTypes(gameId).contains("tessera.carrara.ValuationScored"));
        await().atMost(Duration.ofSeconds(10))
                .until(() -> players.stream()
                        .anyMatch(p -> !p.as().get("/api/v1/games/" + gameId + "/legal-moves")
                                .then()
                                .extract()
                                .jsonPath()
                                .getList("moves")
                                .isEmpty()));
        assertEquals(
                1,
                Bot.eventTypes(gameId).stream()
                        .filter("tessera.carrara.ValuationScored"::equals)
                        .count());
    }

    /**
     * Issue 27: a 3-player table with the expansion plays to its standings, and random games of it show the
     * expansion's parts: cost-8 buildings with their upgrade tiles, renovations, valuations by category (answered by
     * scoring-service's calculator), skipped rotations. This bot's kind of play shows all of them in 448 of 500
     * engine-only games, the cost-8 buildings being the part missed; liking build-large (three times in four when
     * listed) raises that to 491 of 500, and a second or third game covers the rest.
     */
    @Test
    void carrara_with_the_expansion_plays_to_the_end_with_its_parts_occurring() {
        Set<String> parts = new TreeSet<>();
        Set<String> wanted = Set.of(
                "tessera.carrara.LargeBuildingBuilt",
                "tessera.carrara.UpgradeTaken",
                "tessera.carrara.BuildingRenovated",
                "category-valuation",
                "tessera.carrara.RotationSkipped");
        int games = 0;
        for (int game = 0; game < 3 && !parts.containsAll(wanted); game++, games++) {
            List<Account> players = signUp("exp" + game + "-ana", "exp" + game + "-bob", "exp" + game + "-cyd");
            String tableId = Tables.table("carrara", players, Map.of("expansion", "true"));
            given().get("/api/v1/tables/" + tableId).then().body("options.expansion", equalTo("true"));
            String gameId = gameOf(tableId);
            new Bot(27 + game)
                    .favouring(move -> "build-large".equals(move.get("type")))
                    .playUntil(gameId, players, types -> types.contains("tessera.game.GameEnded"), 8000);
            List<Map<String, Object>> events = given().get("/api/v1/games/" + gameId + "/events?from=0")
                    .then()
                    .statusCode(200)
                    .extract()
                    .jsonPath()
                    .getList("");
            for (Map<String, Object> event : events) {
                parts.add((String) event.get("type"));
                if (event.get("type").equals("tessera.carrara.ValuationRequested")
                        && "category".equals(((Map<?, ?>) event.get("data")).get("kind"))) {
                    parts.add("category-valuation");
                }
            }
            Map<?, ?> finished = events.stream()
                    .filter(e -> e.get("type").equals("tessera.carrara.GameFinished"))
                    .map(e -> (Map<?, ?>) e.get("data"))
                    .findFirst()
                    .orElseThrow();
            assertTrue(finished.get("bonusCard") != null, "an expansion game ends with its bonus card");
            given().get("/api/v1/games/" + gameId + "/events?from=0")
                    .then()
                    .body("find { it.type == 'tessera.game.GameEnded' }.data.standings.size()", equalTo(3));
            // every valuation, by category too, was answered exactly once
            assertEquals(
                    events.stream()
                            .filter(e -> e.get("type").equals("tessera.carrara.ValuationRequested"))
                            .count(),
                    events.stream()
                            .filter(e -> e.get("type").equals("tessera.carrara.ValuationScored"))
                            .count());
        }
        System.out.printf("GamesIT: the expansion's parts in %d game(s): %s%n", games, parts);
        assertTrue(parts.containsAll(wanted), () -> "three games showed only " + parts);
    }

    /** A move of the expansion at a basic table is a 422 naming the rule, and writes nothing. */
    @Test
    void an_expansion_move_at_a_basic_table_is_refused_and_writes_nothing() {
        List<Account> players = signUp("basic-ida", "basic-jon");
        String tableId = Tables.table("carrara", players, Map.of());
        given().get("/api/v1/tables/" + tableId).then().body("options.expansion", equalTo("false"));
        String gameId = gameOf(tableId);
        int length = Bot.eventTypes(gameId).size();

        for (Account p : players) {
            p.as().contentType(io.restassured.http.ContentType.JSON)
                    .body(Map.of("expectedVersion", length, "move", Map.of("type", "skip-rotation")))
                    .post("/api/v1/games/" + gameId + "/moves")
                    .then()
                    .statusCode(422)
                    .contentType("application/problem+json")
                    .body("rule", equalTo("expansion-not-in-play"));
        }
        assertEquals(length, Bot.eventTypes(gameId).size());
    }

    /**
     * The Builders' machines through the public API: a game in which a machine is completed and sent to work, each
     * game ending with standings and a finished table. This bot's kind of play sends a machine in about half of the
     * games (198 of 400 engine-only 2-player games), so this one likes machines: three times in four when it can, it
     * opens one (building cards 35–42, as game-service/docs/builders.md numbers them), sends a worker to one or sends
     * one to work. Played so, 400 of 400 engine-only games sent a machine.
     */
    @Test
    void a_whole_game_of_the_builders_ends_with_standings_from_scoring_service_and_a_finished_table() {
        List<Account> players = signUp("games-fay", "games-gus");
        String tableId = Tables.table("builders", players, Map.of());
        String gameId = gameOf(tableId);
        new Bot(3)
                .favouring(GamesIT::aboutMachines)
                .playUntil(gameId, players, types -> types.contains("tessera.game.GameEnded"), 5000);
        given().get("/api/v1/games/" + gameId + "/events?from=0")
                .then()
                .body("find { it.type == 'tessera.game.GameEnded' }.data.standings[0].rank", equalTo(1));
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(
                        () -> given().get("/api/v1/tables/" + tableId).then().body("status", equalTo("finished")));
        List<String> types = Bot.eventTypes(gameId);
        assertTrue(
                types.contains("tessera.builders.MachineSent"), "no machine was sent to work: " + new TreeSet<>(types));
    }

    /** A Builders move that opens a machine, sends a worker to one, or sends one to work. */
    private static boolean aboutMachines(Map<String, Object> move) {
        return "send-machine".equals(move.get("type"))
                || (move.get("building") instanceof Number n && n.intValue() >= 35);
    }
}
