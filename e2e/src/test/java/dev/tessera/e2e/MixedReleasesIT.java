package dev.tessera.e2e;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.io.IOException;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.common.ConsumerGroupState;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Two releases of game-service side by side, as in a rolling upgrade (issue 42, docs/adr/0008). Beside the platform's
 * own instance runs a second one that stands in for the older release: it knows {@code GameStarted} only up to
 * version 2 and {@code TableStarted} at no version (service-kit's {@code tessera.events.newest-known}), while the
 * platform writes {@code GameStarted} v3 and {@code TableStarted} v1. The older instance answers 503
 * {@code newer-release} for a game of the newer release and writes nothing; the started tables whose records it takes
 * are held, neither applied nor dead-lettered; once it stops, the newer instance starts each of their games, once.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MixedReleasesIT {
    private static final String PLAYER = "X-Tessera-Player";
    private static final String OLD = "game.2";
    private static final int TABLES = 12;

    private Platform platform;
    private String old;

    @BeforeAll
    void startTheOlderRelease() {
        platform = Platform.shared();
        Platform.useGateway();
    }

    @AfterAll
    void stopIt() throws InterruptedException {
        if (old != null) {
            platform.stop(OLD);
        }
    }

    @Test
    void an_older_game_service_holds_what_it_cannot_read_and_the_newer_one_takes_it_over_with_nothing_lost()
            throws Exception {
        String suffix = Long.toString(System.nanoTime(), 36);
        List<Account> players = Tables.signUp("mixed-ana-" + suffix, "mixed-bob-" + suffix);
        // A game of the newer release, made before the older instance runs.
        String gameId = Tables.game("carrara", players);
        long before = stored(gameId);

        platform.startExtra(
                OLD, Map.of("TESSERA_EVENTS_NEWEST_KNOWN", "tessera.game.GameStarted:2,tessera.lobby.TableStarted:0"));
        platform.awaitReady(OLD);
        old = platform.url(OLD);
        // Both instances' consumers (one each, of lobby-events and scoring-events) in the group, the partitions shared
        // out.
        awaitGroup(2);

        // The older instance cannot read the game's first event: 503, and nothing written.
        newerRelease(given().header(PLAYER, players.get(0).id()).get(old + "/api/v1/games/" + gameId));
        Account mover = mover(players, gameId);
        newerRelease(firstLegalMove(mover, gameId, given().header(PLAYER, mover.id()), old));
        assertEquals(before, stored(gameId), "the older instance wrote nothing");

        // Tables started while both run: the lobby-events partitions the older instance holds keep theirs back.
        List<String> tables = new ArrayList<>();
        for (int i = 0; i < TABLES; i++) {
            tables.add(Tables.table(
                    "builders", Tables.signUp("mixed-" + i + "a-" + suffix, "mixed-" + i + "b-" + suffix), Map.of()));
        }
        await().atMost(Duration.ofSeconds(60)).until(() -> log().contains("is held, not dead-lettered"));
        // What the newer instance takes, it starts; give it time, then count what is left waiting.
        Thread.sleep(5_000);
        List<String> held = tables.stream().filter(t -> gameIdOf(t) == null).toList();
        assertFalse(held.isEmpty(), "no table's start went to the older instance: the hold was not tried");
        assertTrue(held.size() < TABLES, "the newer instance started no game meanwhile");
        Thread.sleep(3_000);
        assertEquals(held, tables.stream().filter(t -> gameIdOf(t) == null).toList(), "held stays held");
        assertTrue(log().contains("TableStarted v1 is newer than this release knows (v0)"), "the log says why");
        // An operator sees it in the metrics too; the instance stays ready, serving what it can read.
        given().get(old + "/q/metrics").then().statusCode(200).body(containsString("tessera_events_held_total 1.0"));
        given().get(old + "/q/health/ready").then().statusCode(200);

        // The upgrade: the older instance stops, its partitions go to the newer one, which reads what was held.
        platform.stop(OLD);
        old = null;
        await().atMost(Duration.ofSeconds(90)).until(() -> tables.stream().allMatch(t -> gameIdOf(t) != null));
        for (String table : tables) {
            assertEquals(1, gamesOfTable(table), "games made for table " + table);
        }
        System.out.printf(
                "MixedReleasesIT: %d of %d tables' starts held by the older release, each started once after it stopped%n",
                held.size(), TABLES);
        // The game of the newer release plays on.
        firstLegalMove(mover, gameId, mover.as(), "").then().statusCode(200);
    }

    /** The player who may move now in a two-player game. */
    private static Account mover(List<Account> players, String gameId) {
        return legalMoves(players.get(0), gameId).getList("moves").isEmpty() ? players.get(1) : players.get(0);
    }

    private static JsonPath legalMoves(Account player, String gameId) {
        return player.as()
                .get("/api/v1/games/" + gameId + "/legal-moves")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    /** The first move the gateway lists for {@code mover}, sent by {@code request} to {@code base} (empty: the gateway). */
    private static Response firstLegalMove(Account mover, String gameId, RequestSpecification request, String base) {
        JsonPath legal = legalMoves(mover, gameId);
        return request.contentType(ContentType.JSON)
                .body(Map.of(
                        "expectedVersion",
                        legal.getLong("version"),
                        "move",
                        legal.getList("moves").get(0)))
                .post(base + "/api/v1/games/" + gameId + "/moves");
    }

    private static void newerRelease(Response response) {
        response.then()
                .statusCode(503)
                .contentType("application/problem+json")
                .header("Retry-After", "1")
                .body("type", equalTo("https://tessera.dev/problems/newer-release"))
                .body("rule", equalTo("newer-release"))
                .body("detail", containsString("tessera.game.GameStarted v3"));
    }

    private static String gameIdOf(String tableId) {
        return given().get("/api/v1/tables/" + tableId)
                .then()
                .statusCode(200)
                .extract()
                .path("gameId");
    }

    private void awaitGroup(int members) {
        try (Admin admin =
                Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, platform.bootstrapServers()))) {
            await().atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(500))
                    .until(() -> {
                        ConsumerGroupDescription group = admin.describeConsumerGroups(List.of("game-service"))
                                .all()
                                .get()
                                .get("game-service");
                        return group.state() == ConsumerGroupState.STABLE
                                && group.members().size() >= members;
                    });
        }
    }

    /** What the older instance logged. */
    private String log() throws IOException {
        return Files.readString(platform.log(OLD));
    }

    /** The events stored for {@code gameId}. */
    private long stored(String gameId) throws SQLException {
        return count("SELECT count(*) FROM events WHERE stream_id = '" + gameId + "'");
    }

    /** How many games were started for {@code tableId}. */
    private long gamesOfTable(String tableId) throws SQLException {
        return count("SELECT count(*) FROM events WHERE type = 'tessera.game.GameStarted' AND payload->>'tableId' = '"
                + tableId + "'");
    }

    private long count(String sql) throws SQLException {
        try (Connection connection = platform.postgres().connect("tessera_game");
                Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
