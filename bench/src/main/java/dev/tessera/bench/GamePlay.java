package dev.tessera.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.BooleanSupplier;

/**
 * One game through the public API, as its players see it: a table opened, joined and started, then a bot at
 * every seat choosing among the legal moves the server lists, until the game is over and its final standings
 * ({@code tessera.game.GameEnded}) are in the stream. The load benchmark and the chaos load both play this way;
 * what they do with each answer (measure it, count it, record it) is their {@link Listener}'s.
 */
public final class GamePlay {
    public static final String GAME_ENDED = "tessera.game.GameEnded";

    /** What the caller does with what happens along the way. */
    public interface Listener {
        /** Before a turn's first request (the benchmark's pacing waits here). */
        default void beforeTurn() {}

        /** A legal-moves read. */
        default void read() {}

        /** A move the game took. */
        default void accepted(Api.Answer answer) {}

        /** A move refused because the game moved on (409): the legal moves are read again. */
        default void conflict(Api.Answer answer) {}

        /** An invalid move sent on purpose ({@link #withInvalidMoves}) and refused, as it must be. */
        default void refused(Api.Answer answer) {}

        /**
         * An undo sent ({@link #withUndos}) and its answer: 200 (moves taken back), or 422 nothing-to-undo or
         * information-revealed (the last move revealed something), refused without writing anything.
         */
        default void undo(Api.Answer answer) {}

        /** An answer the game cannot go on from as it is (throw to give the game up); the game is read again after it. */
        void unexpected(String what, Api.Answer answer);
    }

    /** The game cannot go on: what was asked and the last answer (null when there was none). */
    public static final class Failed extends IllegalStateException {
        private final transient Api.Answer answer;

        public Failed(String what, Api.Answer answer) {
            super(answer == null ? what : what + ": " + answer.status() + " " + answer.excerpt());
            this.answer = answer;
        }

        public Api.Answer answer() {
            return answer;
        }
    }

    private final Api api;
    private final Bots.Bot bot;
    private final String title;
    private final List<Api.Player> players;
    private final Random random;
    private final Duration patience;
    private final Duration endWait;
    private String tableId;
    private String gameId;
    private long lastMove;
    /**
     * The last version of the game an answer showed (-1: none, or the game must be read as it is now). A legal-moves
     * read sends it as {@code minVersion}, so that an instance keeping the game that recent answers without a read.
     */
    private long seen = -1;

    private boolean ended;
    private double invalidShare;
    private Api.Player outsider;
    private long invalidSent;
    private double undoShare;

    /**
     * @param patience how long a table may take to show its game, and the game may have nobody to act (it waits
     *                 for scoring-service), before it is given up
     * @param endWait  how long a game that is over may take to get its GameEnded
     */
    public GamePlay(
            Api api,
            Bots.Bot bot,
            String title,
            List<Api.Player> players,
            Random random,
            Duration patience,
            Duration endWait) {
        this.api = api;
        this.bot = bot;
        this.title = title;
        this.players = players;
        this.random = random;
        this.patience = patience;
        this.endWait = endWait;
    }

    /**
     * Before a share of the turns ({@code share}, 0 to 1), one move the game must refuse without writing anything:
     * alternately the mover's chosen move sent by {@code outsider}, who does not play in this game (a rule the game
     * checks once it has read the game), and a move of a type no title has (refused before the game is read).
     */
    public GamePlay withInvalidMoves(double share, Api.Player outsider) {
        this.invalidShare = share;
        this.outsider = outsider;
        return this;
    }

    /**
     * After a share of the moves whose answer lists the mover's next moves ({@code share}, 0 to 1), the mover takes
     * back their moves of this turn ({@code POST …/undo}), as a player who misclicked does, and plays on from the
     * position the undo answers with.
     */
    public GamePlay withUndos(double share) {
        this.undoShare = share;
        return this;
    }

    /** The players a bench table of {@code title} seats. */
    public static int seats(String title) {
        return title.equals("alhambra") ? 3 : 2;
    }

    public String tableId() {
        return tableId;
    }

    public String gameId() {
        return gameId;
    }

    /** Whether the game's GameEnded was seen. */
    public boolean ended() {
        return ended;
    }

    /**
     * Opens a table with the first player as host, seats the others, starts it and waits for its game. A 409 for a
     * join or the start means a retried request had got through already (already-seated, table-started).
     */
    public String start() {
        Api.Player host = players.get(0);
        Api.Answer opened = api.post("/api/v1/tables", Map.of("game", title, "seats", players.size()), host.token());
        if (opened.status() != 201) {
            throw new Failed("opening a " + title + " table", opened);
        }
        tableId = opened.body().path("id").asText();
        for (Api.Player p : players.subList(1, players.size())) {
            done(
                    "joining table " + tableId,
                    api.post("/api/v1/tables/" + tableId + "/join", null, p.token()),
                    "already-seated");
        }
        done(
                "starting table " + tableId,
                api.post("/api/v1/tables/" + tableId + "/start", null, host.token()),
                "table-started");
        gameId = awaitGame(host.token());
        return gameId;
    }

    private static void done(String what, Api.Answer answer, String rule) {
        boolean already =
                answer.status() == 409 && rule.equals(answer.body().path("rule").asText());
        if (answer.status() / 100 != 2 && !already) {
            throw new Failed(what, answer);
        }
    }

    /** The game of the started table, once lobby-service shows it (it crosses Kafka twice to get there). */
    private String awaitGame(String token) {
        Backoff backoff = new Backoff();
        Api.Answer last = null;
        while (!backoff.expired(patience)) {
            last = api.get("/api/v1/tables/" + tableId, token);
            if (last.body().hasNonNull("gameId")) {
                return last.body().get("gameId").asText();
            }
            backoff.pause();
        }
        throw new Failed("gave up: table " + tableId + " showed no game within " + patience.toSeconds() + " s", last);
    }

    /**
     * Plays while {@code keepGoing}: true once the game is over. Follows {@code toAct} (whose turn it is) from each
     * answer so that at most one read precedes each move, and none when the move's answer listed the mover's next
     * moves ({@code legalMoves}).
     */
    public boolean play(BooleanSupplier keepGoing, Listener listener) {
        Map<String, Api.Player> byId = new HashMap<>();
        players.forEach(p -> byId.put(p.id(), p));
        Api.Player asked = players.get(0);
        JsonNode carried = null; // the last answer, when it listed its mover's next moves
        boolean turnStarted = false;
        Backoff idle = new Backoff(); // since nobody could act (the game waits for another service)
        while (keepGoing.getAsBoolean()) {
            if (!turnStarted) {
                listener.beforeTurn();
                turnStarted = true;
            }
            JsonNode legal;
            List<JsonNode> options = new ArrayList<>();
            if (carried != null) {
                legal = carried;
                carried.path("legalMoves").forEach(options::add);
                carried = null;
            } else {
                Api.Answer read = api.get(
                        "/api/v1/games/" + gameId + "/legal-moves" + (seen < 0 ? "" : "?minVersion=" + seen),
                        asked.token());
                listener.read();
                if (read.status() != 200) {
                    listener.unexpected("reading the legal moves of game " + gameId, read);
                    seen = -1;
                    idle.pause();
                    continue;
                }
                legal = read.body();
                seen = legal.path("version").asLong(-1);
                legal.path("moves").forEach(options::add);
            }
            if (options.isEmpty()) {
                Api.Player toAct = byId.get(legal.path("toAct").asText(""));
                if (toAct != null && toAct != asked) {
                    asked = toAct;
                    continue;
                }
                if (over(asked.token())) {
                    return true;
                }
                if (idle.expired(patience)) {
                    throw new Failed(
                            "gave up: nobody could act in game " + gameId + " for " + patience.toSeconds() + " s",
                            null);
                }
                // Waiting for another service (a valuation): ask again shortly, for the game as it is then (a game kept
                // at the version seen would answer the same).
                seen = -1;
                idle.pause();
                continue;
            }
            idle = new Backoff();
            JsonNode move = bot.choose(title, options, random);
            if (invalidShare > 0 && random.nextDouble() < invalidShare) {
                sendInvalid(legal.get("version").asLong(), move, asked, listener);
            }
            Api.Answer answer = api.post(
                    "/api/v1/games/" + gameId + "/moves",
                    Map.of("expectedVersion", legal.get("version").asLong(), "move", move),
                    asked.token());
            turnStarted = false;
            if (answer.status() == 200) {
                lastMove = answer.body().path("version").asLong(lastMove);
                seen = lastMove;
                listener.accepted(answer);
                asked = byId.getOrDefault(answer.body().path("toAct").asText(""), asked);
                carried = answer.body().path("legalMoves").isArray() ? answer.body() : null;
                if (carried != null && undoShare > 0 && random.nextDouble() < undoShare) {
                    carried = undo(carried, asked, listener);
                }
            } else if (answer.status() == 409) {
                listener.conflict(answer);
                // The version the game moved on to, when that was the conflict; else the game as it is now.
                seen = answer.body().path("currentVersion").asLong(-1);
            } else {
                listener.unexpected("move in game " + gameId, answer);
                seen = -1;
            }
        }
        return false;
    }

    /**
     * {@code mover} undoes at the version of {@code answer} (a move's answer listing their next moves): the answer to
     * go on from, the undo's when it took moves back, else {@code answer} again (a 422: nothing to take back, or the
     * last move revealed something); null when the legal moves must be read again (a 409: the game moved on, or an
     * earlier try of this undo went through).
     */
    private JsonNode undo(JsonNode answer, Api.Player mover, Listener listener) {
        Api.Answer undone = api.post(
                "/api/v1/games/" + gameId + "/undo",
                Map.of("expectedVersion", answer.path("version").asLong()),
                mover.token());
        if (undone.status() == 200) {
            listener.undo(undone);
            lastMove = undone.body().path("version").asLong(lastMove);
            seen = lastMove;
            return undone.body().path("legalMoves").isArray() ? undone.body() : null;
        }
        String rule = undone.body().path("rule").asText("");
        if (undone.status() == 422 && (rule.equals("nothing-to-undo") || rule.equals("information-revealed"))) {
            listener.undo(undone);
            return answer;
        }
        seen = undone.body().path("currentVersion").asLong(-1);
        if (undone.status() == 409) {
            listener.conflict(undone);
        } else {
            listener.unexpected("undo in game " + gameId, undone);
        }
        return null;
    }

    /** One invalid move (see {@link #withInvalidMoves}); any answer but a refusal (4xx) is unexpected. */
    public void sendInvalid(long version, JsonNode move, Api.Player mover, Listener listener) {
        boolean byOutsider = outsider != null && invalidSent++ % 2 == 0;
        Api.Answer answer = byOutsider
                ? api.post(
                        "/api/v1/games/" + gameId + "/moves",
                        Map.of("expectedVersion", version, "move", move),
                        outsider.token())
                : api.post(
                        "/api/v1/games/" + gameId + "/moves",
                        Map.of("expectedVersion", version, "move", Map.of("type", "no-such-move")),
                        mover.token());
        if (answer.status() / 100 == 4) {
            listener.refused(answer);
        } else {
            listener.unexpected(
                    "an invalid move in game " + gameId + (byOutsider ? " by a non-player" : " of no known type"),
                    answer);
        }
    }

    /**
     * Whether the game is over; if so, waits up to {@code endWait} for its GameEnded (the final standings come
     * back from scoring-service after the last move). Only the events after the last move played are read: the
     * whole stream (hundreds of events) read on every poll was a burst of work for game-service, the gateway
     * and this client at each game's end, in the middle of the other games' moves.
     */
    private boolean over(String token) {
        Api.Answer view = api.get("/api/v1/games/" + gameId, token);
        if (!view.body().path("over").asBoolean()) {
            return false;
        }
        Backoff backoff = new Backoff();
        while (!backoff.expired(endWait)) {
            // Asked with the player's token: anonymous calls from one address share one rate-limit bucket.
            Api.Answer events = api.get("/api/v1/games/" + gameId + "/events?from=" + lastMove, token);
            for (JsonNode e : events.body()) {
                if (GAME_ENDED.equals(e.path("type").asText())) {
                    ended = true;
                    return true;
                }
            }
            backoff.pause();
        }
        return true;
    }

    /**
     * Polls that start quick (the answer usually comes within a fraction of a second) and slow down after a
     * second, so that a platform that is down for a while is not flooded by the clients waiting for it.
     */
    static final class Backoff {
        private final long since = System.nanoTime();

        boolean expired(Duration limit) {
            return System.nanoTime() - since > limit.toNanos();
        }

        void pause() {
            try {
                Thread.sleep(System.nanoTime() - since < 1_000_000_000L ? 20 : 200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
