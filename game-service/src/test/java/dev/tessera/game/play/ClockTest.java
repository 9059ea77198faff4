package dev.tessera.game.play;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.EventCodec;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.events.game.GameStarted;
import dev.tessera.events.game.PlayerTimedOut;
import dev.tessera.events.game.SeatTakenByBot;
import dev.tessera.game.StartedTables;
import dev.tessera.game.builders.BuildersEngine;
import dev.tessera.game.builders.BuildersMove;
import dev.tessera.game.builders.BuildersState;
import dev.tessera.game.rules.Decision;
import dev.tessera.game.rules.GameSetup;
import dev.tessera.infra.TestInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Turn clocks and bots against the running service. Deadlines are either really short (one second, for
 * the game that nobody plays) or an hour, made to pass by moving the row's deadline into the past: the
 * test never depends on how fast anything happens, only on what happens.
 */
@QuarkusTest
class ClockTest {
    private static final String PLAYER = "X-Tessera-Player";
    private static final Map<String, String> ONE_SECOND = Map.of("clock", "realtime", "turnSeconds", "1");
    private static final Map<String, String> ONE_HOUR = Map.of("clock", "realtime", "turnSeconds", "3600");

    @jakarta.inject.Inject
    FoldedGames folded;

    @jakarta.inject.Inject
    ClockWorker worker;

    private final EventCodec codec = new EventCodec();

    @Test
    void when_nobody_moves_bots_take_every_seat_and_finish_the_game_with_legal_replayable_moves() throws Exception {
        String gameId = StartedTables.start("builders", List.of("ana", "bob"), ONE_SECOND);

        await().atMost(Duration.ofSeconds(180)).until(() -> types(gameId).contains("tessera.builders.GameFinished"));

        List<TesseraEvent> events = stream(gameId);
        List<TesseraEvent> clockEvents = events.stream()
                .filter(e -> e instanceof PlayerTimedOut || e instanceof SeatTakenByBot)
                .toList();
        // The first player timed out, then (nobody moving in the grace) a bot took their seat; then the same for the
        // other.
        // (Whoever was to act at the start, read from the stream: with one-second turns, asking the API who is to act
        // can come after that player's seat was taken already.)
        assertInstanceOf(PlayerTimedOut.class, clockEvents.get(0));
        assertEquals(
                1, events.indexOf(clockEvents.get(0)), "the player to act at the start timed out before anything else");
        String first = ((PlayerTimedOut) clockEvents.get(0)).player();
        assertEquals(new SeatTakenByBot(gameId, first, "random", "timeout"), clockEvents.get(1));
        assertEquals(4, clockEvents.size(), "each player timed out once and lost their seat once: " + clockEvents);
        String second = first.equals("ana") ? "bob" : "ana";
        assertEquals(second, ((PlayerTimedOut) clockEvents.get(2)).player());
        assertEquals(new SeatTakenByBot(gameId, second, "random", "timeout"), clockEvents.get(3));
        int timedOut = events.indexOf(clockEvents.get(0));
        assertEquals(clockEvents.get(1), events.get(timedOut + 1), "nothing happened in the grace");
        assertTrue(
                events.get(events.size() - 1) instanceof BuildersEvent.GameFinished,
                "the engine's end closes the stream");

        // Every bot move was legal and is the one its seed and version give: replay the stream through the rules.
        replay(gameId, events);

        // The whole stream folds (no snapshot, nothing in memory) to the finished game.
        String kept = view(gameId);
        try (Connection c = db();
                PreparedStatement s = c.prepareStatement("DELETE FROM snapshots WHERE stream_id = ?")) {
            s.setString(1, gameId);
            s.executeUpdate();
        }
        folded.forget(gameId);
        assertEquals(kept, view(gameId));
        given().get("/api/v1/games/" + gameId)
                .then()
                .statusCode(200)
                .body("over", equalTo(true))
                .body("bots", equalTo(List.of(first, second)))
                .body("clock", nullValue());
        // The game is over: the row only remembers the bots.
        Row row = row(gameId).orElseThrow();
        assertEquals(ClockRow.IDLE, row.phase());
        assertEquals(null, row.deadline());
        assertEquals(List.of(first, second), row.bots());

        String metrics =
                given().get("/q/metrics").then().statusCode(200).extract().asString();
        for (String event : List.of("timeout", "bot-takeover", "bot-move")) {
            assertTrue(
                    metrics.lines()
                            .anyMatch(l -> l.startsWith("tessera_clock_events_total{")
                                    && l.contains("event=\"" + event + "\"")),
                    "tessera_clock_events_total{event=" + event + "}");
        }
    }

    @Test
    void a_player_who_moves_within_the_grace_keeps_their_seat() throws Exception {
        OffsetDateTime started = instant();
        String gameId = StartedTables.start("builders", List.of("ana", "bob"), ONE_HOUR);
        String first = toAct(gameId);
        Row turn = row(gameId).orElseThrow();
        assertEquals(new Row(first, ClockRow.TURN, turn.deadline(), 1, List.of()), turn);
        assertFalse(turn.deadline().isBefore(started.plusHours(1)), "one turn length: " + turn.deadline());
        given().get("/api/v1/games/" + gameId)
                .then()
                .body("clock.player", equalTo(first))
                .body("clock.phase", equalTo("turn"))
                .body("bots", equalTo(List.of()));

        OffsetDateTime expired = instant();
        expire(gameId);
        await().atMost(Duration.ofSeconds(30))
                .until(() ->
                        row(gameId).map(r -> r.phase().equals(ClockRow.GRACE)).orElse(false));
        PlayerTimedOut timedOut = (PlayerTimedOut) stream(gameId).get(1);
        assertEquals(first, timedOut.player());
        assertFalse(timedOut.graceEnds().isBefore(expired.plusHours(1)), "grace = one more turn length");
        Row grace = row(gameId).orElseThrow();
        assertEquals(new Row(first, ClockRow.GRACE, grace.deadline(), 2, List.of()), grace);
        assertEquals(timedOut.graceEnds().toInstant(), grace.deadline().toInstant());
        given().get("/api/v1/games/" + gameId)
                .then()
                .body("clock.phase", equalTo("grace"))
                .body("version", equalTo(2));

        // The player moves in their grace: the move counts and their clock starts afresh.
        JsonNode move = legalMoves(gameId, first).get(0);
        OffsetDateTime moved = instant();
        given().header(PLAYER, first)
                .contentType(ContentType.JSON)
                .body(Map.of("expectedVersion", 2, "move", move))
                .post("/api/v1/games/" + gameId + "/moves")
                .then()
                .statusCode(200);
        Row after = row(gameId).orElseThrow();
        assertEquals(ClockRow.TURN, after.phase());
        assertFalse(after.deadline().isBefore(moved.plusHours(1)), "a fresh turn");
        assertEquals(events(gameId), after.streamVersion());

        // Their next timeout is a timeout again, not the end of their seat.
        expire(gameId);
        await().atMost(Duration.ofSeconds(30))
                .until(() -> stream(gameId).stream()
                                .filter(PlayerTimedOut.class::isInstance)
                                .count()
                        == 2);
        assertFalse(types(gameId).contains("tessera.game.SeatTakenByBot"));
        given().get("/api/v1/games/" + gameId).then().body("bots", equalTo(List.of()));
        assertFalse(legalMoves(gameId, after.player()).isEmpty());
    }

    @Test
    void a_player_whose_seat_a_bot_took_cannot_move_any_more() throws Exception {
        String gameId = StartedTables.start("builders", List.of("ana", "bob"), ONE_HOUR);
        String first = toAct(gameId);
        String second = first.equals("ana") ? "bob" : "ana";
        expire(gameId);
        await().atMost(Duration.ofSeconds(30))
                .until(() ->
                        row(gameId).map(r -> r.phase().equals(ClockRow.GRACE)).orElse(false));
        expire(gameId);
        // The grace ran out: a bot takes the seat and plays its turn, then the other player's clock runs.
        await().atMost(Duration.ofSeconds(30))
                .until(() -> row(gameId).map(r -> second.equals(r.player())).orElse(false));
        Row row = row(gameId).orElseThrow();
        assertEquals(new Row(second, ClockRow.TURN, row.deadline(), events(gameId), List.of(first)), row);
        List<TesseraEvent> events = stream(gameId);
        assertEquals(new SeatTakenByBot(gameId, first, "random", "timeout"), events.get(2));
        assertTrue(events.size() > 3, "the bot played");
        assertEquals(
                second,
                ((BuildersEvent.TurnEnded) events.get(events.size() - 1)).nextPlayer(),
                "the bot ended its turn");

        int version = given().get("/api/v1/games/" + gameId)
                .then()
                .statusCode(200)
                .body("bots", equalTo(List.of(first)))
                .body("clock.player", equalTo(second))
                .body("clock.phase", equalTo("turn"))
                .extract()
                .path("version");
        assertEquals(List.of(), legalMoves(gameId, first));
        long before = events(gameId);
        given().header(PLAYER, first)
                .contentType(ContentType.JSON)
                .body(Map.of("expectedVersion", version, "move", Map.of("type", "end-turn")))
                .post("/api/v1/games/" + gameId + "/moves")
                .then()
                .statusCode(409)
                .contentType("application/problem+json")
                .body("rule", equalTo("seat-taken-by-bot"));
        assertEquals(before, events(gameId), "nothing written");
        // The other player still plays.
        given().header(PLAYER, second)
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "expectedVersion",
                        version,
                        "move",
                        legalMoves(gameId, second).get(0)))
                .post("/api/v1/games/" + gameId + "/moves")
                .then()
                .statusCode(200);
    }

    @Test
    void a_game_without_a_clock_never_times_out() throws Exception {
        String gameId = StartedTables.start("builders", List.of("ana", "bob"), Map.of());
        assertEquals(Optional.empty(), row(gameId), "no deadline, no row");
        String first = toAct(gameId);
        given().header(PLAYER, first)
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "expectedVersion", 1, "move", legalMoves(gameId, first).get(0)))
                .post("/api/v1/games/" + gameId + "/moves")
                .then()
                .statusCode(200);
        assertEquals(Optional.empty(), row(gameId), "still no deadline after a move");
        given().get("/api/v1/games/" + gameId)
                .then()
                .statusCode(200)
                .body("clock", nullValue())
                .body("bots", equalTo(List.of()));
    }

    /** Replays the stream from its seed: every engine event must come from the move the bot draws at that version. */
    private void replay(String gameId, List<TesseraEvent> events) {
        BuildersEngine engine = new BuildersEngine();
        GameStarted started = (GameStarted) events.get(0);
        BuildersState state = engine.start(new GameSetup(started.players(), started.seed(), started.options()));
        int version = 1;
        int botMoves = 0;
        while (version < events.size()) {
            TesseraEvent next = events.get(version);
            if (!(next instanceof BuildersEvent)) {
                version++;
                continue;
            }
            ClockRules.Turn<BuildersMove> turn = ClockRules.toAct(new GameStream<>(started, engine, state, version))
                    .orElseThrow();
            BuildersMove move = RandomBot.pick(turn.legal(), started.seed(), version);
            Decision<BuildersEvent> decision = engine.decide(state, turn.player(), move);
            List<BuildersEvent> decided = ((Decision.Accepted<BuildersEvent>) decision).events();
            assertEquals(decided, events.subList(version, version + decided.size()), gameId + " at version " + version);
            for (BuildersEvent e : decided) {
                state = engine.evolve(state, e);
            }
            version += decided.size();
            botMoves++;
        }
        assertTrue(engine.isOver(state));
        assertTrue(botMoves > 10, "bots played the game: " + botMoves);
    }

    /** Now, to the microsecond the service and PostgreSQL keep. */
    private static OffsetDateTime instant() {
        return OffsetDateTime.now().truncatedTo(java.time.temporal.ChronoUnit.MICROS);
    }

    private String toAct(String gameId) {
        return legalMoves(gameId, "ana").isEmpty() ? "bob" : "ana";
    }

    private static List<JsonNode> legalMoves(String gameId, String player) {
        return dev.tessera.game.LegalMoves.of(gameId, player);
    }

    private List<String> types(String gameId) {
        return given().get("/api/v1/games/" + gameId + "/events?from=0")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("type");
    }

    private String view(String gameId) {
        return given().header(PLAYER, "ana")
                .get("/api/v1/games/" + gameId)
                .then()
                .statusCode(200)
                .extract()
                .asString();
    }

    private record Row(String player, String phase, OffsetDateTime deadline, long streamVersion, List<String> bots) {}

    private static Connection db() throws SQLException {
        return DriverManager.getConnection(TestInfrastructure.postgres().jdbcUrl("tessera_game"), "postgres", "");
    }

    private static Optional<Row> row(String gameId) throws SQLException {
        try (Connection c = db();
                PreparedStatement s = c.prepareStatement(
                        "SELECT player, phase, deadline, stream_version, bots FROM game_clocks WHERE game_id = ?")) {
            s.setString(1, gameId);
            try (ResultSet r = s.executeQuery()) {
                if (!r.next()) {
                    return Optional.empty();
                }
                return Optional.of(new Row(
                        r.getString(1),
                        r.getString(2),
                        r.getObject(3, OffsetDateTime.class),
                        r.getLong(4),
                        Arrays.asList((String[]) r.getArray(5).getArray())));
            }
        }
    }

    /** Time passes: the row's deadline is now behind us. */
    /**
     * Time passes to the game's deadline: the row says it has passed, and the worker's alarm for it rings (the worker
     * sleeps until the deadlines it was told of, and this one was moved behind its back).
     */
    private void expire(String gameId) throws SQLException {
        try (Connection c = db();
                PreparedStatement s = c.prepareStatement(
                        "UPDATE game_clocks SET deadline = now() - interval '1 second' WHERE game_id = ?")) {
            s.setString(1, gameId);
            assertEquals(1, s.executeUpdate());
        }
        worker.wakeBy(OffsetDateTime.now());
    }

    /** The stream as stored, seed included, read through the event codec. */
    private List<TesseraEvent> stream(String gameId) throws Exception {
        List<TesseraEvent> events = new ArrayList<>();
        try (Connection c = db();
                PreparedStatement s = c.prepareStatement(
                        "SELECT type, schema_version, payload::text FROM events WHERE stream_id = ? ORDER BY version")) {
            s.setString(1, gameId);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    events.add(codec.read(
                            r.getString(1), r.getInt(2), codec.mapper().readTree(r.getString(3))));
                }
            }
        }
        assertNotNull(events.isEmpty() ? null : events.get(0));
        return events;
    }

    private static long events(String gameId) {
        return TestInfrastructure.postgres()
                .count("tessera_game", "SELECT count(*) FROM events WHERE stream_id = '" + gameId + "'");
    }
}
