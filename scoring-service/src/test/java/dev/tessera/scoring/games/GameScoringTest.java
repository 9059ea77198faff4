package dev.tessera.scoring.games;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.Topics;
import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.events.alhambra.TileInfo;
import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.events.builders.PlayerTally;
import dev.tessera.events.carrara.ValuationRequested;
import dev.tessera.events.game.GameStarted;
import dev.tessera.events.game.MovesTakenBack;
import dev.tessera.infra.TestInfrastructure;
import dev.tessera.infra.TestKafka;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** scoring-service fed real records on game-events, answering on scoring-events. */
@QuarkusTest
class GameScoringTest {
    private final EventCodec codec = new EventCodec();

    private void send(String gameId, long version, TesseraEvent event) {
        send(gameId, codec.envelope("/tessera/game-service", gameId, version, event, OffsetDateTime.now()));
    }

    private void send(String gameId, CloudEvent envelope) {
        TestKafka.produce(TestInfrastructure.bootstrapServers(), Topics.GAME_EVENTS, gameId, codec.write(envelope));
    }

    private List<CloudEvent> answers(String gameId) {
        return TestKafka.readAll(TestInfrastructure.bootstrapServers(), Topics.SCORING_EVENTS).stream()
                .filter(r -> gameId.equals(r.key()))
                .map(r -> codec.readEnvelope(r.value()))
                .toList();
    }

    private void awaitProcessed(CloudEvent event) {
        await().atMost(Duration.ofSeconds(20))
                .until(() -> TestInfrastructure.postgres()
                                .count(
                                        "tessera_scoring",
                                        "SELECT count(*) FROM processed_events WHERE event_id = '" + event.id() + "'")
                        == 1);
    }

    @Test
    void an_alhambra_round_is_scored_from_the_games_events_once_with_dirk_ranking_but_not_scoring() {
        String gameId = UUID.randomUUID().toString();
        // Dirk starts with two pavilions (from the initial state only) and receives a tower after round 1.
        JsonNode initial = codec.mapper()
                .valueToTree(Map.of(
                        "dirk", List.of(new TileInfo(6, "pavilion", 2, "NEW"), new TileInfo(7, "pavilion", 3, "SW"))));
        send(gameId, 1, new GameStarted(gameId, "t", "alhambra", List.of("ana", "bob"), 1L, Map.of(), initial));
        send(gameId, 2, new AlhambraEvent.TilePlaced("ana", new TileInfo(50, "tower", 8, "NES"), 1, 0, "pending"));
        send(gameId, 3, new AlhambraEvent.TilePlaced("bob", new TileInfo(11, "pavilion", 7, "E"), 0, 1, "pending"));
        send(
                gameId,
                4,
                new AlhambraEvent.TileReserved("bob", new TileInfo(20, "arcades", 4, "NES"), "pending", null, null));
        CloudEvent trigger = codec.envelope(
                "/tessera/game-service", gameId, 5, new AlhambraEvent.ScoringRoundTriggered(1), OffsetDateTime.now());
        send(gameId, trigger);
        send(gameId, trigger);
        // A second, distinct trigger of the same round (a replayed stream, say) must not score it again.
        send(gameId, 6, new AlhambraEvent.ScoringRoundTriggered(1));

        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertEquals(1, answers(gameId).size()));
        CloudEvent scored = answers(gameId).get(0);
        assertEquals("tessera.scoring.ScoringRoundScored", scored.type());
        assertEquals(1L, scored.streamversion());
        // The round happened when its trigger did: made again from the same game-events, it is the same (ADR 0009).
        assertEquals(trigger.time().toInstant(), scored.time().toInstant());
        JsonNode scores = scored.data().get("scores");
        // Round 1 pays 1st place only: ana's lone tower takes it (Dirk has none); bob's one pavilion is
        // beaten by Dirk's two, so bob scores no pavilion points; the reserved arcades never count.
        assertEquals("ana", scores.get(0).get("player").asText());
        assertEquals(6, scores.get(0).get("byType").get("tower").asInt());
        assertEquals("bob", scores.get(1).get("player").asText());
        assertEquals(0, scores.get(1).get("buildings").asInt());
        assertEquals(1, scores.get(1).get("wall").asInt());
        assertEquals(
                scores.get(1).get("wall").asInt(), scores.get(1).get("total").asInt());
    }

    /** Round 1's points of {@code player} by building type, from the game's only answer. */
    private JsonNode roundOnePoints(String gameId, String player) {
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertEquals(1, answers(gameId).size()));
        for (JsonNode s : answers(gameId).get(0).data().get("scores")) {
            if (s.get("player").asText().equals(player)) {
                return s.get("byType");
            }
        }
        throw new AssertionError(player + " has no score in " + answers(gameId));
    }

    private long tileChanges(String gameId) {
        return TestInfrastructure.postgres()
                .count(
                        "tessera_scoring",
                        "SELECT count(*) FROM alhambra_tile_changes WHERE game_id = '" + gameId + "'");
    }

    /**
     * A redesign taken back: the tile it moved to the reserve is back in the Alhambra, and the tile it placed, which
     * had not been placed before, is gone again; the round scores the Alhambra as it was at the undo's toVersion.
     */
    @Test
    void a_round_after_moves_taken_back_scores_the_alhambra_as_it_was_before_them() {
        String gameId = UUID.randomUUID().toString();
        send(gameId, 1, new GameStarted(gameId, "t", "alhambra", List.of("ana", "bob", "cyd"), 1L, Map.of(), null));
        send(gameId, 2, new AlhambraEvent.TilePlaced("ana", new TileInfo(50, "tower", 8, "NES"), 1, 0, "pending"));
        send(gameId, 3, new AlhambraEvent.TurnEnded("ana", "bob"));
        send(gameId, 4, new AlhambraEvent.TilePlaced("bob", new TileInfo(51, "pavilion", 7, "E"), 0, 1, "pending"));
        send(gameId, 5, new AlhambraEvent.TurnEnded("bob", "cyd"));
        send(gameId, 6, new AlhambraEvent.TurnEnded("cyd", "ana"));
        // ana redesigns: the tower to the reserve, a garden from the market into the Alhambra; then takes it back.
        send(gameId, 7, new AlhambraEvent.TileReserved("ana", new TileInfo(50, "tower", 8, "NES"), "alhambra", 1, 0));
        send(gameId, 8, new AlhambraEvent.TilePlaced("ana", new TileInfo(52, "garden", 6, "N"), 0, 1, "pending"));
        CloudEvent undo = codec.envelope(
                "/tessera/game-service", gameId, 9, new MovesTakenBack(gameId, "ana", 6, 2), OffsetDateTime.now());
        send(gameId, undo);
        send(gameId, undo);
        send(gameId, 10, new AlhambraEvent.ScoringRoundTriggered(1));

        JsonNode ana = roundOnePoints(gameId, "ana");
        assertEquals(6, ana.path("tower").asInt(), "ana's tower is back in her Alhambra: " + ana);
        assertEquals(0, ana.path("garden").asInt(), "the garden is not: " + ana);
        assertEquals(1, roundOnePoints(gameId, "bob").path("pavilion").asInt());
        awaitProcessed(undo);
        assertEquals(0, tileChanges(gameId), "a scoring round forgets the changes: no undo goes back past it");
    }

    /**
     * In a two-player game: a swap taken back, tiles given to Dirk taken back (they leave the table: Dirk does not
     * outrank ana's tower with them), then a second swap taken back by an undo that goes back over both earlier ones,
     * whose changes are not put back a second time.
     */
    @Test
    void undos_after_undos_take_back_a_swap_and_tiles_given_to_dirk_each_once() {
        String gameId = UUID.randomUUID().toString();
        undosAfterUndos(gameId).forEach(event -> send(gameId, event));
        assertUndosAfterUndosScored(gameId);
    }

    /**
     * The same events published at once come in one poll or a few, whose records are applied in one transaction
     * each: a tile taken back (its row deleted) and placed again in the same transaction, the changes an undo puts
     * back read from rows the same transaction wrote. The round is the same as when each came alone.
     */
    @Test
    void undos_after_undos_published_at_once_are_scored_as_when_they_came_one_by_one() {
        String gameId = UUID.randomUUID().toString();
        TestKafka.produceAll(
                TestInfrastructure.bootstrapServers(),
                Topics.GAME_EVENTS,
                gameId,
                undosAfterUndos(gameId).stream().map(codec::write).toList());
        assertUndosAfterUndosScored(gameId);
        assertEquals(
                0,
                TestKafka.readAll(TestInfrastructure.bootstrapServers(), "scoring-service.dlq").stream()
                        .filter(r -> gameId.equals(r.key()))
                        .count(),
                "nothing dead-lettered");
    }

    private List<CloudEvent> undosAfterUndos(String gameId) {
        TileInfo tower = new TileInfo(59, "tower", 9, "");
        TileInfo garden = new TileInfo(60, "garden", 6, "");
        TileInfo reserved = new TileInfo(61, "tower", 8, "");
        List<TesseraEvent> events = List.of(
                new GameStarted(gameId, "t", "alhambra", List.of("ana", "bob"), 1L, Map.of(), null),
                new AlhambraEvent.TilePlaced("ana", tower, 0, 1, "pending"),
                new AlhambraEvent.TilePlaced("ana", garden, 1, 0, "pending"),
                new AlhambraEvent.TileReserved("ana", reserved, "pending", null, null),
                new AlhambraEvent.TurnEnded("ana", "bob"),
                new AlhambraEvent.TurnEnded("bob", "ana"),
                new AlhambraEvent.TilesSwapped("ana", reserved, garden, 1, 0),
                new MovesTakenBack(gameId, "ana", 6, 1),
                new AlhambraEvent.TilesGivenToDirk(
                        "ana", List.of(new TileInfo(62, "tower", 5, ""), new TileInfo(63, "tower", 6, ""))),
                new MovesTakenBack(gameId, "ana", 8, 1),
                new AlhambraEvent.TilesSwapped("ana", reserved, garden, 1, 0),
                new MovesTakenBack(gameId, "ana", 6, 1),
                new AlhambraEvent.TurnEnded("ana", "bob"),
                new AlhambraEvent.ScoringRoundTriggered(1));
        List<CloudEvent> envelopes = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            envelopes.add(codec.envelope("/tessera/game-service", gameId, i + 1, events.get(i), OffsetDateTime.now()));
        }
        return envelopes;
    }

    private void assertUndosAfterUndosScored(String gameId) {
        JsonNode ana = roundOnePoints(gameId, "ana");
        assertEquals(6, ana.path("tower").asInt(), "one tower, Dirk none: " + ana);
        assertEquals(5, ana.path("garden").asInt(), "the garden is back on its square: " + ana);
    }

    /** The changes an undo may put back are kept for the current turn only: a turn's end forgets the earlier ones. */
    @Test
    void a_turns_end_forgets_the_tile_changes_made_before_it() {
        String gameId = UUID.randomUUID().toString();
        send(gameId, 1, new GameStarted(gameId, "t", "alhambra", List.of("ana", "bob"), 1L, Map.of(), null));
        CloudEvent placed = codec.envelope(
                "/tessera/game-service",
                gameId,
                2,
                new AlhambraEvent.TilePlaced("ana", new TileInfo(50, "tower", 8, "NES"), 1, 0, "pending"),
                OffsetDateTime.now());
        send(gameId, placed);
        awaitProcessed(placed);
        assertEquals(1, tileChanges(gameId));

        send(gameId, 3, new AlhambraEvent.TurnEnded("ana", "bob"));
        awaitLastVersion(gameId, 3);
        assertEquals(0, tileChanges(gameId), "moved on and forgotten in one statement");
    }

    /**
     * A tile's moves are applied without their game's row (HandlerTable.byGameId): the batch's advance moves the game
     * on for them, and the tiles are where the moves put them.
     */
    @Test
    void a_tiles_moves_move_their_game_on_and_put_the_tile_where_they_say() {
        String gameId = UUID.randomUUID().toString();
        send(gameId, 1, new GameStarted(gameId, "t", "alhambra", List.of("ana", "bob"), 1L, Map.of(), null));
        send(gameId, 2, new AlhambraEvent.TilePlaced("ana", new TileInfo(50, "tower", 8, "NES"), 1, 0, "pending"));
        awaitLastVersion(gameId, 2);
        assertEquals(1, tiles(gameId, "tile_id = 50 AND owner = 'ana' AND in_alhambra AND x = 1 AND y = 0"));

        send(
                gameId,
                3,
                new AlhambraEvent.TilesSwapped(
                        "ana", new TileInfo(11, "pavilion", 7, "E"), new TileInfo(50, "tower", 8, "NES"), 1, 0));
        awaitLastVersion(gameId, 3);
        assertEquals(1, tiles(gameId, "tile_id = 50 AND NOT in_alhambra AND x IS NULL"), "the tower is in the reserve");
        assertEquals(1, tiles(gameId, "tile_id = 11 AND in_alhambra AND x = 1 AND y = 0"), "the pavilion in its place");
    }

    private static void awaitLastVersion(String gameId, int version) {
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() ->
                        given().get("/api/v1/scoring/games/" + gameId).then().body("lastVersion", equalTo(version)));
    }

    /** The game's rows of alhambra_tiles that match {@code where}. */
    private static long tiles(String gameId, String where) {
        return TestInfrastructure.postgres()
                .count(
                        "tessera_scoring",
                        "SELECT count(*) FROM alhambra_tiles WHERE game_id = '" + gameId + "' AND " + where);
    }

    @Test
    void round_three_is_followed_by_the_final_standings_summed_over_the_rounds() {
        String gameId = UUID.randomUUID().toString();
        send(gameId, 1, new GameStarted(gameId, "t", "alhambra", List.of("ana", "bob", "cyd"), 1L, Map.of(), null));
        send(gameId, 2, new AlhambraEvent.TilePlaced("ana", new TileInfo(50, "tower", 8, "NES"), 1, 0, "pending"));
        send(gameId, 3, new AlhambraEvent.ScoringRoundTriggered(1));
        send(gameId, 4, new AlhambraEvent.TilePlaced("bob", new TileInfo(51, "tower", 9, "ES"), 1, 0, "pending"));
        send(gameId, 5, new AlhambraEvent.TilePlaced("bob", new TileInfo(52, "tower", 9, "NE"), 1, -1, "pending"));
        send(gameId, 6, new AlhambraEvent.ScoringRoundTriggered(2));
        send(gameId, 7, new AlhambraEvent.ScoringRoundTriggered(3));
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertEquals(4, answers(gameId).size()));
        CloudEvent standings = answers(gameId).get(3);
        assertEquals("tessera.scoring.FinalStandings", standings.type());
        JsonNode rows = standings.data().get("standings");
        int anaTotal = 0;
        int bobTotal = 0;
        for (CloudEvent round : answers(gameId).subList(0, 3)) {
            for (JsonNode s : round.data().get("scores")) {
                anaTotal +=
                        s.get("player").asText().equals("ana") ? s.get("total").asInt() : 0;
                bobTotal +=
                        s.get("player").asText().equals("bob") ? s.get("total").asInt() : 0;
            }
        }
        assertEquals("bob", rows.get(0).get("player").asText());
        assertEquals(bobTotal, rows.get(0).get("score").asInt());
        assertEquals(anaTotal, rows.get(1).get("score").asInt());
        assertEquals(3, rows.get(2).get("rank").asInt());
        assertEquals(0, rows.get(2).get("score").asInt());
    }

    @Test
    void a_sandbox_game_with_no_table_is_scored_as_any_game_to_its_final_standings() {
        // A fork of a finished game: its seats are the original's players, one of whom plays them all; no table.
        String original = UUID.randomUUID().toString();
        String gameId = UUID.randomUUID().toString();
        send(
                gameId,
                1,
                new GameStarted(
                        gameId,
                        null,
                        "alhambra",
                        List.of("ana", "bob"),
                        1L,
                        Map.of(),
                        null,
                        true,
                        new GameStarted.Fork(original, 1, "bob"),
                        null,
                        null));
        send(gameId, 2, new AlhambraEvent.TilePlaced("ana", new TileInfo(50, "tower", 8, "NES"), 1, 0, "pending"));
        send(gameId, 3, new AlhambraEvent.ScoringRoundTriggered(1));
        send(gameId, 4, new AlhambraEvent.ScoringRoundTriggered(2));
        send(gameId, 5, new AlhambraEvent.ScoringRoundTriggered(3));
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertEquals(4, answers(gameId).size()));
        List<CloudEvent> answers = answers(gameId);
        for (CloudEvent round : answers.subList(0, 3)) {
            assertEquals("tessera.scoring.ScoringRoundScored", round.type());
        }
        CloudEvent standings = answers.get(3);
        assertEquals("tessera.scoring.FinalStandings", standings.type());
        JsonNode rows = standings.data().get("standings");
        assertEquals("ana", rows.get(0).get("player").asText());
        assertEquals(1, rows.get(0).get("rank").asInt());
        assertEquals("bob", rows.get(1).get("player").asText());
    }

    @Test
    void builders_game_end_becomes_final_standings() {
        String gameId = UUID.randomUUID().toString();
        send(gameId, 1, new GameStarted(gameId, "t", "builders", List.of("ana", "bob"), 1L, Map.of(), null));
        CloudEvent finished = codec.envelope(
                "/tessera/game-service",
                gameId,
                2,
                new BuildersEvent.GameFinished(
                        "bob",
                        "target-reached",
                        9,
                        List.of(new PlayerTally("ana", 17, 25, 6), new PlayerTally("bob", 18, 9, 7))),
                OffsetDateTime.now());
        send(gameId, finished);
        send(gameId, finished);
        awaitProcessed(finished);
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertEquals(1, answers(gameId).size()));
        JsonNode rows = answers(gameId).get(0).data().get("standings");
        assertEquals("ana", rows.get(0).get("player").asText());
        assertEquals(19, rows.get(0).get("score").asInt());
        assertEquals(1, rows.get(0).get("rank").asInt());
        assertEquals(18, rows.get(1).get("score").asInt());
    }

    @Test
    void a_carrara_valuation_request_is_answered_once() {
        String gameId = UUID.randomUUID().toString();
        send(gameId, 1, new GameStarted(gameId, "t", "carrara", List.of("ana", "bob"), 1L, Map.of(), null));
        ValuationRequested request = new ValuationRequested(
                1,
                "ana",
                "city",
                "Pisa",
                List.of(new ValuationRequested.Building("Pisa", "Palazzo", 3, "crown", 0)),
                List.of(new ValuationRequested.City("Pisa", 3, "vp")),
                Map.of("crown", 2));
        CloudEvent asked = codec.envelope("/tessera/game-service", gameId, 2, request, OffsetDateTime.now());
        send(gameId, asked);
        send(gameId, asked);
        awaitProcessed(asked);
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertEquals(1, answers(gameId).size()));
        CloudEvent answer = answers(gameId).get(0);
        assertEquals("tessera.carrara.ValuationScored", answer.type());
        assertEquals(1, answer.data().get("valuation").asInt());
        assertEquals("ana", answer.data().get("player").asText());
        assertEquals(
                9, answer.data().get("vp").asInt() + answer.data().get("coins").asInt());
    }
}
