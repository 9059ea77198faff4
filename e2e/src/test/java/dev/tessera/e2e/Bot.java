package dev.tessera.e2e;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;

import io.restassured.http.ContentType;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * A random player that knows nothing of the rules: it asks for the legal moves of whoever may move,
 * picks a kind of move, then one move of that kind (so that plentiful kinds, like Alhambra's
 * redesigns, do not crowd out the ones that move the game on), and sends it back verbatim.
 */
final class Bot {
    private final Random random;
    private final Duration patience;
    /** The next moves the last answer listed for its mover (toAct, version, moves), if it listed any. */
    private Map<String, Object> carried;

    private int checked;
    /** Moves played three times in four when listed (none by default): a player with a taste, still random. */
    private Predicate<Map<String, Object>> favoured = move -> false;

    private Runnable watcher = () -> {};

    /** Whether it plays a sandbox game's every seat, as its forker does. */
    private boolean everySeat;

    Bot(long seed) {
        this(seed, Duration.ofSeconds(30));
    }

    /** {@code patience}: how long to wait for a move while nobody it plays for may move. */
    Bot(long seed, Duration patience) {
        this.random = new Random(seed);
        this.patience = patience;
    }

    /**
     * A player who, when a listed move is of a kind it likes, plays one of those three times in four: for a test
     * that needs a part of the game that uniformly random play reaches only in some games.
     */
    Bot favouring(Predicate<Map<String, Object>> moves) {
        this.favoured = moves;
        return this;
    }

    /**
     * A forker playing their sandbox game: whichever seat is to act, they are, so every answer lists their next moves
     * while the game goes on.
     */
    Bot playingEverySeat() {
        this.everySeat = true;
        return this;
    }

    /** Runs {@code watcher} after each of its moves (and once before the first): a test that looks at every position. */
    Bot watching(Runnable watcher) {
        this.watcher = watcher;
        return this;
    }

    /**
     * Plays until {@code done} holds for the game's event types, or fails after {@code maxMoves}. The types are read as
     * a client following a stream would: only the events after the last version seen ({@code from}), so that a long
     * game does not read its whole stream again before every move.
     */
    int playUntil(String gameId, List<Account> players, Predicate<List<String>> done, int maxMoves) {
        List<String> types = new java.util.ArrayList<>();
        for (int moves = 0; moves < maxMoves; moves++) {
            watcher.run();
            if (done.test(readOn(gameId, types))) {
                return moves;
            }
            if (!moveOnce(gameId, players)) {
                // Nobody may move: the game waits for another service (a valuation, the final scoring).
                await().atMost(patience)
                        .until(() -> done.test(readOn(gameId, types))
                                || players.stream()
                                        .anyMatch(p -> !moves(legal(gameId, p)).isEmpty()));
            }
        }
        throw new AssertionError("game " + gameId + " did not reach the condition within " + maxMoves + " moves");
    }

    /** Adds to {@code types} the types of the events after the ones it holds, and answers it. */
    private static List<String> readOn(String gameId, List<String> types) {
        types.addAll(given().get("/api/v1/games/" + gameId + "/events?from=" + types.size())
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("type"));
        return types;
    }

    private boolean moveOnce(String gameId, List<Account> players) {
        // The last answer listed its mover's next moves: play from them, as a client that saves a read does.
        List<Account> askFirst = carried == null
                ? players
                : players.stream()
                        .filter(p -> p.id().equals(carried.get("toAct")))
                        .toList();
        for (Account player : askFirst) {
            Map<String, Object> legal = carried != null ? carried : legal(gameId, player);
            carried = null;
            List<Map<String, Object>> options = moves(legal);
            if (options.isEmpty()) {
                continue;
            }
            List<Map<String, Object>> liked = options.stream().filter(favoured).toList();
            if (!liked.isEmpty() && random.nextInt(4) != 0) {
                options = liked;
            }
            List<List<Map<String, Object>>> kinds = List.copyOf(options.stream()
                    .collect(Collectors.groupingBy(
                            m -> m.get("type"), java.util.LinkedHashMap::new, Collectors.toList()))
                    .values());
            List<Map<String, Object>> kind = kinds.get(random.nextInt(kinds.size()));
            Map<String, Object> move = kind.get(random.nextInt(kind.size()));
            io.restassured.response.Response answer = player.as()
                    .contentType(ContentType.JSON)
                    .body(Map.of("expectedVersion", legal.get("version"), "move", move))
                    // 409: the game moved on meanwhile (a scoring answer was recorded); the next round asks again.
                    .post("/api/v1/games/" + gameId + "/moves");
            answer.then().statusCode(org.hamcrest.Matchers.oneOf(200, 409));
            if (answer.statusCode() == 200) {
                carried = nextMoves(gameId, player, answer.jsonPath().getMap(""));
            }
            return true;
        }
        return false;
    }

    /**
     * A move's answer lists the mover's next moves exactly when the mover is to act again; the first few are checked
     * against legal-moves at the same version (unless another service's answer moved the game on since), the rest are
     * trusted, as a client would: a move from a wrong list would be refused and fail the test.
     *
     * @return the answer, to play from next, when it lists moves
     */
    private Map<String, Object> nextMoves(String gameId, Account player, Map<String, Object> answer) {
        Object next = answer.get("legalMoves");
        boolean again = everySeat ? answer.get("toAct") != null : player.id().equals(answer.get("toAct"));
        if (!again) {
            org.junit.jupiter.api.Assertions.assertNull(next, "next moves only for a mover who acts again: " + answer);
            return null;
        }
        org.junit.jupiter.api.Assertions.assertNotNull(next, "a mover who acts again gets their next moves: " + answer);
        if (checked++ < 5) {
            Map<String, Object> legal = legal(gameId, player);
            if (legal.get("version").equals(answer.get("version"))) {
                org.junit.jupiter.api.Assertions.assertEquals(
                        moves(legal), next, "the answer's next moves are the legal moves");
            }
        }
        return Map.of("toAct", player.id(), "version", answer.get("version"), "moves", next);
    }

    /** What {@code player} may play now in {@code gameId}, with the game's version. */
    static Map<String, Object> legal(String gameId, Account player) {
        return player.as()
                .get("/api/v1/games/" + gameId + "/legal-moves")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getMap("");
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> moves(Map<String, Object> legal) {
        return (List<Map<String, Object>>) legal.get("moves");
    }

    static List<String> eventTypes(String gameId) {
        return given().get("/api/v1/games/" + gameId + "/events?from=0")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("type");
    }
}
