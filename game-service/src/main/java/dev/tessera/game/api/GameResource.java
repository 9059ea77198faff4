package dev.tessera.game.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.CloudEvent;
import dev.tessera.events.Redaction;
import dev.tessera.events.game.GameStarted;
import dev.tessera.game.play.ClockRow;
import dev.tessera.game.play.GameForks;
import dev.tessera.game.play.GameHistory;
import dev.tessera.game.play.GameService;
import dev.tessera.game.play.GameStream;
import dev.tessera.game.play.Seats;
import dev.tessera.game.play.UndoPoint;
import dev.tessera.kit.identity.Caller;
import dev.tessera.kit.problem.ProblemException;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.stream.IntStream;

/** Games, as the gateway reaches them: state for a viewer, the event stream, legal moves, moves. */
@Path("/api/v1/games/{id}")
public class GameResource {

    @Inject
    GameService games;

    @Inject
    GameHistory history;

    @Inject
    GameForks forks;

    /**
     * @param bots  the seats server-side bots play since their players timed out (they cannot move any more)
     * @param clock who must act by when, or null when nobody's clock runs (no clock, game over, the game waits)
     * @param toAct who may move now, or null when nobody can (the game is over or waits for another service)
     * @param sandbox true for a game played for practice, never rated
     * @param fork what the game was forked from, and who plays its every seat; null unless it is a fork
     */
    public record GameView(
            String gameId,
            String tableId,
            String game,
            List<String> players,
            long version,
            boolean over,
            Object state,
            List<String> bots,
            Clock clock,
            String toAct,
            boolean sandbox,
            GameStarted.Fork fork) {}

    /**
     * @param phase {@code turn} (move before the deadline), {@code grace} (timed out: move before the deadline
     *              or a bot takes the seat) or {@code bot} (a bot is about to move)
     */
    public record Clock(String player, String phase, OffsetDateTime deadline) {
        static Clock of(ClockRow row) {
            return row == null || row.deadline() == null ? null : new Clock(row.player(), row.phase(), row.deadline());
        }
    }

    public record MoveRequest(Long expectedVersion, JsonNode move) {}

    /** @param at the version of the finished game to fork at */
    public record ForkRequest(Long at) {}

    /**
     * The game as {@code viewer} sees it now, or as they saw it at version {@code at}; with {@code perspective=all},
     * once the game has ended, with every player's hidden information. A view at a version carries no clock (who had
     * to act by when is not part of the stream) and the seats bots played by then. With {@code minVersion}, the version
     * the caller last saw, the game now is at that version or later: from the game kept in memory when it is that
     * recent, without a read (as legal moves are); it asks for the game now, so not beside {@code at} or
     * {@code perspective=all}.
     */
    @GET
    public Uni<GameView> get(
            @PathParam("id") String id,
            @HeaderParam(Caller.PLAYER_HEADER) String viewer,
            @QueryParam("at") String at,
            @QueryParam("perspective") String perspective,
            @QueryParam("minVersion") Long minVersion) {
        boolean everyone = Queries.everyone(perspective);
        // "?at=" is the game now, as an empty "from" is the whole stream
        Long version = at == null || at.isBlank() ? null : Queries.at(at);
        if (version == null && !everyone) {
            return games.loadWithClock(id, minVersion, GameService.Read.VIEW).map(g -> view(g, viewer));
        }
        Queries.noMinVersion(minVersion);
        return games.loadAt(id, version).map(past -> {
            if (everyone && !isOver(past.now())) {
                throw ProblemException.conflict(
                        "game-in-progress",
                        "perspective=all shows every hand: only once the game has ended, and this one has not");
            }
            return pastView(past, viewer, everyone);
        });
    }

    private static <S, M, E> GameView pastView(GameService.Past<S, M, E> past, String viewer, boolean everyone) {
        GameStream<S, M, E> g = past.then();
        return gameView(g, state(g, viewer, everyone), past.bots(), null, GameService.toAct(g, null));
    }

    private static <S, M, E> GameView view(GameService.Clocked<S, M, E> clocked, String viewer) {
        GameStream<S, M, E> g = clocked.game();
        return gameView(
                g,
                state(g, viewer, false),
                clocked.bots(),
                Clock.of(clocked.clock()),
                GameService.toAct(g, clocked.clock()));
    }

    /**
     * The state as {@code viewer} sees it: every hand when asked for once the game has ended, or for the forker of a
     * sandbox; else their own seat's, or a spectator's.
     */
    private static <S, M, E> Object state(GameStream<S, M, E> g, String viewer, boolean everyone) {
        return everyone || Seats.seesEveryone(g.started(), viewer)
                ? g.engine().viewOfEveryone(g.state())
                : g.engine().view(g.state(), Seats.seated(g.started(), viewer));
    }

    private static GameView gameView(
            GameStream<?, ?, ?> g, Object state, List<String> bots, Clock clock, String toAct) {
        return new GameView(
                g.started().gameId(),
                g.started().tableId(),
                g.started().game(),
                g.started().players(),
                g.version(),
                isOver(g),
                state,
                bots,
                clock,
                toAct,
                g.started().sandbox(),
                g.started().fork());
    }

    private static <S, M, E> boolean isOver(GameStream<S, M, E> g) {
        return g.engine().isOver(g.state());
    }

    @GET
    @Path("events")
    public Uni<List<CloudEvent>> events(@PathParam("id") String id, @QueryParam("from") @DefaultValue("0") long from) {
        Queries.checkFrom(from);
        return games.events(id, from)
                .map(events -> events.stream().map(Redaction::forPublic).toList());
    }

    /** What happened at each version after {@code from}, one line each, with its actor and time. */
    @GET
    @Path("history")
    public Uni<List<GameHistory.Line>> history(
            @PathParam("id") String id, @QueryParam("from") @DefaultValue("0") long from) {
        Queries.checkFrom(from);
        return history.after(id, from);
    }

    /**
     * What legal-moves answers: the moves at {@code version}, and who is to act.
     * @param undo      whether the caller may take back moves now ({@code POST …/undo} would be accepted)
     * @param revealing the indexes in {@code moves} of the moves that would show something hidden or random (a draw,
     *                  a refill) and leave the turn going: once played, nothing before them can be taken back, so a
     *                  client may ask the player to confirm them
     */
    public record LegalMoves(long version, List<JsonNode> moves, String toAct, boolean undo, List<Integer> revealing) {}

    /**
     * The moves a player may send now, each exactly as the move endpoint accepts it (none for a seat a bot plays),
     * and who may move now (null when nobody can), so that a client learns whose turn it is in the same answer. With
     * {@code minVersion}, the version the caller last saw, the answer is at that version or later: from the game kept
     * in memory when it is that recent, without a read.
     */
    @GET
    @Path("legal-moves")
    public Uni<LegalMoves> legalMoves(
            @PathParam("id") String id,
            @HeaderParam(Caller.PLAYER_HEADER) String player,
            @QueryParam("minVersion") Long minVersion) {
        return games.loadWithClock(id, minVersion, GameService.Read.LEGAL_MOVES).chain(g -> legalMoves(g, player));
    }

    private <S, M, E> Uni<LegalMoves> legalMoves(GameService.Clocked<S, M, E> clocked, String player) {
        GameStream<S, M, E> g = clocked.game();
        String toAct = GameService.toAct(g, clocked.clock());
        String seat = Seats.actingAs(g, player);
        if (seat == null || clocked.bots().contains(seat)) {
            return Uni.createFrom().item(new LegalMoves(g.version(), List.of(), toAct, false, List.of()));
        }
        List<M> moves = g.engine().legalMoves(g.state(), seat);
        if (moves.isEmpty()) {
            return Uni.createFrom().item(new LegalMoves(g.version(), List.of(), toAct, false, List.of()));
        }
        List<Integer> revealing = IntStream.range(0, moves.size())
                .filter(i -> UndoPoint.revealsMidTurn(g.engine(), g.state(), seat, moves.get(i)))
                .boxed()
                .toList();
        return games.mayUndo(g, player)
                .map(undo -> new LegalMoves(g.version(), games.movesJson(g.engine(), moves), toAct, undo, revealing));
    }

    /** @param expectedVersion the game version the player saw */
    public record UndoRequest(Long expectedVersion) {}

    /**
     * Takes back the caller's moves since their turn began, back to the last point where something hidden or random
     * came to light: appends {@code MovesTakenBack}. Answers as a move does.
     */
    @POST
    @Path("undo")
    public Uni<GameService.MoveResult> undo(
            @PathParam("id") String id, @HeaderParam(Caller.PLAYER_HEADER) String player, UndoRequest request) {
        Caller.required(player);
        if (request == null || request.expectedVersion() == null) {
            throw ProblemException.badField("expectedVersion", "expectedVersion is required: the game version you saw");
        }
        return games.undo(id, player, request.expectedVersion())
                .map(r -> r.withEvents(
                        r.events().stream().map(Redaction::forPublic).toList()));
    }

    /**
     * Forks this game, once it has ended, at version {@code at}: a sandbox game at exactly that position, whose every
     * seat the caller plays. Answers the fork as the caller sees it (201, with its address).
     */
    @POST
    @Path("forks")
    public Uni<Response> fork(
            @PathParam("id") String id, @HeaderParam(Caller.PLAYER_HEADER) String player, ForkRequest request) {
        Caller.required(player);
        if (request == null || request.at() == null) {
            throw ProblemException.badField("at", "at is required: the version of the finished game to fork at");
        }
        if (request.at() < 1) {
            throw ProblemException.badField("at", "at is a version of the game: a whole number, 1 or more");
        }
        return forks.fork(id, request.at(), player)
                .chain(forkId -> games.loadWithClock(forkId))
                .map(g -> Response.created(
                                URI.create("/api/v1/games/" + g.game().started().gameId()))
                        .entity(view(g, player))
                        .build());
    }

    @POST
    @Path("moves")
    public Uni<GameService.MoveResult> move(
            @PathParam("id") String id, @HeaderParam(Caller.PLAYER_HEADER) String player, MoveRequest request) {
        Caller.required(player);
        if (request == null) {
            throw ProblemException.badField("body", "a JSON body with expectedVersion and move is required");
        }
        if (request.expectedVersion() == null) {
            throw ProblemException.badField("expectedVersion", "expectedVersion is required: the game version you saw");
        }
        return games.move(id, player, request.expectedVersion(), request.move())
                .map(r -> r.withEvents(
                        r.events().stream().map(Redaction::forPublic).toList()));
    }
}
