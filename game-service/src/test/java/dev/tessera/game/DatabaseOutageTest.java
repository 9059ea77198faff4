package dev.tessera.game;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.Topics;
import dev.tessera.events.lobby.TableStarted;
import dev.tessera.game.play.GameService;
import dev.tessera.infra.TcpProxy;
import dev.tessera.infra.TestInfrastructure;
import dev.tessera.infra.TestKafka;
import dev.tessera.kit.eventing.Outbox;
import dev.tessera.kit.eventing.OutboxRelay;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.config.HttpClientConfig;
import io.restassured.config.RestAssuredConfig;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.response.ValidatableResponse;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What game-service does when its database goes away and comes back, without a restart: requests get a retryable
 * 503 problem and write nothing, a consumed event waits for the database rather than going to the dead-letter
 * topic, and once the database is back requests, the outbox relay and the consumers go on. The service reaches
 * PostgreSQL through a {@link TcpProxy} that the tests cut (connections reset, new ones refused, as when the server
 * is killed) or stall (connections accepted, never answered); the server itself keeps running.
 */
@QuarkusTest
@TestProfile(DatabaseOutageTest.BehindProxy.class)
class DatabaseOutageTest {
    private static final String PLAYER = "X-Tessera-Player";
    /** The waits bounded by the acquire timeout below must end; a request that hung would fail the test here. */
    private static final RestAssuredConfig NO_HANG = RestAssuredConfig.config()
            .httpClient(HttpClientConfig.httpClientConfig()
                    .setParam("http.socket.timeout", 60_000)
                    .setParam("http.connection.timeout", 10_000));

    public static class BehindProxy implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            // Short, so that the stalled database's 503 and the relay's failed statements' timers come soon.
            return Map.of("tessera.datasource.acquire-timeout", "1s");
        }

        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(ProxiedDatabase.class));
        }
    }

    /** Points the service's reactive pool (not Flyway) at a proxy in front of the test's PostgreSQL. */
    public static class ProxiedDatabase implements QuarkusTestResourceLifecycleManager {
        static TcpProxy proxy;

        @Override
        public Map<String, String> start() {
            proxy = TcpProxy.to(TestInfrastructure.postgres().port());
            return Map.of(
                    "quarkus.datasource.reactive.url", "postgresql://127.0.0.1:" + proxy.port() + "/tessera_game");
        }

        @Override
        public void stop() {
            proxy.close();
        }

        /** After TestInfrastructure, whose reactive URL this one replaces. */
        @Override
        public int order() {
            return 1;
        }
    }

    private static final List<LogRecord> LOGGED = new CopyOnWriteArrayList<>();
    private static final Handler CAPTURE = new Handler() {
        @Override
        public void publish(LogRecord record) {
            LOGGED.add(record);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };

    @BeforeAll
    static void captureLogs() {
        Logger.getLogger("").addHandler(CAPTURE);
    }

    @AfterAll
    static void stopCapturing() {
        Logger.getLogger("").removeHandler(CAPTURE);
    }

    @AfterEach
    void databaseBack() {
        ProxiedDatabase.proxy.restore();
    }

    private final EventCodec codec = new EventCodec();

    @Test
    void a_move_while_the_database_is_out_of_reach_is_a_503_that_writes_nothing_and_goes_through_once_it_is_back() {
        String gameId = startedGame(Map.of());
        String mover = mover(gameId);
        Object move = legalMoves(gameId, mover).get(0);

        ProxiedDatabase.proxy.cut();
        for (String path : List.of("", "/legal-moves", "/events")) {
            unavailable(given().config(NO_HANG).header(PLAYER, mover).get("/api/v1/games/" + gameId + path));
        }
        unavailable(post(gameId, mover, 1, move));
        assertEquals(1, events(gameId), "nothing written");

        ProxiedDatabase.proxy.restore();
        int version =
                post(gameId, mover, 1, move).then().statusCode(200).extract().path("version");
        assertTrue(version > 1);
        assertEquals(version, events(gameId));
    }

    @Test
    void a_move_whose_connection_is_lost_while_its_statement_waits_is_a_503_that_writes_nothing() throws Exception {
        String gameId = startedGame(Map.of("clock", "turn-based", "moveHours", "72"));
        String mover = mover(gameId);
        Object move = legalMoves(gameId, mover).get(0);
        String waiting =
                "SELECT count(*) FROM pg_stat_activity WHERE datname = 'tessera_game' AND wait_event_type = 'Lock'";
        try (Connection other = TestInfrastructure.postgres().connect("tessera_game");
                Statement statement = other.createStatement()) {
            // Another transaction holds the game's clock row: the move's append statement waits for it.
            other.setAutoCommit(false);
            statement.execute("SELECT * FROM game_clocks WHERE game_id = '" + gameId + "' FOR UPDATE");
            CompletableFuture<Response> moving = CompletableFuture.supplyAsync(() -> post(gameId, mover, 1, move));
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> TestInfrastructure.postgres().count("tessera_game", waiting) > 0);

            ProxiedDatabase.proxy.cut();
            unavailable(moving.get());
            // The statement's server process notices that its client is gone while it waits
            // (client_connection_check_interval) and ends, its statement undone: the row's release cannot let it go on.
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> TestInfrastructure.postgres().count("tessera_game", waiting) == 0);
            other.rollback();
        }
        assertEquals(1, events(gameId), "nothing written");

        ProxiedDatabase.proxy.restore();
        post(gameId, mover, 1, move).then().statusCode(200);
    }

    @Test
    void readiness_follows_the_reactive_pool_and_not_the_jdbc_pool_that_only_flyway_uses() {
        readiness(200, "UP")
                // Quarkus's own datasource checks (Agroal's "Database connections health check" and the reactive
                // one) are off: the JDBC pool could stay DOWN for minutes after a PostgreSQL restart.
                .body("checks.findAll { it.name.contains('connections health check') }", hasSize(0));

        ProxiedDatabase.proxy.cut();
        readiness(503, "DOWN");

        ProxiedDatabase.proxy.restore();
        readiness(200, "UP");
    }

    /** The service's readiness answers {@code status}, its database check saying {@code check}. */
    private static ValidatableResponse readiness(int status, String check) {
        return given().config(NO_HANG)
                .get("/q/health/ready")
                .then()
                .statusCode(status)
                .body("checks.find { it.name == 'PostgreSQL (reactive pool)' }.status", equalTo(check));
    }

    @Test
    void a_database_that_accepts_connections_but_does_not_answer_is_a_503_once_the_pool_stops_waiting() {
        String gameId = startedGame(Map.of());

        ProxiedDatabase.proxy.stall();
        unavailable(given().config(NO_HANG).get("/api/v1/games/" + gameId));

        ProxiedDatabase.proxy.restore();
        given().config(NO_HANG)
                .get("/api/v1/games/" + gameId)
                .then()
                .statusCode(200)
                .body("version", equalTo(1));
    }

    @Test
    void
            a_table_started_while_the_database_is_out_of_reach_waits_for_it_and_becomes_its_game_without_the_dead_letter_topic() {
        String tableId = UUID.randomUUID().toString();
        String gameId = GameService.gameIdOf(tableId);
        CloudEvent started = codec.envelope(
                "/tessera/lobby-service",
                tableId,
                4,
                new TableStarted(tableId, "builders", List.of("ana", "bob"), Map.of()),
                OffsetDateTime.now());

        ProxiedDatabase.proxy.cut();
        TestKafka.produce(TestInfrastructure.bootstrapServers(), Topics.LOBBY_EVENTS, tableId, codec.write(started));
        // The consumer has met the outage (it says so) and keeps the record.
        await().atMost(Duration.ofSeconds(30))
                .until(() -> logged("waits for the database to apply tessera.lobby.TableStarted " + started.id()));
        assertEquals(0, events(gameId));

        ProxiedDatabase.proxy.restore();
        await().atMost(Duration.ofSeconds(30)).until(() -> events(gameId) == 1);
        await().atMost(Duration.ofSeconds(30))
                .until(() -> onTopic(Topics.GAME_EVENTS, gameId).contains(1L));
        assertEquals(
                List.of(),
                TestKafka.readAll(TestInfrastructure.bootstrapServers(), "game-service.dlq").stream()
                        .filter(r -> tableId.equals(r.key()))
                        .toList(),
                "nothing dead-lettered");
    }

    /**
     * Rows that waited in the outbox when the database went away (here: another relay instance held their slot) are
     * published once it is back. Meanwhile the relay's statements failed every second; none of them may surface
     * later as an uncaught "Result is already complete" (Vert.x's Pool#query fails a failed query again when its
     * timer fires, an acquire timeout later).
     */
    @Test
    void rows_that_waited_in_the_outbox_are_published_once_the_database_is_back_and_nothing_fails_uncaught()
            throws Exception {
        String gameId = startedGame(Map.of());
        int version = 1;
        long cutAt;
        try (Connection otherRelay = TestInfrastructure.postgres().connect("tessera_game");
                Statement statement = otherRelay.createStatement()) {
            statement.execute(
                    "SELECT pg_advisory_lock(" + OutboxRelay.LOCK_NAMESPACE + ", " + Outbox.slot(gameId) + ")");
            for (int i = 0; i < 3; i++) {
                String mover = mover(gameId);
                version = post(gameId, mover, version, legalMoves(gameId, mover).get(0))
                        .then()
                        .statusCode(200)
                        .extract()
                        .path("version");
            }
            assertEquals(List.of(1L), onTopic(Topics.GAME_EVENTS, gameId), "the moves wait in the outbox");

            cutAt = System.currentTimeMillis();
            ProxiedDatabase.proxy.cut();
            statement.execute(
                    "SELECT pg_advisory_unlock(" + OutboxRelay.LOCK_NAMESPACE + ", " + Outbox.slot(gameId) + ")");
        }
        // Relay runs fail while the database is out of reach; wait until one has failed longer ago than the acquire
        // timeout, so that its timer, had it been left armed, has fired.
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            List<Long> failures = relayFailures(cutAt);
            return failures.size() >= 2 && failures.get(failures.size() - 1) - failures.get(0) > 2_000;
        });

        ProxiedDatabase.proxy.restore();
        int last = version;
        await().atMost(Duration.ofSeconds(30))
                .until(() -> onTopic(Topics.GAME_EVENTS, gameId).size() == last);
        assertEquals(LongStream.rangeClosed(1, last).boxed().toList(), onTopic(Topics.GAME_EVENTS, gameId));
        assertEquals(
                0,
                TestInfrastructure.postgres()
                        .count(
                                "tessera_game",
                                "SELECT count(*) FROM outbox WHERE record_key = '" + gameId
                                        + "' AND published_at IS NULL"));
        assertEquals(
                List.of(),
                LOGGED.stream()
                        .filter(r -> r.getLevel().intValue() >= Level.SEVERE.intValue())
                        .filter(r -> text(r).contains("Uncaught exception")
                                || r.getThrown() != null
                                        && "Result is already complete"
                                                .equals(r.getThrown().getMessage()))
                        .map(r -> r.getLoggerName() + ": " + text(r) + " " + r.getThrown())
                        .toList(),
                "uncaught errors");
    }

    private static void unavailable(Response response) {
        response.then()
                .statusCode(503)
                .contentType("application/problem+json")
                .header("Retry-After", "1")
                .body("type", equalTo("https://tessera.dev/problems/service-unavailable"))
                .body("detail", containsString("storage of game-service is unavailable"));
    }

    private String startedGame(Map<String, String> options) {
        String tableId = UUID.randomUUID().toString();
        String gameId = GameService.gameIdOf(tableId);
        TestKafka.produce(
                TestInfrastructure.bootstrapServers(),
                Topics.LOBBY_EVENTS,
                tableId,
                codec.write(codec.envelope(
                        "/tessera/lobby-service",
                        tableId,
                        4,
                        new TableStarted(tableId, "builders", List.of("ana", "bob"), options),
                        OffsetDateTime.now())));
        await().atMost(Duration.ofSeconds(30)).until(() -> events(gameId) == 1);
        return gameId;
    }

    private static String mover(String gameId) {
        return legalMoves(gameId, "ana").isEmpty() ? "bob" : "ana";
    }

    private static List<Object> legalMoves(String gameId, String player) {
        return given().header(PLAYER, player)
                .get("/api/v1/games/" + gameId + "/legal-moves")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("moves");
    }

    private static Response post(String gameId, String player, int expectedVersion, Object move) {
        return given().config(NO_HANG)
                .header(PLAYER, player)
                .contentType(ContentType.JSON)
                .body(Map.of("expectedVersion", expectedVersion, "move", move))
                .post("/api/v1/games/" + gameId + "/moves");
    }

    private static long events(String gameId) {
        return TestInfrastructure.postgres()
                .count("tessera_game", "SELECT count(*) FROM events WHERE stream_id = '" + gameId + "'");
    }

    private List<Long> onTopic(String topic, String gameId) {
        return TestKafka.readAll(TestInfrastructure.bootstrapServers(), topic).stream()
                .filter(r -> gameId.equals(r.key()))
                .map(r -> codec.readEnvelope(r.value()).streamversion())
                .toList();
    }

    private static boolean logged(String text) {
        return LOGGED.stream().anyMatch(r -> text(r).contains(text));
    }

    /** A record's message with its parameters (JBoss Logging's warnf records a printf format and its arguments). */
    private static String text(LogRecord record) {
        Object[] parameters = record.getParameters();
        if (parameters == null || parameters.length == 0) {
            return String.valueOf(record.getMessage());
        }
        try {
            return String.format(record.getMessage(), parameters);
        } catch (RuntimeException notPrintf) {
            return java.text.MessageFormat.format(record.getMessage(), parameters);
        }
    }

    /** When the outbox relay's runs failed, in milliseconds since the epoch. */
    /** When the relay's runs that failed since {@code since} failed (epoch milliseconds). */
    private static List<Long> relayFailures(long since) {
        return LOGGED.stream()
                .filter(r -> r.getMillis() >= since)
                .filter(r -> OutboxRelay.class.getName().equals(r.getLoggerName()))
                .filter(r -> text(r).contains("outbox relay run failed"))
                .map(LogRecord::getMillis)
                .toList();
    }
}
