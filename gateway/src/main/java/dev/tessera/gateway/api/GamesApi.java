package dev.tessera.gateway.api;

import static dev.tessera.gateway.api.ApiDocument.BAD_CREDENTIAL;
import static dev.tessera.gateway.api.ApiDocument.INVALID_FIELD;
import static dev.tessera.gateway.api.ApiDocument.JSON;
import static dev.tessera.gateway.api.ApiDocument.NOT_FOUND;
import static dev.tessera.gateway.api.ApiDocument.PROBLEM;
import static dev.tessera.gateway.api.ApiDocument.UNAUTHENTICATED;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tessera.gateway.api.model.CloudEvent;
import dev.tessera.gateway.api.model.Examples;
import dev.tessera.gateway.api.model.ForkRequest;
import dev.tessera.gateway.api.model.GameView;
import dev.tessera.gateway.api.model.HistoryLine;
import dev.tessera.gateway.api.model.LegalMoves;
import dev.tessera.gateway.api.model.MoveRequest;
import dev.tessera.gateway.api.model.MoveResult;
import dev.tessera.gateway.api.model.Problem;
import dev.tessera.gateway.api.model.UndoRequest;
import dev.tessera.gateway.auth.Callers;
import dev.tessera.gateway.players.PlayerService;
import dev.tessera.gateway.upstream.Forwarder;
import dev.tessera.gateway.upstream.Upstream;
import dev.tessera.kit.problem.ProblemException;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Games. Every registered player may watch: a caller not seated at the game is a spectator, and
 * game-service removes every hidden thing from the view. Moves are the seated player's own.
 * Bodies and answers pass through as bytes; the model records only describe them in the API document.
 * Each request goes with its game id, so that every one about a game reaches the same game-service instance.
 */
@Authenticated
@Path("/api/v1/games/{id}")
@Tag(name = "Games")
@Produces({MediaType.APPLICATION_JSON, "application/problem+json"})
@APIResponse(responseCode = "404", ref = NOT_FOUND)
public class GamesApi {
    static final String GAME_ID = "The game's id (a table's gameId)";

    @Inject
    Forwarder forwarder;

    @Inject
    Callers callers;

    @Inject
    PlayerService players;

    @Inject
    ObjectMapper mapper;

    private static String base(String id) {
        return "/api/v1/games/" + Uris.segment(id);
    }

    @GET
    @Operation(
            operationId = "getGame",
            summary = "The game as the caller may see it",
            description = "A seated player sees their own "
                    + "hidden information; any other registered player sees what a spectator sees.")
    @APIResponse(
            responseCode = "200",
            description = "The game; `state` is game-specific",
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = GameView.class),
                            examples = {
                                @ExampleObject(
                                        name = "alhambra",
                                        summary = "Alhambra, as ana sees it",
                                        value = Examples.VIEW_ALHAMBRA),
                                @ExampleObject(
                                        name = "carrara",
                                        summary = "Carrara, as ana sees it",
                                        value = Examples.VIEW_CARRARA),
                                @ExampleObject(
                                        name = "builders",
                                        summary = "The Builders: Middle Ages",
                                        value = Examples.VIEW_BUILDERS)
                            }))
    @APIResponse(responseCode = "400", ref = INVALID_FIELD)
    @APIResponse(responseCode = "401", ref = BAD_CREDENTIAL)
    @APIResponse(
            responseCode = "409",
            description =
                    "`perspective=all` on a game that has not ended (`game-in-progress`): it would show every hand",
            content = @Content(mediaType = PROBLEM, schema = @Schema(implementation = Problem.class)))
    public Uni<Response> get(
            @Parameter(description = GAME_ID) @PathParam("id") String id,
            @Parameter(
                            description = "A past version of the game, 1 to its current one: the view the caller got"
                                    + " then, with what they could see then and nothing drawn later. Such a view has"
                                    + " `clock` null (deadlines are not part of the stream) and the seats bots played"
                                    + " by then. Absent: the game now",
                            schema = @Schema(type = SchemaType.INTEGER, format = "int64", minimum = "1"))
                    @QueryParam("at")
                    String at,
            @Parameter(
                            description = "`own` (the default): what the caller may see. `all`: every player's hidden"
                                    + " information, only once the game has ended (a replay seen from every seat)",
                            schema =
                                    @Schema(
                                            enumeration = {"own", "all"},
                                            defaultValue = "own"))
                    @QueryParam("perspective")
                    String perspective,
            @Parameter(
                            description = "The game version the caller last saw (a move's answer, the live feed's"
                                    + " `streamversion`): the game now at that version or later, which may be answered"
                                    + " sooner, from a game the server keeps in memory, and may then lack moves made"
                                    + " since that the caller has not seen either (the feed brings them). A version"
                                    + " the game has not reached is a 400 naming minVersion, and so is minVersion"
                                    + " beside `at` or `perspective=all`. Absent: the game now",
                            schema = @Schema(type = SchemaType.INTEGER, format = "int64", minimum = "0"))
                    @QueryParam("minVersion")
                    String minVersion) {
        String query = viewQuery(at, perspective, minVersion);
        return callers.required().chain(player -> forwarder.get(Upstream.GAME, id, base(id) + query, player));
    }

    /**
     * The query of a view at a past version or from every seat, or of the game now at a version the caller saw,
     * checked here ("" for the game now).
     */
    static String viewQuery(String at, String perspective, String minVersion) {
        List<String> parts = new ArrayList<>();
        boolean past = false; // a past version, or every hand: not the game now
        if (at != null && !at.isBlank()) {
            long v;
            try {
                v = Long.parseLong(at.trim());
            } catch (NumberFormatException e) {
                v = 0;
            }
            if (v < 1) {
                throw ProblemException.badField("at", "at is a version of the game: a whole number, 1 or more");
            }
            parts.add("at=" + v);
            past = true;
        }
        if (perspective != null && !perspective.isBlank()) {
            if (!perspective.equals("own") && !perspective.equals("all")) {
                throw ProblemException.badField(
                        "perspective", "perspective is own (what the caller may see, the default) or all (every hand)");
            }
            parts.add("perspective=" + perspective);
            past |= perspective.equals("all");
        }
        if (minVersion != null && !minVersion.isBlank()) {
            long seen = version("minVersion", minVersion);
            if (past) {
                throw ProblemException.badField(
                        "minVersion",
                        "minVersion is the version the caller last saw, for the game now: not with at or"
                                + " perspective=all");
            }
            parts.add("minVersion=" + seen);
        }
        return parts.isEmpty() ? "" : "?" + String.join("&", parts);
    }

    @GET
    @Path("events")
    @Operation(
            operationId = "getGameEvents",
            summary = "The game's events after version `from`, as CloudEvents JSON",
            description =
                    "In stream order. Events carry no hidden information (GameStarted's seed is removed). The last event "
                            + "of a finished game is tessera.game.GameEnded with the final standings.")
    @APIResponse(
            responseCode = "200",
            description = "The events after `from`, oldest first",
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(type = SchemaType.ARRAY, implementation = CloudEvent.class),
                            examples = @ExampleObject(name = "start", value = Examples.EVENTS)))
    @APIResponse(responseCode = "400", ref = INVALID_FIELD)
    @APIResponse(responseCode = "401", ref = BAD_CREDENTIAL)
    public Uni<Response> events(
            @Parameter(description = GAME_ID) @PathParam("id") String id,
            @Parameter(
                            description = "A stream version, 0 or more: only the events after it (0 for all)",
                            schema =
                                    @Schema(
                                            type = SchemaType.INTEGER,
                                            format = "int64",
                                            minimum = "0",
                                            defaultValue = "0"))
                    @QueryParam("from")
                    String from) {
        return forwarder.get(Upstream.GAME, id, base(id) + "/events?from=" + version("from", from), null);
    }

    @GET
    @Path("history")
    @Operation(
            operationId = "getGameHistory",
            summary = "What happened at each version after `from`, one line each",
            description = "In stream order, one line per event: its version and type, the player it is about (id and"
                    + " name) and when, and what happened in the words the web client's log shows, with names in"
                    + " place of ids. Like the events, the lines carry no hidden information.")
    @APIResponse(
            responseCode = "200",
            description = "One line per event after `from`, oldest first",
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(type = SchemaType.ARRAY, implementation = HistoryLine.class),
                            examples = @ExampleObject(name = "start", value = Examples.HISTORY)))
    @APIResponse(responseCode = "400", ref = INVALID_FIELD)
    @APIResponse(responseCode = "401", ref = BAD_CREDENTIAL)
    public Uni<Response> history(
            @Parameter(description = GAME_ID) @PathParam("id") String id,
            @Parameter(
                            description = "A stream version, 0 or more: only the lines after it (0 for all)",
                            schema =
                                    @Schema(
                                            type = SchemaType.INTEGER,
                                            format = "int64",
                                            minimum = "0",
                                            defaultValue = "0"))
                    @QueryParam("from")
                    String from) {
        return forwarder
                .get(Upstream.GAME, id, base(id) + "/history?from=" + version("from", from), null)
                .chain(answer -> answer.getStatus() != 200 ? Uni.createFrom().item(answer) : named(answer));
    }

    private static final Pattern PLAYER_ID =
            Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    /** game-service's lines with each player id in a text replaced by the player's name, and the actor's name added. */
    private Uni<Response> named(Response answer) {
        ArrayNode lines = (ArrayNode) Json.read(mapper, answer, JsonNode.class);
        Set<UUID> ids = new HashSet<>();
        for (JsonNode line : lines) {
            Matcher m = PLAYER_ID.matcher(
                    line.path("text").asText() + " " + line.path("actor").asText());
            while (m.find()) {
                ids.add(UUID.fromString(m.group()));
            }
        }
        return players.names(ids).map(names -> {
            for (JsonNode line : lines) {
                ObjectNode l = (ObjectNode) line;
                String actor = l.path("actor").isTextual() ? l.path("actor").asText() : null;
                l.put("actorName", actor == null ? null : nameOf(names, actor));
                l.put(
                        "text",
                        PLAYER_ID
                                .matcher(l.path("text").asText())
                                .replaceAll(m -> Matcher.quoteReplacement(nameOf(names, m.group()))));
            }
            return Response.ok(lines).type(MediaType.APPLICATION_JSON).build();
        });
    }

    /** A player's name, else the id itself (a player the gateway does not know). */
    private static String nameOf(Map<UUID, String> names, String id) {
        try {
            return names.getOrDefault(UUID.fromString(id), id);
        } catch (IllegalArgumentException e) {
            return id;
        }
    }

    @GET
    @Authenticated
    @Path("legal-moves")
    @Operation(
            operationId = "getLegalMoves",
            summary = "Every move the caller may send now, each exactly as POST moves accepts it",
            description =
                    "With the game's version, to send as expectedVersion. The list is empty when the caller may not move now: "
                            + "another player's turn, the game waits for another service (a scoring round, a valuation), the game is over, "
                            + "or a bot plays the caller's seat.")
    @APIResponse(
            responseCode = "200",
            description = "The moves, with the version they are legal at",
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = LegalMoves.class),
                            examples = {
                                @ExampleObject(name = "alhambra", value = Examples.LEGAL_MOVES_ALHAMBRA),
                                @ExampleObject(name = "carrara", value = Examples.LEGAL_MOVES_CARRARA),
                                @ExampleObject(name = "builders", value = Examples.LEGAL_MOVES_BUILDERS),
                                @ExampleObject(name = "not-my-turn", value = Examples.LEGAL_MOVES_NONE)
                            }))
    @APIResponse(responseCode = "400", ref = INVALID_FIELD)
    @APIResponse(responseCode = "401", ref = UNAUTHENTICATED)
    public Uni<Response> legalMoves(
            @Parameter(description = GAME_ID) @PathParam("id") String id,
            @Parameter(
                            description = "The game version the caller last saw (a move's answer, the live feed's"
                                    + " `streamversion`): the answer is at that version or later, and may be answered"
                                    + " sooner, from a game the server keeps in memory. It may then lack moves made"
                                    + " since that the caller has not seen either; a move sent at its version gets"
                                    + " 409 version-conflict with the current one. A version the game has not reached"
                                    + " is a 400 naming minVersion. Absent: the game now (ask so when waiting for"
                                    + " the game to move on without the live feed)",
                            schema = @Schema(type = SchemaType.INTEGER, format = "int64", minimum = "0"))
                    @QueryParam("minVersion")
                    String minVersion) {
        String query =
                minVersion == null || minVersion.isBlank() ? "" : "?minVersion=" + version("minVersion", minVersion);
        return callers.required()
                .chain(player -> forwarder.get(Upstream.GAME, id, base(id) + "/legal-moves" + query, player));
    }

    @POST
    @Authenticated
    @Path("moves")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(
            operationId = "playMove",
            summary = "Play a move",
            description =
                    "Send one of the moves GET legal-moves listed (or the last answer's legalMoves), as it was listed, with the "
                            + "version it was listed at. "
                            + "422 names the broken rule; 409 version-conflict gives the current version (ask legal-moves again), other 409 "
                            + "rules mean the game waits for another service (retry later).")
    @RequestBody(
            required = true,
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = MoveRequest.class),
                            examples = {
                                @ExampleObject(
                                        name = "alhambra-take-money",
                                        summary = "Alhambra: take two money cards",
                                        value = Examples.MOVE_REQUEST_ALHAMBRA_TAKE_MONEY),
                                @ExampleObject(
                                        name = "alhambra-buy-tile",
                                        summary = "Alhambra: buy a market tile",
                                        value = Examples.MOVE_REQUEST_ALHAMBRA_BUY_TILE),
                                @ExampleObject(
                                        name = "alhambra-place-tile",
                                        summary = "Alhambra: place a bought tile",
                                        value = Examples.MOVE_REQUEST_ALHAMBRA_PLACE_TILE),
                                @ExampleObject(
                                        name = "carrara-build",
                                        summary = "Carrara: build a Palazzo in Pisa",
                                        value = Examples.MOVE_REQUEST_CARRARA),
                                @ExampleObject(
                                        name = "builders-send-worker",
                                        summary = "The Builders: send a worker to a building",
                                        value = Examples.MOVE_REQUEST_BUILDERS)
                            }))
    @APIResponse(
            responseCode = "200",
            description = "The move was played: the new version, the events it produced, who may move "
                    + "now and, when that is the caller again, their next moves (legalMoves)",
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = MoveResult.class),
                            examples = @ExampleObject(name = "alhambra-take-money", value = Examples.MOVE_RESULT)))
    @APIResponse(
            responseCode = "400",
            description = "`field`: expectedVersion or move missing, or the move is not JSON of this game",
            content = @Content(mediaType = PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "401", ref = UNAUTHENTICATED)
    @APIResponse(
            responseCode = "409",
            description =
                    "`rule` version-conflict: the game moved on (`currentVersion`); ask legal-moves "
                            + "again. Other rules (awaiting-valuation, seat-taken-by-bot…): the game waits for another service, or a bot took the seat.",
            content =
                    @Content(
                            mediaType = PROBLEM,
                            schema = @Schema(implementation = Problem.class),
                            examples =
                                    @ExampleObject(
                                            name = "version-conflict",
                                            value = Examples.PROBLEM_VERSION_CONFLICT)))
    @APIResponse(
            responseCode = "422",
            description = "An illegal move: `rule` names the rule it breaks (not-your-turn, not-enough-money…; "
                    + "see game-service/docs/<game>.md)",
            content =
                    @Content(
                            mediaType = PROBLEM,
                            schema = @Schema(implementation = Problem.class),
                            examples = @ExampleObject(name = "not-your-turn", value = Examples.PROBLEM_ILLEGAL_MOVE)))
    public Uni<Response> move(@Parameter(description = GAME_ID) @PathParam("id") String id, byte[] body) {
        return callers.required().chain(player -> forwarder.post(Upstream.GAME, id, base(id) + "/moves", body, player));
    }

    @POST
    @Authenticated
    @Path("undo")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(
            operationId = "undoMoves",
            summary = "Take back your moves of this turn",
            description = "Board Game Arena's undo: takes back the caller's moves since their turn began, back to the "
                    + "last point where something hidden or random was revealed (a tile or card drawn, the money display "
                    + "or the market refilled, the wheel's bag drawn from, a building revealed, a scoring). It appends "
                    + "`tessera.game.MovesTakenBack` {toVersion}: the game is again exactly as it was at `toVersion`, and "
                    + "the events in between stay in the stream but no longer count. `undo` in legal-moves says whether "
                    + "it would be accepted. Answers as a move does.")
    @RequestBody(
            required = true,
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = UndoRequest.class),
                            examples = @ExampleObject(name = "undo", value = Examples.UNDO_REQUEST)))
    @APIResponse(
            responseCode = "200",
            description = "The moves were taken back: the new version, the MovesTakenBack event, who may move now "
                    + "(the caller) and their moves",
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = MoveResult.class),
                            examples = @ExampleObject(name = "undo", value = Examples.UNDO_RESULT)))
    @APIResponse(
            responseCode = "400",
            description = "`field` expectedVersion: missing",
            content = @Content(mediaType = PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "401", ref = UNAUTHENTICATED)
    @APIResponse(
            responseCode = "409",
            description = "`rule` version-conflict: the game moved on (`currentVersion`); seat-taken-by-bot: a bot "
                    + "plays the caller's seat now",
            content = @Content(mediaType = PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(
            responseCode = "422",
            description = "Nothing was taken back; `rule` says why: nothing-to-undo (no move of the caller's this "
                    + "turn), information-revealed (their last move revealed something), not-your-turn, not-a-player "
                    + "(a spectator), game-over",
            content =
                    @Content(
                            mediaType = PROBLEM,
                            schema = @Schema(implementation = Problem.class),
                            examples =
                                    @ExampleObject(
                                            name = "information-revealed",
                                            value = Examples.PROBLEM_INFORMATION_REVEALED)))
    public Uni<Response> undo(@Parameter(description = GAME_ID) @PathParam("id") String id, byte[] body) {
        return callers.required().chain(player -> forwarder.post(Upstream.GAME, id, base(id) + "/undo", body, player));
    }

    @POST
    @Authenticated
    @Path("forks")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(
            operationId = "forkGame",
            summary = "Fork a finished game",
            description = "Creates a sandbox game at exactly the position a finished game had at version `at` (what "
                    + "`GET …?at=` shows): its every seat is played by the caller, who sees every hand, and it continues "
                    + "with the draws the original would have made. A sandbox game has no clock, is never rated, and is "
                    + "left out of statistics and exports unless they are asked to include it (`sandbox=include`). Its "
                    + "versions up to `at` are the original's. Anyone else sees it as a spectator.")
    @RequestBody(
            required = true,
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = ForkRequest.class),
                            examples = @ExampleObject(name = "fork", value = Examples.FORK_REQUEST)))
    @APIResponse(
            responseCode = "201",
            description =
                    "The fork, as the caller sees it (`sandbox` true, `fork` saying from where); `Location` is its "
                            + "address",
            content = @Content(mediaType = JSON, schema = @Schema(implementation = GameView.class)))
    @APIResponse(
            responseCode = "400",
            description = "`field` at: missing, below 1 or above the game's last version",
            content = @Content(mediaType = PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "401", ref = UNAUTHENTICATED)
    @APIResponse(
            responseCode = "409",
            description = "`game-in-progress`: the game has not ended, and its fork would show its hidden future",
            content = @Content(mediaType = PROBLEM, schema = @Schema(implementation = Problem.class)))
    public Uni<Response> fork(@Parameter(description = GAME_ID) @PathParam("id") String id, byte[] body) {
        return callers.required().chain(player -> forwarder.post(Upstream.GAME, id, base(id) + "/forks", body, player));
    }

    /**
     * A stream version a client names ({@code from}, {@code Last-Event-ID}): absent is 0; anything but a whole number
     * of 0 or more is a 400 naming the field (a {@code long} parameter that failed to convert was a 404).
     */
    static long version(String field, String value) {
        if (value == null || value.isBlank()) {
            return 0;
        }
        try {
            long v = Long.parseLong(value.trim());
            if (v >= 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw ProblemException.badField(field, field + " is a stream version: a whole number, 0 or more");
    }
}
