package dev.tessera.gateway.api;

import static dev.tessera.gateway.api.ApiDocument.BAD_CREDENTIAL;
import static dev.tessera.gateway.api.ApiDocument.INVALID_FIELD;
import static dev.tessera.gateway.api.ApiDocument.JSON;
import static dev.tessera.gateway.api.ApiDocument.NOT_FOUND;
import static dev.tessera.gateway.api.ApiDocument.PROBLEM;
import static dev.tessera.gateway.api.ApiDocument.UNAUTHENTICATED;

import dev.tessera.gateway.api.model.Examples;
import dev.tessera.gateway.api.model.OpenTableRequest;
import dev.tessera.gateway.api.model.Problem;
import dev.tessera.gateway.api.model.Table;
import dev.tessera.gateway.auth.Callers;
import dev.tessera.gateway.upstream.Forwarder;
import dev.tessera.gateway.upstream.Upstream;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
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
 * Tables. Every registered player may browse them; acting at one is the caller's own business.
 * Bodies and answers pass through as bytes; the model records only describe them in the API document.
 */
@Authenticated
@Path("/api/v1/tables")
@Tag(name = "Tables")
@Produces({MediaType.APPLICATION_JSON, "application/problem+json"})
public class TablesApi {
    private static final String BASE = "/api/v1/tables";
    private static final String TABLE_ID = "The table's id";

    @Inject
    Forwarder forwarder;

    @Inject
    Callers callers;

    @POST
    @Authenticated
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(
            operationId = "openTable",
            summary = "Open a table",
            description = "The caller takes the first seat and hosts. Clock options, "
                    + "every game: clock realtime (turnSeconds 5 to 3600, default 120) or turn-based (moveHours 1 to 720, default 72; the "
                    + "default clock). A player whose time runs out is marked timed out; after one more turn a server bot takes the seat and "
                    + "the player counts as having abandoned. Carrara only: expansion \"true\" plays with the expansion, \"false\" (the "
                    + "default) the basic game; every Carrara table's options say which.")
    @RequestBody(
            required = true,
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = OpenTableRequest.class),
                            examples = {
                                @ExampleObject(
                                        name = "alhambra",
                                        summary = "Alhambra for three, default clock",
                                        value = Examples.OPEN_TABLE),
                                @ExampleObject(
                                        name = "realtime",
                                        summary = "Carrara for two, 60 seconds a turn",
                                        value = Examples.OPEN_TABLE_REALTIME),
                                @ExampleObject(
                                        name = "carrara-expansion",
                                        summary = "Carrara for three with the expansion",
                                        value = Examples.OPEN_TABLE_CARRARA_EXPANSION)
                            }))
    @APIResponse(
            responseCode = "201",
            description = "The table, open, with the caller seated as host",
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = Table.class),
                            examples = {
                                @ExampleObject(name = "open", value = Examples.TABLE_OPEN),
                                @ExampleObject(
                                        name = "carrara-expansion",
                                        summary = "Carrara with the expansion",
                                        value = Examples.TABLE_OPEN_CARRARA_EXPANSION)
                            }))
    @APIResponse(responseCode = "400", ref = INVALID_FIELD)
    @APIResponse(responseCode = "401", ref = UNAUTHENTICATED)
    public Uni<Response> open(byte[] body) {
        return callers.required().chain(player -> forwarder.post(Upstream.LOBBY, BASE, body, player));
    }

    @GET
    @Operation(
            operationId = "listTables",
            summary = "List tables",
            description = "Every table, filtered by game and status.")
    @APIResponse(
            responseCode = "200",
            description = "The tables",
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(type = SchemaType.ARRAY, implementation = Table.class),
                            examples = @ExampleObject(name = "playing", value = Examples.TABLES)))
    @APIResponse(responseCode = "400", ref = INVALID_FIELD)
    @APIResponse(responseCode = "401", ref = BAD_CREDENTIAL)
    public Uni<Response> list(
            @Parameter(
                            description = "Only tables of this game",
                            example = "alhambra",
                            schema = @Schema(enumeration = {"alhambra", "carrara", "builders"}))
                    @QueryParam("game")
                    String game,
            @Parameter(
                            description = "Only tables in this status (400 for another value)",
                            example = "open",
                            schema = @Schema(enumeration = {"open", "starting", "playing", "finished", "closed"}))
                    @QueryParam("status")
                    String status) {
        return forwarder.get(
                Upstream.LOBBY, Uris.withQuery(BASE, Uris.query("game", game), Uris.query("status", status)), null);
    }

    @GET
    @Path("{id}")
    @Operation(
            operationId = "getTable",
            summary = "A table: its seats, status and, once started, its game id",
            description =
                    "After starting a table, poll this until `gameId` is set: game-service creates the game from the lobby's event.")
    @APIResponse(
            responseCode = "200",
            description = "The table",
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = Table.class),
                            examples = @ExampleObject(name = "playing", value = Examples.TABLE_PLAYING)))
    @APIResponse(responseCode = "401", ref = BAD_CREDENTIAL)
    @APIResponse(responseCode = "404", ref = NOT_FOUND)
    public Uni<Response> get(@Parameter(description = TABLE_ID) @PathParam("id") String id) {
        return forwarder.get(Upstream.LOBBY, BASE + "/" + Uris.segment(id), null);
    }

    @POST
    @Authenticated
    @Path("{id}/join")
    @Operation(operationId = "joinTable", summary = "Take a free seat")
    @APIResponse(
            responseCode = "200",
            description = "The table with the caller seated",
            content = @Content(mediaType = JSON, schema = @Schema(implementation = Table.class)))
    @APIResponse(responseCode = "401", ref = UNAUTHENTICATED)
    @APIResponse(responseCode = "404", ref = NOT_FOUND)
    @APIResponse(
            responseCode = "409",
            description = "`rule`: already-seated, table-full, table-started or table-closed",
            content =
                    @Content(
                            mediaType = PROBLEM,
                            schema = @Schema(implementation = Problem.class),
                            examples = @ExampleObject(name = "table-full", value = Examples.PROBLEM_TABLE_FULL)))
    public Uni<Response> join(@Parameter(description = TABLE_ID) @PathParam("id") String id) {
        return callers.required()
                .chain(player -> forwarder.post(Upstream.LOBBY, BASE + "/" + Uris.segment(id) + "/join", null, player));
    }

    @POST
    @Authenticated
    @Path("{id}/start")
    @Operation(
            operationId = "startTable",
            summary = "Start the game (host only, with at least the game's minimum of players)",
            description =
                    "The table becomes `starting`, then `playing` with its `gameId` once game-service created the game.")
    @APIResponse(
            responseCode = "200",
            description = "The table, starting",
            content = @Content(mediaType = JSON, schema = @Schema(implementation = Table.class)))
    @APIResponse(responseCode = "401", ref = UNAUTHENTICATED)
    @APIResponse(
            responseCode = "403",
            description = "`rule` not-host: only the host may start the table",
            content =
                    @Content(
                            mediaType = PROBLEM,
                            schema = @Schema(implementation = Problem.class),
                            examples = @ExampleObject(name = "not-host", value = Examples.PROBLEM_NOT_HOST)))
    @APIResponse(responseCode = "404", ref = NOT_FOUND)
    @APIResponse(
            responseCode = "409",
            description = "`rule`: too-few-players, table-started or table-closed",
            content = @Content(mediaType = PROBLEM, schema = @Schema(implementation = Problem.class)))
    public Uni<Response> start(@Parameter(description = TABLE_ID) @PathParam("id") String id) {
        return callers.required()
                .chain(player ->
                        forwarder.post(Upstream.LOBBY, BASE + "/" + Uris.segment(id) + "/start", null, player));
    }

    @POST
    @Authenticated
    @Path("{id}/leave")
    @Operation(
            operationId = "leaveTable",
            summary = "Leave the table before it starts",
            description = "If the host leaves, the next seated player hosts; a table nobody sits at is closed.")
    @APIResponse(
            responseCode = "200",
            description = "The table without the caller",
            content = @Content(mediaType = JSON, schema = @Schema(implementation = Table.class)))
    @APIResponse(responseCode = "401", ref = UNAUTHENTICATED)
    @APIResponse(responseCode = "404", ref = NOT_FOUND)
    @APIResponse(
            responseCode = "409",
            description = "`rule`: not-seated, table-started or table-closed",
            content = @Content(mediaType = PROBLEM, schema = @Schema(implementation = Problem.class)))
    public Uni<Response> leave(@Parameter(description = TABLE_ID) @PathParam("id") String id) {
        return callers.required()
                .chain(player ->
                        forwarder.post(Upstream.LOBBY, BASE + "/" + Uris.segment(id) + "/leave", null, player));
    }

    @DELETE
    @Authenticated
    @Path("{id}/seats/{player}")
    @Operation(operationId = "removeSeat", summary = "Remove a player from the table (host only, before the start)")
    @APIResponse(
            responseCode = "200",
            description = "The table without that player",
            content = @Content(mediaType = JSON, schema = @Schema(implementation = Table.class)))
    @APIResponse(responseCode = "401", ref = UNAUTHENTICATED)
    @APIResponse(
            responseCode = "403",
            description = "`rule` not-host: only the host may remove players",
            content =
                    @Content(
                            mediaType = PROBLEM,
                            schema = @Schema(implementation = Problem.class),
                            examples = @ExampleObject(name = "not-host", value = Examples.PROBLEM_NOT_HOST)))
    @APIResponse(responseCode = "404", ref = NOT_FOUND)
    @APIResponse(
            responseCode = "409",
            description = "`rule`: host-cannot-remove-self (leave instead), not-seated, table-started or table-closed",
            content = @Content(mediaType = PROBLEM, schema = @Schema(implementation = Problem.class)))
    public Uni<Response> removeSeat(
            @Parameter(description = TABLE_ID) @PathParam("id") String id,
            @Parameter(description = "The id of the player to remove") @PathParam("player") String seated) {
        return callers.required()
                .chain(player -> forwarder.delete(
                        Upstream.LOBBY, BASE + "/" + Uris.segment(id) + "/seats/" + Uris.segment(seated), player));
    }
}
