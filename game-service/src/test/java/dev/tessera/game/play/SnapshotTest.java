package dev.tessera.game.play;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.EventCodec;
import dev.tessera.game.StartedTables;
import dev.tessera.infra.TestInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Snapshots (every 5 events in tests) and the games kept in memory rebuild exactly the game that
 * folding every event does.
 */
@QuarkusTest
class SnapshotTest {
    @jakarta.inject.Inject
    FoldedGames folded;

    private final EventCodec codec = new EventCodec();

    @ParameterizedTest
    @CsvSource({"alhambra,", "builders,", "carrara,", "carrara,expansion"})
    void a_game_loaded_from_its_snapshot_is_the_game_folded_from_all_its_events(String title, String option)
            throws Exception {
        List<String> players = List.of("ana", "bob");
        Map<String, String> options = option == null ? Map.of() : Map.of(option, "true");
        String gameId = StartedTables.start(title, players, options);
        Random random = new Random(7);
        int version = 1;
        while (version < 13) {
            for (String p : players) {
                List<JsonNode> legal = List.of(codec.mapper()
                        .convertValue(
                                given().header("X-Tessera-Player", p)
                                        .get("/api/v1/games/" + gameId + "/legal-moves")
                                        .then()
                                        .extract()
                                        .jsonPath()
                                        .getList("moves"),
                                JsonNode[].class));
                if (!legal.isEmpty()) {
                    version = given().header("X-Tessera-Player", p)
                            .contentType(ContentType.JSON)
                            .body(Map.of("expectedVersion", version, "move", legal.get(random.nextInt(legal.size()))))
                            .post("/api/v1/games/" + gameId + "/moves")
                            .then()
                            .statusCode(200)
                            .extract()
                            .path("version");
                    break;
                }
            }
        }
        assertTrue(
                TestInfrastructure.postgres()
                                .count(
                                        "tessera_game",
                                        "SELECT max(version) FROM snapshots WHERE stream_id = '" + gameId + "'")
                        >= 5,
                title + " state was never snapshotted");
        String inMemory = view(gameId);
        folded.forget(gameId);
        String fromSnapshot = view(gameId);
        try (Connection c = java.sql.DriverManager.getConnection(
                        TestInfrastructure.postgres().jdbcUrl("tessera_game"), "postgres", "");
                Statement s = c.createStatement()) {
            s.execute("DELETE FROM snapshots WHERE stream_id = '" + gameId + "'");
        }
        folded.forget(gameId);
        String fromAllEvents = view(gameId);
        assertEquals(fromAllEvents, fromSnapshot);
        assertEquals(fromAllEvents, inMemory);
    }

    private String view(String gameId) {
        return given().header("X-Tessera-Player", "ana")
                .get("/api/v1/games/" + gameId)
                .then()
                .statusCode(200)
                .extract()
                .asString();
    }
}
