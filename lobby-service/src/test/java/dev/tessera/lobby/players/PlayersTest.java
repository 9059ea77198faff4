package dev.tessera.lobby.players;

import static dev.tessera.lobby.Lobby.gameEvent;
import static dev.tessera.lobby.Lobby.player;
import static dev.tessera.lobby.Lobby.processed;
import static dev.tessera.lobby.Lobby.produce;
import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.game.GameEnded;
import dev.tessera.events.game.GameStarted;
import dev.tessera.events.game.SeatTakenByBot;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;

/** Profiles, histories, ratings and leaderboards, fed only by records on game-events. */
@QuarkusTest
class PlayersTest {
    private static final String CONSUMER = PlayersReadModel.CONSUMER;
    private static final OffsetDateTime DAY = OffsetDateTime.parse("2024-03-01T12:00:00Z");

    @Test
    void a_sequence_of_games_rates_the_players_and_an_abandoner_ranks_last_whatever_the_score() {
        String ana = player("ana");
        String bob = player("bob");
        String cyd = player("cyd");
        // Ana leads on points but abandons; a bot finishes her seat. Rated: bob 1st, cyd 2nd, ana last.
        String first = game();
        play(
                started(first, "carrara", DAY, ana, bob, cyd),
                gameEvent(first, 2, new SeatTakenByBot(first, ana, "bot-1", "timeout"), DAY.plusMinutes(30)),
                gameEvent(
                        first,
                        3,
                        new GameEnded(first, List.of(standing(ana, 50, 1), standing(bob, 40, 2), standing(cyd, 30, 3))),
                        DAY.plusHours(1)));
        // 3 players, all 1500: first +16, second 0, last -16.
        rating(ana, "carrara", 1484);
        rating(bob, "carrara", 1516);
        rating(cyd, "carrara", 1500);

        // Cyd (1500) beats bob (1516): 32 × (1 - 1 / (1 + 10^(16/400))) = 16.74 → ±17.
        String second = game();
        play(
                started(second, "carrara", DAY.plusHours(2), bob, cyd),
                gameEvent(
                        second,
                        2,
                        new GameEnded(second, List.of(standing(cyd, 60, 1), standing(bob, 55, 2))),
                        DAY.plusHours(3)));
        rating(bob, "carrara", 1499);
        rating(cyd, "carrara", 1517);

        given().get("/api/v1/players/" + ana)
                .then()
                .statusCode(200)
                .body("id", equalTo(ana))
                .body("gamesPlayed", equalTo(1))
                .body("gamesFinished", equalTo(1))
                .body("abandoned", equalTo(1))
                .body(
                        "ratings",
                        equalTo(List.of(
                                Map.of("game", "carrara", "rating", 1484, "games", 1, "wins", 0, "abandoned", 1))));
        given().get("/api/v1/players/" + bob)
                .then()
                .statusCode(200)
                .body("gamesPlayed", equalTo(2))
                .body("gamesFinished", equalTo(2))
                .body("abandoned", equalTo(0))
                .body(
                        "ratings",
                        equalTo(List.of(
                                Map.of("game", "carrara", "rating", 1499, "games", 2, "wins", 1, "abandoned", 0))));
        given().get("/api/v1/players/" + cyd)
                .then()
                .body(
                        "ratings",
                        equalTo(List.of(
                                Map.of("game", "carrara", "rating", 1517, "games", 2, "wins", 1, "abandoned", 0))));

        // Bob's history, newest first, with his rating around each game.
        given().get("/api/v1/players/" + bob + "/games")
                .then()
                .statusCode(200)
                .body("gameId", contains(second, first))
                .body("[0].players", contains(bob, cyd))
                .body("[0].status", equalTo("finished"))
                .body("[0].rank", equalTo(2))
                .body("[0].score", equalTo(55))
                .body("[0].abandoned", equalTo(false))
                .body("[0].ratingBefore", equalTo(1516))
                .body("[0].ratingAfter", equalTo(1499))
                .body("[1].tableId", equalTo("table-of-" + first))
                .body("[1].game", equalTo("carrara"))
                .body("[1].players", contains(ana, bob, cyd))
                .body("[1].startedAt", notNullValue())
                .body("[1].endedAt", notNullValue())
                .body("[1].ratingBefore", equalTo(1500))
                .body("[1].ratingAfter", equalTo(1516));
        // Ana's record keeps her place on points, and that she abandoned.
        given().get("/api/v1/players/" + ana + "/games")
                .then()
                .body("[0].rank", equalTo(1))
                .body("[0].score", equalTo(50))
                .body("[0].abandoned", equalTo(true))
                .body("[0].ratingAfter", equalTo(1484));
        given().get("/api/v1/players/" + bob + "/games?limit=1").then().body("gameId", contains(second));
    }

    @Test
    void a_game_being_played_is_in_the_history_and_an_unknown_player_has_an_empty_profile() {
        String dan = player("dan");
        String eve = player("eve");
        String playing = game();
        play(started(playing, "alhambra", DAY, dan, eve));
        given().get("/api/v1/players/" + dan)
                .then()
                .statusCode(200)
                .body("gamesPlayed", equalTo(1))
                .body("gamesFinished", equalTo(0))
                .body("ratings", empty());
        given().get("/api/v1/players/" + dan + "/games")
                .then()
                .statusCode(200)
                .body("gameId", contains(playing))
                .body("[0].status", equalTo("playing"))
                .body("[0].players", contains(dan, eve))
                .body("[0].endedAt", nullValue())
                .body("[0].rank", nullValue())
                .body("[0].ratingAfter", nullValue());

        String nobody = player("nobody");
        given().get("/api/v1/players/" + nobody)
                .then()
                .statusCode(200)
                .body("id", equalTo(nobody))
                .body("gamesPlayed", equalTo(0))
                .body("gamesFinished", equalTo(0))
                .body("abandoned", equalTo(0))
                .body("ratings", empty());
        given().get("/api/v1/players/" + nobody + "/games")
                .then()
                .statusCode(200)
                .body("$", empty());
        for (String bad : List.of("0", "101", "ten", "-1")) {
            given().get("/api/v1/players/" + dan + "/games?limit=" + bad)
                    .then()
                    .statusCode(400)
                    .contentType("application/problem+json")
                    .body("field", equalTo("limit"));
        }
    }

    @Test
    void games_delivered_in_reverse_order_of_their_end_give_the_same_ratings() {
        // x beats y in the earlier game, y beats x in the later one. Applied in that order: x 1516 then 1499,
        // y 1484 then 1501. Applied the other way round they would end at x 1501, y 1499.
        OffsetDateTime earlyEnd = DAY.plusDays(10);
        OffsetDateTime lateEnd = DAY.plusDays(11);

        String x1 = player("x");
        String y1 = player("y");
        String early1 = game();
        String late1 = game();
        play(started(early1, "alhambra", earlyEnd.minusHours(1), x1, y1), ended(early1, earlyEnd, x1, y1));
        play(started(late1, "alhambra", lateEnd.minusHours(1), x1, y1), ended(late1, lateEnd, y1, x1));

        String x2 = player("x");
        String y2 = player("y");
        String early2 = game();
        String late2 = game();
        play(started(late2, "alhambra", lateEnd.minusHours(1), x2, y2), ended(late2, lateEnd, y2, x2));
        play(started(early2, "alhambra", earlyEnd.minusHours(1), x2, y2), ended(early2, earlyEnd, x2, y2));

        for (String x : List.of(x1, x2)) {
            rating(x, "alhambra", 1499);
            given().get("/api/v1/players/" + x + "/games")
                    .then()
                    .body("ratingBefore", contains(1516, 1500))
                    .body("ratingAfter", contains(1499, 1516));
        }
        for (String y : List.of(y1, y2)) {
            rating(y, "alhambra", 1501);
            given().get("/api/v1/players/" + y + "/games")
                    .then()
                    .body("ratingBefore", contains(1484, 1500))
                    .body("ratingAfter", contains(1501, 1484));
        }
    }

    @Test
    void a_game_end_delivered_twice_is_rated_once() {
        String pat = player("pat");
        String quin = player("quin");
        String id = game();
        CloudEvent end = ended(id, DAY.plusDays(20), pat, quin);
        play(started(id, "builders", DAY.plusDays(20).minusHours(1), pat, quin), end);
        rating(pat, "builders", 1516);

        produce(end);
        // A later record of the same game (same partition) is processed only after the duplicate.
        CloudEvent marker = gameEvent(id, 4, new SeatTakenByBot(id, pat, "bot-1", "timeout"), DAY.plusDays(21));
        play(marker);
        assertEquals(1, processed(CONSUMER, end.id()));
        given().get("/api/v1/players/" + pat)
                .then()
                .body("gamesFinished", equalTo(1))
                .body("abandoned", equalTo(0))
                .body("ratings[0].rating", equalTo(1516))
                .body("ratings[0].games", equalTo(1));
        given().get("/api/v1/players/" + quin)
                .then()
                .body("ratings[0].rating", equalTo(1484))
                .body("ratings[0].games", equalTo(1));
    }

    @Test
    void the_leaderboard_is_best_first_and_equal_ratings_share_a_rank() {
        String la = player("la");
        String lb = player("lb");
        String lc = player("lc");
        String ld = player("ld");
        String one = game();
        String two = game();
        play(
                started(one, "builders", DAY.plusDays(30), la, lb),
                ended(one, DAY.plusDays(30).plusHours(1), la, lb));
        play(
                started(two, "builders", DAY.plusDays(30), lc, ld),
                gameEvent(
                        two,
                        2,
                        new GameEnded(two, List.of(standing(lc, 20, 1), standing(ld, 20, 1))),
                        DAY.plusDays(30).plusHours(2)));

        JsonPath board = given().get("/api/v1/leaderboards/builders?limit=100")
                .then()
                .statusCode(200)
                .body("game", equalTo("builders"))
                .extract()
                .jsonPath();
        List<Map<String, Object>> entries = board.getList("entries");
        List<Object> ranks = entries.stream().map(e -> e.get("rank")).toList();
        for (int i = 1; i < entries.size(); i++) {
            int previous = (Integer) entries.get(i - 1).get("rating");
            int rating = (Integer) entries.get(i).get("rating");
            assertTrue(previous >= rating, "best first");
            assertEquals(previous == rating, ranks.get(i - 1).equals(ranks.get(i)), "equal ratings share a rank");
        }
        List<Map<String, Object>> ours = new ArrayList<>(entries.stream()
                .filter(e -> Set.of(la, lb, lc, ld).contains((String) e.get("player")))
                .toList());
        assertEquals(
                List.of(1516, 1500, 1500, 1484),
                ours.stream().map(e -> e.get("rating")).toList());
        assertEquals(la, ours.get(0).get("player"));
        assertEquals(
                Set.of(lc, ld), Set.of(ours.get(1).get("player"), ours.get(2).get("player")));
        assertEquals(ours.get(1).get("rank"), ours.get(2).get("rank"));
        assertEquals(lb, ours.get(3).get("player"));
        assertEquals(1, ours.get(0).get("games"));

        given().get("/api/v1/leaderboards/builders?limit=1")
                .then()
                .body("entries.size()", equalTo(1))
                .body("entries[0].rank", equalTo(1));
        given().get("/api/v1/leaderboards/chess")
                .then()
                .statusCode(404)
                .contentType("application/problem+json")
                .body("game", equalTo("chess"));
        given().get("/api/v1/leaderboards/builders?limit=0")
                .then()
                .statusCode(400)
                .body("field", equalTo("limit"));
    }

    @Test
    void a_sandbox_game_leaves_every_history_rating_and_leaderboard_as_it_was_and_logs_no_warning() {
        String sia = player("sia");
        String tom = player("tom");
        String original = game();
        OffsetDateTime at = DAY.plusDays(40);
        play(started(original, "builders", at, sia, tom), ended(original, at.plusHours(1), sia, tom));
        rating(sia, "builders", 1516);
        JsonPath siaBefore =
                given().get("/api/v1/players/" + sia).then().extract().jsonPath();
        JsonPath tomBefore =
                given().get("/api/v1/players/" + tom).then().extract().jsonPath();
        List<Object> siaHistory = given().get("/api/v1/players/" + sia + "/games")
                .then()
                .extract()
                .jsonPath()
                .getList("$");
        List<Object> tomHistory = given().get("/api/v1/players/" + tom + "/games")
                .then()
                .extract()
                .jsonPath()
                .getList("$");
        List<Map<String, Object>> board = ours(sia, tom);

        List<LogRecord> warnings = new CopyOnWriteArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
                    warnings.add(record);
                }
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        java.util.logging.Logger log = java.util.logging.Logger.getLogger(PlayersReadModel.class.getName());
        log.addHandler(handler);
        try {
            // Tom forks the finished game at version 1 and plays every seat; Sia's seat is taken by a bot, and Tom
            // loses. Were it rated, Sia would lose rating and Tom win it.
            String fork = game();
            CloudEvent forkStarted = gameEvent(
                    fork,
                    1,
                    new GameStarted(
                            fork,
                            null,
                            "builders",
                            List.of(sia, tom),
                            7L,
                            Map.of("clock", "turn-based", "moveHours", "72"),
                            null,
                            true,
                            new GameStarted.Fork(original, 1, tom),
                            null,
                            null),
                    at.plusHours(2));
            play(
                    forkStarted,
                    gameEvent(fork, 2, new SeatTakenByBot(fork, sia, "bot-1", "timeout"), at.plusHours(2)),
                    gameEvent(
                            fork,
                            3,
                            new GameEnded(fork, List.of(standing(sia, 40, 1), standing(tom, 10, 2))),
                            at.plusHours(3)));
            // The table status consumer passed over the start of a game no table started (null tableId).
            assertEquals(1, processed("lobby.table-status", forkStarted.id()));

            // A game whose start was never seen still warns (the handler does see the read model's warnings).
            String unseen = game();
            play(ended(unseen, at.plusHours(4), sia, tom));
            assertEquals(1, warnings.size(), warnings.toString());
            LogRecord warning = warnings.get(0);
            assertTrue(
                    (warning.getMessage() + Arrays.toString(warning.getParameters())).contains(unseen),
                    warning.getMessage());
        } finally {
            log.removeHandler(handler);
        }

        assertEquals(
                siaBefore.getMap("$"),
                given().get("/api/v1/players/" + sia)
                        .then()
                        .extract()
                        .jsonPath()
                        .getMap("$"));
        assertEquals(
                tomBefore.getMap("$"),
                given().get("/api/v1/players/" + tom)
                        .then()
                        .extract()
                        .jsonPath()
                        .getMap("$"));
        assertEquals(
                siaHistory,
                given().get("/api/v1/players/" + sia + "/games")
                        .then()
                        .extract()
                        .jsonPath()
                        .getList("$"));
        assertEquals(
                tomHistory,
                given().get("/api/v1/players/" + tom + "/games")
                        .then()
                        .extract()
                        .jsonPath()
                        .getList("$"));
        assertEquals(board, ours(sia, tom), "the leaderboard");
        assertEquals(2, board.size());
        given().get("/api/v1/players/" + sia)
                .then()
                .body("gamesPlayed", equalTo(1))
                .body("abandoned", equalTo(0))
                .body("ratings[0].rating", equalTo(1516))
                .body("ratings[0].games", equalTo(1));
    }

    /** The builders leaderboard's entries of these players. */
    private static List<Map<String, Object>> ours(String... players) {
        List<Map<String, Object>> entries = given().get("/api/v1/leaderboards/builders?limit=100")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("entries");
        return entries.stream()
                .filter(e -> List.of(players).contains((String) e.get("player")))
                .toList();
    }

    private static String game() {
        return "game-" + UUID.randomUUID();
    }

    private static GameEnded.Standing standing(String player, int score, int rank) {
        return new GameEnded.Standing(player, score, rank);
    }

    private static CloudEvent started(String gameId, String title, OffsetDateTime at, String... players) {
        return gameEvent(
                gameId,
                1,
                new GameStarted(
                        gameId,
                        "table-of-" + gameId,
                        title,
                        List.of(players),
                        7L,
                        Map.of("clock", "turn-based", "moveHours", "72"),
                        null),
                at);
    }

    /** A two-player game's end: {@code winner} first. */
    private static CloudEvent ended(String gameId, OffsetDateTime at, String winner, String loser) {
        return gameEvent(
                gameId, 2, new GameEnded(gameId, List.of(standing(winner, 30, 1), standing(loser, 20, 2))), at);
    }

    /** Puts a game's records on game-events and waits until the players read model has applied the last. */
    private static void play(CloudEvent... events) {
        produce(events);
        CloudEvent last = events[events.length - 1];
        await().atMost(Duration.ofSeconds(30)).until(() -> processed(CONSUMER, last.id()) == 1);
    }

    private static void rating(String player, String title, int expected) {
        given().get("/api/v1/players/" + player)
                .then()
                .statusCode(200)
                .body("ratings.find { it.game == '" + title + "' }.rating", equalTo(expected));
    }
}
