package dev.tessera.game.play;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.EventCodec;
import dev.tessera.events.EventTypes;
import dev.tessera.events.game.PlayerTimedOut;
import dev.tessera.game.LegalMoves;
import dev.tessera.game.StartedTables;
import dev.tessera.infra.TestInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A player's move on a game this instance keeps at the version the move expects is decided on what is kept and
 * appended without reading the stream first (GameMoves#move): one statement instead of two. The stream still decides:
 * an append made behind the instance's back (another instance's) makes the move the same 409 a read would have, and
 * a move the kept game refuses is refused from what the store holds. Legal moves and the view of the game now asked with
 * the version the reader has seen ({@code minVersion}) come from the kept game when it is that recent, also without a
 * read.
 */
@QuarkusTest
class KeptGameMovesTest {
    private static final String PLAYER = "X-Tessera-Player";
    private final EventCodec codec = new EventCodec();

    @Inject
    FoldedGames folded;

    @Test
    void
            a_move_on_the_kept_game_skips_the_read_and_an_append_made_behind_its_back_still_makes_it_a_409_that_writes_nothing() {
        String gameId = StartedTables.start("alhambra", List.of("ana", "bob"), Map.of());
        String mover = moves(gameId, "ana").isEmpty() ? "bob" : "ana";
        double unread = unread();

        // The legal-moves read kept the game and its clock row at version 1: the move needs no read of its own.
        JsonPath first = firstMove(gameId, mover);
        long version = first.getLong("version");
        assertEquals(unread + 1, unread(), "decided on the kept game");
        assertEquals(version, events(gameId));

        // Another instance appends meanwhile (a timeout it wrote): this instance still keeps the game at `version`.
        String next = first.getString("toAct");
        List<JsonNode> legal = moves(gameId, next);
        appendBehindItsBack(gameId, version + 1, new PlayerTimedOut(gameId, next, OffsetDateTime.now()));

        // A move at the version kept: the append finds the stream moved on, a 409 naming its version; nothing written.
        move(gameId, next, version, legal.get(0))
                .then()
                .statusCode(409)
                .contentType("application/problem+json")
                .body("rule", equalTo("version-conflict"))
                .body("currentVersion", equalTo((int) version + 1));
        assertEquals(unread + 2, unread(), "tried on the kept game, refused by the append");
        assertEquals(version + 1, events(gameId));

        // At the stream's version the game is read again and the move accepted.
        long after = move(gameId, next, version + 1, legal.get(0))
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getLong("version");
        assertEquals(unread + 2, unread(), "read first: the kept game was behind");
        assertEquals(after, events(gameId));
    }

    @Test
    void a_move_the_kept_game_refuses_is_refused_from_what_the_store_holds_and_counted_once() {
        String gameId = StartedTables.start("alhambra", List.of("ana", "bob"), Map.of());
        String mover = moves(gameId, "ana").isEmpty() ? "bob" : "ana";
        String other = mover.equals("ana") ? "bob" : "ana";
        JsonNode move = moves(gameId, mover).get(0);
        double unread = unread();
        double refused = rejected("not-your-turn");

        // The game and its row are kept at version 1; the player not to act sends the mover's move.
        move(gameId, other, 1, move)
                .then()
                .statusCode(422)
                .contentType("application/problem+json")
                .body("rule", equalTo("not-your-turn"));
        assertEquals(refused + 1, rejected("not-your-turn"), "counted once, from the read");
        assertEquals(unread, unread(), "not appended from the kept game");
        assertEquals(1, events(gameId));
    }

    @Test
    void legal_moves_for_a_reader_that_saw_the_kept_version_come_from_memory_and_say_the_version_they_are_at() {
        // The reader has seen `version` (its answer, or the feed); another instance appended after it.
        Behind game = movedThenAppendedBehindItsBack();
        String gameId = game.gameId();
        long version = game.version();
        String next = game.next();
        double unread = legalUnread();

        // Answered from the game kept at `version`, which the reader has seen: the version says so, and a move sent at
        // it gets the 409 that tells the reader the game moved on.
        JsonNode listed = codec.mapper()
                .valueToTree(legal(gameId, next, "?minVersion=" + version)
                        .statusCode(200)
                        .body("version", equalTo((int) version))
                        .body("toAct", equalTo(next))
                        .body("moves.size()", greaterThan(0))
                        .extract()
                        .path("moves[0]"));
        assertEquals(unread + 1, legalUnread(), "answered without a read");
        move(gameId, next, version, listed)
                .then()
                .statusCode(409)
                .body("rule", equalTo("version-conflict"))
                .body("currentVersion", equalTo((int) version + 1));

        // Without minVersion the stream is read: its version, and the game kept is brought up to it.
        legal(gameId, next, "").statusCode(200).body("version", equalTo((int) version + 1));
        assertEquals(unread + 1, legalUnread(), "read");
        legal(gameId, next, "?minVersion=" + (version + 1)).statusCode(200).body("version", equalTo((int) version + 1));
        assertEquals(unread + 2, legalUnread(), "kept at the version read");

        // A version the game has not reached, or a negative one: a problem naming minVersion; nothing written.
        for (String bad : List.of("?minVersion=" + (version + 2), "?minVersion=-1")) {
            legal(gameId, next, bad)
                    .statusCode(400)
                    .contentType("application/problem+json")
                    .body("field", equalTo("minVersion"));
        }
        assertEquals(version + 1, events(gameId));

        // Not kept here (another instance serves the game, or this one restarted): read, whatever the reader saw.
        folded.forget(gameId);
        legal(gameId, next, "?minVersion=" + version).statusCode(200).body("version", equalTo((int) version + 1));
        assertEquals(unread + 2, legalUnread(), "read: nothing kept");
    }

    @Test
    void
            the_game_now_for_a_reader_that_saw_the_kept_version_comes_from_memory_and_min_version_beside_a_past_view_is_refused() {
        // The reader (a spectator) has seen `version` on the feed; another instance appended after it.
        Behind game = movedThenAppendedBehindItsBack();
        String gameId = game.gameId();
        long version = game.version();
        String next = game.next();
        double unread = viewsUnread();

        // The view kept at `version`, with whose turn it was then: no read, and the feed brings the rest.
        view(gameId, "cy", "?minVersion=" + version)
                .statusCode(200)
                .body("version", equalTo((int) version))
                .body("toAct", equalTo(next));
        assertEquals(unread + 1, viewsUnread(), "answered without a read");

        // Without minVersion the stream is read, and the game kept is brought up to it.
        view(gameId, "cy", "").statusCode(200).body("version", equalTo((int) version + 1));
        assertEquals(unread + 1, viewsUnread(), "read");
        view(gameId, "cy", "?minVersion=" + (version + 1)).statusCode(200).body("version", equalTo((int) version + 1));
        assertEquals(unread + 2, viewsUnread(), "kept at the version read");

        // A version not reached, a negative one, or one beside a past view or every hand: a problem naming minVersion.
        for (String bad : List.of(
                "?minVersion=" + (version + 2),
                "?minVersion=-1",
                "?at=1&minVersion=1",
                "?perspective=all&minVersion=1")) {
            view(gameId, "cy", bad)
                    .statusCode(400)
                    .contentType("application/problem+json")
                    .body("field", equalTo("minVersion"));
        }
        assertEquals(version + 1, events(gameId));

        // Not kept here: read, whatever the reader saw.
        folded.forget(gameId);
        view(gameId, "cy", "?minVersion=" + version).statusCode(200).body("version", equalTo((int) version + 1));
        assertEquals(unread + 2, viewsUnread(), "read: nothing kept");
    }

    private static io.restassured.response.ValidatableResponse view(String gameId, String viewer, String query) {
        return given().header(PLAYER, viewer)
                .get("/api/v1/games/" + gameId + query)
                .then();
    }

    private static double viewsUnread() {
        return metric("tessera_views_unread_total");
    }

    private static io.restassured.response.ValidatableResponse legal(String gameId, String player, String query) {
        return given().header(PLAYER, player)
                .get("/api/v1/games/" + gameId + "/legal-moves" + query)
                .then();
    }

    private static double legalUnread() {
        return metric("tessera_legal_moves_unread_total");
    }

    /** {@code mover}'s first listed move at version 1, accepted: its answer. */
    private JsonPath firstMove(String gameId, String mover) {
        return move(gameId, mover, 1, moves(gameId, mover).get(0))
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    private io.restassured.response.Response move(String gameId, String player, long version, JsonNode move) {
        return given().header(PLAYER, player)
                .contentType(ContentType.JSON)
                .body(Map.of("expectedVersion", version, "move", move))
                .post("/api/v1/games/" + gameId + "/moves");
    }

    /** A game kept here at {@code version}, its first move's, with whose turn it then was; the store is one ahead. */
    private record Behind(String gameId, long version, String next) {}

    /** A game's first move made here (so kept at its version), then a timeout appended behind this instance's back. */
    private Behind movedThenAppendedBehindItsBack() {
        String gameId = StartedTables.start("alhambra", List.of("ana", "bob"), Map.of());
        JsonPath first = firstMove(gameId, moves(gameId, "ana").isEmpty() ? "bob" : "ana");
        long version = first.getLong("version");
        String next = first.getString("toAct");
        appendBehindItsBack(gameId, version + 1, new PlayerTimedOut(gameId, next, OffsetDateTime.now()));
        return new Behind(gameId, version, next);
    }

    /** An event written straight into the store at {@code version}, as another instance's append would be. */
    private void appendBehindItsBack(String gameId, long version, PlayerTimedOut event) {
        try (Connection c = TestInfrastructure.postgres().connect("tessera_game");
                PreparedStatement s = c.prepareStatement("INSERT INTO events (stream_id, version, event_id, type,"
                        + " schema_version, payload, recorded_at, metadata)"
                        + " VALUES (?, ?, ?, ?, 1, CAST(? AS jsonb), now(), CAST('{}' AS jsonb))")) {
            s.setString(1, gameId);
            s.setLong(2, version);
            s.setObject(3, UUID.randomUUID());
            s.setString(4, EventTypes.of(PlayerTimedOut.class).value());
            s.setString(5, codec.mapper().writeValueAsString(codec.data(event)));
            s.executeUpdate();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<JsonNode> moves(String gameId, String player) {
        return LegalMoves.of(gameId, player);
    }

    private long events(String gameId) {
        return TestInfrastructure.postgres()
                .count("tessera_game", "SELECT count(*) FROM events WHERE stream_id = '" + gameId + "'");
    }

    private static double unread() {
        return metric("tessera_moves_unread_total");
    }

    private static double rejected(String rule) {
        return metric("tessera_moves_total{", "result=\"rejected\"", "rule=\"" + rule + "\"");
    }

    /** The value of the metric line that starts with {@code start} and holds every one of {@code parts}; 0 if none. */
    private static double metric(String start, String... parts) {
        String metrics =
                given().get("/q/metrics").then().statusCode(200).extract().asString();
        return metrics.lines()
                .filter(l -> l.startsWith(start) && List.of(parts).stream().allMatch(l::contains))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)))
                .sum();
    }
}
