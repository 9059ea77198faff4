package dev.tessera.lobby;

import static dev.tessera.lobby.Lobby.lobbyEvents;
import static dev.tessera.lobby.Lobby.outboxMentioning;
import static dev.tessera.lobby.Lobby.outboxOf;
import static dev.tessera.lobby.Lobby.player;
import static dev.tessera.lobby.Lobby.processed;
import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.Topics;
import dev.tessera.events.game.GameEnded;
import dev.tessera.events.game.GameStarted;
import dev.tessera.events.scoring.FinalStandings;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A table's status after its start follows its game (game-service's GameStarted, then GameEnded or scoring-service's
 * FinalStandings, whichever comes first), and each change is on the table's stream: PlayBegan, then TableFinished,
 * written with the change (outbox) and published once, whatever is delivered again.
 */
@QuarkusTest
class TableStatusTest {
    private static final String TABLE_STATUS = "lobby.table-status";
    private static final String STANDINGS = "lobby.standings";

    @Test
    void the_game_s_start_and_end_are_each_published_once_when_game_ended_comes_first() {
        startAndEnd(false);
    }

    @Test
    void the_game_s_start_and_end_are_each_published_once_when_the_final_standings_come_first() {
        startAndEnd(true);
    }

    /** A table started, its game started, then ended by both of its ends in the order given; then all of it delivered again. */
    private void startAndEnd(boolean standingsFirst) {
        String ana = player("ana");
        String bob = player("bob");
        String id = Lobby.startedTable("builders", ana, bob);
        String gameId = "game-of-" + id;
        OffsetDateTime now = OffsetDateTime.now();
        CloudEvent started = Lobby.gameEvent(
                gameId, 1, new GameStarted(gameId, id, "builders", List.of(ana, bob), 1L, Map.of(), null), now);

        Lobby.produce(started);
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> given().get("/api/v1/tables/" + id).then().body("status", equalTo("playing")));
        // Written in the transaction that made the table playing: there as soon as the table shows it.
        assertEquals(5, outboxOf(id));

        CloudEvent ended = Lobby.gameEnded(gameId, bob, ana, now.plusMinutes(1));
        CloudEvent standings = Lobby.finalStandings(gameId, bob, ana, now.plusMinutes(1));
        // One after the other, in the order the test is given: the first finishes the table, the second finds it so.
        if (standingsFirst) {
            finishWith(STANDINGS, Topics.SCORING_EVENTS, standings);
            finishWith(TABLE_STATUS, Topics.GAME_EVENTS, ended);
        } else {
            finishWith(TABLE_STATUS, Topics.GAME_EVENTS, ended);
            finishWith(STANDINGS, Topics.SCORING_EVENTS, standings);
        }
        given().get("/api/v1/tables/" + id).then().body("status", equalTo("finished"));
        // Everything delivered again: nothing changes, nothing more is published.
        Lobby.produceOn(Topics.GAME_EVENTS, started);
        Lobby.produceOn(Topics.GAME_EVENTS, ended);
        Lobby.produceOn(Topics.SCORING_EVENTS, standings);
        passedEverythingBefore(gameId);
        assertEquals(6, outboxOf(id));

        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertEquals(6, lobbyEvents(id).size()));
        List<CloudEvent> events = lobbyEvents(id);
        assertEquals(
                Stream.concat(
                                Lobby.STARTED_BY_TWO.stream(),
                                Stream.of("tessera.lobby.PlayBegan", "tessera.lobby.TableFinished"))
                        .toList(),
                events.stream().map(CloudEvent::type).toList());
        assertEquals(
                List.of(1L, 2L, 3L, 4L, 5L, 6L),
                events.stream().map(CloudEvent::streamversion).toList());
        for (CloudEvent e : events.subList(4, 6)) {
            assertEquals(id, e.data().get("tableId").asText(), e.toString());
            assertEquals(gameId, e.data().get("gameId").asText(), e.toString());
        }
    }

    /** A practice game has no table: its start, end and standings change no table and publish nothing. */
    @Test
    void a_sandbox_game_publishes_nothing() {
        String ana = player("ana");
        String gameId = "sandbox-" + UUID.randomUUID();
        OffsetDateTime now = OffsetDateTime.now();
        CloudEvent started = Lobby.gameEvent(
                gameId,
                1,
                new GameStarted(
                        gameId, null, "builders", List.of(ana, ana), 7L, Map.of(), null, true, null, null, null),
                now);
        CloudEvent ended = Lobby.gameEvent(
                gameId, 2, new GameEnded(gameId, List.of(new GameEnded.Standing(ana, 20, 1))), now.plusMinutes(1));
        CloudEvent standings = Lobby.CODEC.envelope(
                "/tessera/scoring-service",
                gameId,
                1,
                new FinalStandings(gameId, "builders", List.of(new FinalStandings.Standing(ana, 20, 1))),
                now.plusMinutes(1));

        Lobby.produce(started, ended);
        Lobby.produceOn(Topics.SCORING_EVENTS, standings);
        await().atMost(Duration.ofSeconds(20)).until(() -> processed(TABLE_STATUS, ended.id()) == 1);
        await().atMost(Duration.ofSeconds(20)).until(() -> processed(STANDINGS, standings.id()) == 1);

        assertEquals(0, outboxMentioning(gameId));
    }

    /** Delivers an end of the game and waits until {@code consumer} has applied it. */
    private static void finishWith(String consumer, String topic, CloudEvent end) {
        Lobby.produceOn(topic, end);
        await().atMost(Duration.ofSeconds(20)).until(() -> processed(consumer, end.id()) == 1);
    }

    /**
     * Waits until the lobby has consumed what was put on game-events and scoring-events for {@code gameId} so far: a
     * record under the game's key on each topic (the same partitions, after them), about a game of no table, is
     * applied.
     */
    private static void passedEverythingBefore(String gameId) {
        String other = "marker-" + UUID.randomUUID();
        CloudEvent gameMarker = Lobby.gameEvent(
                gameId,
                3,
                new GameStarted(other, "no-such-table", "builders", List.of("x", "y"), 1L, Map.of(), null),
                OffsetDateTime.now());
        CloudEvent scoringMarker = Lobby.CODEC.envelope(
                "/tessera/scoring-service",
                gameId,
                2,
                new FinalStandings(other, "builders", List.of()),
                OffsetDateTime.now());
        Lobby.produceOn(Topics.GAME_EVENTS, gameMarker);
        Lobby.produceOn(Topics.SCORING_EVENTS, scoringMarker);
        await().atMost(Duration.ofSeconds(20)).until(() -> processed(TABLE_STATUS, gameMarker.id()) == 1);
        await().atMost(Duration.ofSeconds(20)).until(() -> processed(STANDINGS, scoringMarker.id()) == 1);
    }
}
