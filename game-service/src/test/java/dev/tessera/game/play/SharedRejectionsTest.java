package dev.tessera.game.play;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.EventCodec;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.Topics;
import dev.tessera.events.game.GameStarted;
import dev.tessera.game.StartedTables;
import dev.tessera.game.rules.AnyTitle;
import dev.tessera.game.rules.GameSetup;
import dev.tessera.game.rules.RulesEngine;
import dev.tessera.infra.TestInfrastructure;
import dev.tessera.kit.eventing.EventStore;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The checks every game needs, through the API, in every title: a move by someone without a seat, out of turn, at a
 * stale version and after the end is answered with the same status, problem type and rule whatever the game, and
 * writes nothing. The rules' side, move by move through whole games: {@code rules.MoveChecksTest}.
 */
@QuarkusTest
class SharedRejectionsTest {
    private static final String PLAYER = "X-Tessera-Player";
    private static final String ILLEGAL_MOVE = "https://tessera.dev/problems/illegal-move";
    private final EventCodec codec = new EventCodec();

    @Inject
    EventStore store;

    @Inject
    Engines engines;

    @Inject
    GameService games;

    /** What a rejection looks like to a client. */
    record Answer(int status, String type, String rule) {}

    @Test
    void a_stranger_a_move_out_of_turn_a_stale_version_and_a_move_after_the_end_are_the_same_problem_in_every_title()
            throws Throwable {
        Map<String, Answer> expected = new LinkedHashMap<>();
        expected.put("stranger", new Answer(422, ILLEGAL_MOVE, "not-a-player"));
        expected.put("out of turn", new Answer(422, ILLEGAL_MOVE, "not-your-turn"));
        expected.put(
                "stale version", new Answer(409, "https://tessera.dev/problems/version-conflict", "version-conflict"));
        expected.put("player after the end", new Answer(422, ILLEGAL_MOVE, "game-over"));
        expected.put("stranger after the end", new Answer(422, ILLEGAL_MOVE, "game-over"));

        for (String title : List.of("alhambra", "carrara", "builders")) {
            String gameId = StartedTables.start(title, List.of("ana", "bob"), Map.of());
            String mover = given().get("/api/v1/games/" + gameId)
                    .then()
                    .statusCode(200)
                    .extract()
                    .path("toAct");
            String other = mover.equals("ana") ? "bob" : "ana";
            JsonNode move = moves(gameId, mover).get(0);
            Map<String, Answer> answers = new LinkedHashMap<>();
            answers.put("stranger", rejected(gameId, "mallory", 1, move));
            answers.put("out of turn", rejected(gameId, other, 1, move));
            answers.put("stale version", rejected(gameId, mover, 0, move));

            Ended ended = playedToTheEnd(gameId);
            given().get("/api/v1/games/" + gameId)
                    .then()
                    .statusCode(200)
                    .body("over", org.hamcrest.Matchers.equalTo(true));
            answers.put("player after the end", rejected(gameId, mover, ended.version(), ended.lastMove()));
            answers.put("stranger after the end", rejected(gameId, "mallory", ended.version(), ended.lastMove()));
            assertEquals(expected, answers, title);
        }
    }

    /** POSTs {@code move} for {@code player} at {@code version}: a problem, and the stream as it was. */
    private Answer rejected(String gameId, String player, long version, JsonNode move) {
        long before = events(gameId);
        Response response = given().header(PLAYER, player)
                .contentType(ContentType.JSON)
                .body(Map.of("expectedVersion", version, "move", move))
                .post("/api/v1/games/" + gameId + "/moves");
        response.then().contentType("application/problem+json");
        assertEquals(before, events(gameId), "a rejected move wrote nothing: " + response.asString());
        return new Answer(response.statusCode(), response.path("type"), response.path("rule"));
    }

    private record Ended(long version, JsonNode lastMove) {}

    /**
     * The game played to its end: by the rules in memory from its recorded GameStarted (random moves of whoever may move,
     * scoring-service's answers nothing paid), its events appended to its stream as the moves would have appended them.
     * (Each move through the API would take minutes for whole games on two cores; the moves' own path is
     * GameLifeTest's.)
     */
    private <S, M, E> Ended playedToTheEnd(String gameId) throws Throwable {
        GameStarted started = (GameStarted) store.event(
                VertxContextSupport.subscribeAndAwait(() -> Panache.withSession(() -> store.at(gameId, 1))));
        RulesEngine<S, M, E> engine = engines.get(started.game());
        AnyTitle.Played<S, M, E> game = AnyTitle.play(
                engine,
                new GameSetup(started.players(), started.seed(), started.options()),
                new Random(started.seed()),
                (state, legal, mover, move) -> {});
        List<TesseraEvent> events =
                game.events().stream().map(e -> (TesseraEvent) e).toList();
        VertxContextSupport.subscribeAndAwait(
                () -> Panache.withTransaction(() -> store.append(gameId, 1, events, Topics.GAME_EVENTS)));
        long version = 1 + events.size();
        assertEquals(version, events(gameId));
        assertTrue(engine.isOver(game.end()));
        return new Ended(version, games.movesJson(engine, List.of(game.last())).get(0));
    }

    private List<JsonNode> moves(String gameId, String player) {
        List<?> json = given().header(PLAYER, player)
                .get("/api/v1/games/" + gameId + "/legal-moves")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("moves");
        return List.of(codec.mapper().convertValue(json, JsonNode[].class));
    }

    private long events(String gameId) {
        return TestInfrastructure.postgres()
                .count("tessera_game", "SELECT count(*) FROM events WHERE stream_id = '" + gameId + "'");
    }
}
