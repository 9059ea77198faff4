package dev.tessera.e2e;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.infra.TcpProxy;
import dev.tessera.infra.TestKafka;
import io.restassured.config.HttpClientConfig;
import io.restassured.config.RestAssuredConfig;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A network partition (issue 42): a second game-service instance reaches PostgreSQL through a {@link TcpProxy}, and
 * the proxy is cut for 30 s (connections reset, new ones refused: the instance's host cut off from the database's)
 * while the platform's own instance, behind the gateway, runs on. The instance keeps running through it. It answers
 * 503, writes nothing and says it is not ready; the game it holds in memory moves on without it; once the network is back it serves
 * again at the version the others reached, and the stream has no fork: every version once, every event on
 * game-events once and in order.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PartitionIT {
    private static final String PLAYER = "X-Tessera-Player";
    private static final Duration CUT = Duration.ofSeconds(30);
    /**
     * Longer than the producer's delivery timeout (30 s): a relay that held its slots until Kafka gave up, then took
     * them all again for its next run, held other games' events back from then on.
     */
    private static final Duration KAFKA_CUT = Duration.ofSeconds(45);
    /** A request to the cut-off instance must end (in a 503), never hang. */
    private static final RestAssuredConfig NO_HANG = RestAssuredConfig.config()
            .httpClient(HttpClientConfig.httpClientConfig()
                    .setParam("http.socket.timeout", 60_000)
                    .setParam("http.connection.timeout", 10_000));

    private Platform platform;
    private TcpProxy database;
    private String cutOff;
    private final Random random = new Random(42);

    @BeforeAll
    void startTheSecondInstance() {
        platform = Platform.shared();
        Platform.useGateway();
        database = TcpProxy.to(platform.postgres().port());
        platform.startExtra(
                "game.2",
                Map.of(
                        "TESSERA_DB_PORT",
                        String.valueOf(database.port()),
                        "TESSERA_KAFKA",
                        platform.kafka().proxiedBootstrapServers()));
        platform.awaitReady("game.2");
        cutOff = platform.url("game.2");
    }

    @AfterAll
    void stopIt() throws InterruptedException {
        database.restore();
        platform.kafka().proxy().restore();
        platform.stop("game.2");
        database.close();
    }

    @Test
    void
            a_game_service_cut_off_from_postgresql_answers_503_forks_nothing_and_serves_again_at_the_version_reached_meanwhile() {
        String suffix = Long.toString(System.nanoTime(), 36);
        List<Account> players = Tables.signUp("partition-ana-" + suffix, "partition-bob-" + suffix);
        String gameId = Tables.game("builders", players);
        // The cut-off instance plays the first moves: it holds the game folded in memory, as between two requests.
        for (int i = 0; i < 3; i++) {
            move(Via.CUT_OFF, gameId, players, 200);
        }
        long before = stored(gameId).size();

        database.cut();
        long cutAt = System.nanoTime();
        unavailable(move(Via.CUT_OFF, gameId, players, 503));
        unavailable(given().config(NO_HANG)
                .header(PLAYER, players.get(0).id())
                .get(cutOff + "/api/v1/games/" + gameId + "/legal-moves"));
        assertEquals(before, stored(gameId).size(), "the cut-off instance wrote nothing");
        // Not ready while it cannot reach its database: a load balancer's health check takes it out of rotation.
        given().config(NO_HANG).get(cutOff + "/q/health/ready").then().statusCode(503);

        // The others run on: moves through the gateway, about one a second, for as long as the cut lasts.
        int meanwhile = 0;
        while (System.nanoTime() - cutAt < CUT.toNanos()) {
            move(Via.GATEWAY, gameId, players, 200);
            meanwhile++;
            sleep(Duration.ofSeconds(1));
        }
        unavailable(move(Via.CUT_OFF, gameId, players, 503));
        long reached = stored(gameId).size();
        assertTrue(reached > before, "no move was made through the gateway during the cut (" + meanwhile + ")");

        database.restore();
        long restoredAt = System.nanoTime();
        await().atMost(Duration.ofSeconds(30))
                .until(() ->
                        given().config(NO_HANG).get(cutOff + "/q/health/ready").statusCode() == 200);
        System.out.printf(
                "PartitionIT: cut off from PostgreSQL for %d s while %d moves were made through the gateway; ready"
                        + " again %d ms after the network came back%n",
                CUT.toSeconds(), meanwhile, (System.nanoTime() - restoredAt) / 1_000_000);
        // Its folded game is checked against the stream: it answers at the version the others reached.
        await().atMost(Duration.ofSeconds(30))
                .ignoreExceptions()
                .until(() -> direct(players.get(0))
                                .get(cutOff + "/api/v1/games/" + gameId + "/legal-moves")
                                .then()
                                .extract()
                                .statusCode()
                        == 200);
        assertEquals(
                reached,
                direct(players.get(0))
                        .get(cutOff + "/api/v1/games/" + gameId)
                        .then()
                        .statusCode(200)
                        .extract()
                        .jsonPath()
                        .getLong("version"),
                "the cut-off instance's view after the cut");
        for (int i = 0; i < 3; i++) {
            move(Via.CUT_OFF, gameId, players, 200);
        }
        move(Via.GATEWAY, gameId, players, 200);

        // No fork: versions 1..n, each once; what the gateway serves is what is stored; each event on game-events
        // once (the relays' rows of both instances published), in stream order.
        List<String> stored = stored(gameId);
        List<String> served = given().get("/api/v1/games/" + gameId + "/events?from=0")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("id");
        assertEquals(stored, served, "the gateway's events are the store's");
        publishedInOrder(gameId, stored);
    }

    @Test
    void a_game_service_cut_off_from_kafka_goes_on_taking_moves_whose_events_are_published_in_order_once_it_is_back() {
        String suffix = Long.toString(System.nanoTime(), 36);
        List<Account> players = Tables.signUp("partition-cy-" + suffix, "partition-di-" + suffix);
        String gameId = Tables.game("builders", players);
        List<Account> others = Tables.signUp("partition-ed-" + suffix, "partition-fa-" + suffix);
        String other = Tables.game("builders", others);
        move(Via.CUT_OFF, gameId, players, 200);
        publishedInOrder(gameId, stored(gameId));

        TcpProxy kafka = platform.kafka().proxy();
        kafka.cut();
        long cutAt = System.nanoTime();
        // The event store is the truth and the outbox is in it: the instance takes moves without the broker, while
        // the platform's own instance plays another game through the gateway.
        // The instance that reaches the broker publishes its game's events meanwhile: the one that does not holds the
        // outbox's slots (and so other games' events) for at most its publish timeout, 10 s, not for as long as the
        // cut lasts.
        int made = 0;
        long slowest = 0;
        while (System.nanoTime() - cutAt < KAFKA_CUT.toNanos()) {
            move(Via.CUT_OFF, gameId, players, 200);
            move(Via.GATEWAY, other, others, 200);
            long moved = System.nanoTime();
            await().atMost(Duration.ofSeconds(20)).until(() -> unpublished(other) == 0);
            slowest = Math.max(slowest, (System.nanoTime() - moved) / 1_000_000);
            made++;
            sleep(Duration.ofSeconds(1));
        }
        publishedInOrder(other, stored(other));
        long waiting = unpublished(gameId);
        kafka.restore();
        long restoredAt = System.nanoTime();
        await().atMost(Duration.ofSeconds(60)).until(() -> unpublished(gameId) == 0);
        long published = (System.nanoTime() - restoredAt) / 1_000_000;

        await().atMost(Duration.ofSeconds(60))
                .until(() ->
                        given().config(NO_HANG).get(cutOff + "/q/health/ready").statusCode() == 200);
        move(Via.CUT_OFF, gameId, players, 200);
        publishedInOrder(gameId, stored(gameId));
        System.out.printf(
                "PartitionIT: %d moves through the instance cut off from Kafka for %d s; %d outbox rows of the game"
                        + " unpublished at the end of the cut, all published %d ms after the network came back; the"
                        + " other instance's game published at most %d ms after its move during the cut%n",
                made, KAFKA_CUT.toSeconds(), waiting, published, slowest);
    }

    /** Every outbox row of the game published, and game-events holding its stream once, in order. */
    private void publishedInOrder(String gameId, List<String> stored) {
        publishedInOrder(gameId, stored, Duration.ofSeconds(60));
    }

    private void publishedInOrder(String gameId, List<String> stored, Duration within) {
        await().atMost(within).until(() -> unpublished(gameId) == 0);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            List<String> published = new ArrayList<>();
            for (var record : TestKafka.readKey(platform.bootstrapServers(), "game-events", gameId)) {
                String id = JsonPath.from(record.value()).getString("id");
                if (!published.contains(id)) {
                    published.add(id);
                }
            }
            assertEquals(stored, published, "game-events holds the stream once, in order");
        });
    }

    private long unpublished(String gameId) {
        return platform.postgres()
                .count(
                        "tessera_game",
                        "SELECT count(*) FROM outbox WHERE record_key = '" + gameId + "' AND published_at IS NULL");
    }

    /** Where a move is sent. */
    private enum Via {
        /** Through the gateway, which knows only the platform's own game-service instance. */
        GATEWAY,
        /** Straight to the instance that is cut off, as the gateway would send it for the player. */
        CUT_OFF
    }

    private RequestSpecification direct(Account player) {
        return given().config(NO_HANG).header(PLAYER, player.id());
    }

    /**
     * A legal move of whoever may move, asked of the gateway (so that it is legal even when the instance is cut off),
     * sent {@code via} the gateway or straight to the cut-off instance; answers the response, whose status must be {@code status}.
     */
    private Response move(Via via, String gameId, List<Account> players, int status) {
        for (Account player : players) {
            JsonPath legal = player.as()
                    .get("/api/v1/games/" + gameId + "/legal-moves")
                    .then()
                    .statusCode(200)
                    .extract()
                    .jsonPath();
            List<Map<String, Object>> moves = legal.getList("moves");
            if (moves.isEmpty()) {
                continue;
            }
            RequestSpecification request = via == Via.GATEWAY ? player.as() : direct(player);
            Response answer = request.contentType(ContentType.JSON)
                    .body(Map.of(
                            "expectedVersion",
                            legal.getLong("version"),
                            "move",
                            moves.get(random.nextInt(moves.size()))))
                    .post((via == Via.GATEWAY ? "" : cutOff) + "/api/v1/games/" + gameId + "/moves");
            answer.then().statusCode(status);
            return answer;
        }
        throw new AssertionError("nobody may move in game " + gameId);
    }

    private static void unavailable(Response response) {
        response.then()
                .statusCode(503)
                .contentType("application/problem+json")
                .header("Retry-After", "1")
                .body("type", equalTo("https://tessera.dev/problems/service-unavailable"))
                .body("detail", containsString("storage of game-service is unavailable"));
    }

    /** The game's stored event ids in version order, checked to be versions 1..n with none missing or twice. */
    private List<String> stored(String gameId) {
        List<String> ids = new ArrayList<>();
        List<Long> versions = new ArrayList<>();
        try (Connection connection = platform.postgres().connect("tessera_game");
                Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(
                        "SELECT version, event_id FROM events WHERE stream_id = '" + gameId + "' ORDER BY version")) {
            while (rs.next()) {
                versions.add(rs.getLong(1));
                ids.add(rs.getString(2));
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        assertEquals(LongStream.rangeClosed(1, versions.size()).boxed().toList(), versions, "versions of " + gameId);
        return ids;
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
