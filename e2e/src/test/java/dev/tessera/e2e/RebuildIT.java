package dev.tessera.e2e;

import static dev.tessera.e2e.Tables.game;
import static dev.tessera.e2e.Tables.signUp;
import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.infra.LocalPostgres;
import dev.tessera.infra.TestKafka;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A read model wiped and rebuilt from the topics answers as before, and publishes nothing twice: the
 * documented {@code ./tessera rebuild} sequence (stop the service, run its Rebuild, start it) on the
 * services' packaged applications.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RebuildIT {
    private static final String SCORING_DB = "tessera_scoring";

    @BeforeAll
    void start() {
        Platform.useGateway();
    }

    @Test
    void scoring_services_projection_rebuilt_from_game_events_gives_the_same_answers_and_republishes_nothing()
            throws Exception {
        Platform platform = Platform.shared();
        LocalPostgres db = platform.postgres();
        List<Account> players = signUp("rebuild-ana", "rebuild-bob");
        String gameId = game("alhambra", players);
        new Bot(21).playUntil(gameId, players, types -> types.contains("tessera.alhambra.PointsAwarded"), 3000);

        String scoring = platform.url(Platform.Service.SCORING) + "/api/v1/scoring/games/" + gameId;
        // The projection has caught up with the whole stream (PointsAwarded included) before it is compared.
        int length = Bot.eventTypes(gameId).size();
        await().atMost(Duration.ofSeconds(30))
                .until(() -> given().get(scoring)
                                .then()
                                .statusCode(200)
                                .extract()
                                .jsonPath()
                                .getInt("lastVersion")
                        == length);
        Map<String, Object> view =
                given().get(scoring).then().statusCode(200).extract().jsonPath().getMap("");
        Map<String, Long> projection = projection(db, gameId);
        // Every answer is on the topic, none waiting (scoring-service deletes an outbox row as it publishes it).
        await().atMost(Duration.ofSeconds(30))
                .until(() ->
                        db.count(SCORING_DB, "SELECT count(*) FROM outbox WHERE record_key = '" + gameId + "'") == 0);
        long onTopic = answersOnTopic(platform, gameId);
        assertTrue(projection.get("round points") > 0, "round 1 was scored");
        assertTrue(onTopic > 0, "round 1's answer is on scoring-events");

        platform.stop(Platform.Service.SCORING);
        long processed = db.count(SCORING_DB, "SELECT count(*) FROM processed_events WHERE consumer = 'scoring.games'");
        assertEquals(0, platform.rebuild(Platform.Service.SCORING, "dev.tessera.scoring.Rebuild"));
        assertEquals(
                0, db.count(SCORING_DB, "SELECT count(*) FROM scored_games"), "the rebuild empties the projection");
        assertEquals(0, db.count(SCORING_DB, "SELECT count(*) FROM processed_events WHERE consumer = 'scoring.games'"));
        assertTrue(db.count(SCORING_DB, "SELECT count(*) FROM replay_marks") > 0);

        platform.start(Platform.Service.SCORING, Map.of());
        platform.awaitReady(Platform.Service.SCORING);
        // Replayed from the start of game-events: every event applied again, once.
        await().atMost(Duration.ofSeconds(120))
                .until(() ->
                        db.count(SCORING_DB, "SELECT count(*) FROM processed_events WHERE consumer = 'scoring.games'")
                                >= processed);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertEquals(projection, projection(db, gameId)));
        assertEquals(
                view,
                given().get(scoring).then().statusCode(200).extract().jsonPath().getMap(""));
        // The replay rebuilt state without announcing the round again: no outbox row waiting, then no new record (a
        // row the relay is publishing is still in the outbox until Kafka has acknowledged it).
        assertEquals(0, db.count(SCORING_DB, "SELECT count(*) FROM outbox WHERE record_key = '" + gameId + "'"));
        assertEquals(onTopic, answersOnTopic(platform, gameId));

        // And the rebuilt projection carries on: the game goes on to its next scoring round, scored once.
        new Bot(22)
                .playUntil(
                        gameId,
                        players,
                        types -> types.stream()
                                        .filter("tessera.alhambra.PointsAwarded"::equals)
                                        .count()
                                == 2,
                        4000);
        assertEquals(
                2,
                Bot.eventTypes(gameId).stream()
                        .filter("tessera.alhambra.PointsAwarded"::equals)
                        .count());
    }

    /** Each projection table's rows for the game, as a count and a digest of their content. */
    private static Map<String, Long> projection(LocalPostgres db, String gameId) {
        return Map.of(
                "game",
                        digest(
                                db,
                                "SELECT game || array_to_string(players, ',') || last_version || finished || scoring_version FROM scored_games WHERE game_id = '"
                                        + gameId + "'"),
                "tiles",
                        digest(
                                db,
                                "SELECT tile_id || owner || type || walls || in_alhambra || coalesce(x, 99) || ',' || coalesce(y, 99) FROM alhambra_tiles WHERE game_id = '"
                                        + gameId + "'"),
                "round points",
                        db.count(SCORING_DB, "SELECT count(*) FROM round_points WHERE game_id = '" + gameId + "'"),
                "points", digest(db, "SELECT id || points FROM round_points WHERE game_id = '" + gameId + "'"));
    }

    private static long digest(LocalPostgres db, String rows) {
        return db.count(
                SCORING_DB,
                "SELECT coalesce(('x' || substr(md5(string_agg(r, '|' ORDER BY r)), 1, 15))::bit(60)::bigint, 0) FROM ("
                        + rows.replaceFirst("SELECT ", "SELECT (").replaceFirst(" FROM ", ") AS r FROM ") + ") rows");
    }

    private static long answersOnTopic(Platform platform, String gameId) {
        return TestKafka.readAll(platform.bootstrapServers(), "scoring-events").stream()
                .filter(r -> gameId.equals(r.key()))
                .count();
    }
}
