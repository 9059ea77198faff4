package dev.tessera.gateway.api;

import static dev.tessera.gateway.api.ApiDocument.INVALID_FIELD;
import static dev.tessera.gateway.api.ApiDocument.JSON;
import static dev.tessera.gateway.api.ApiDocument.PROBLEM;
import static dev.tessera.gateway.api.ApiDocument.UNAUTHENTICATED;

import dev.tessera.gateway.api.model.Examples;
import dev.tessera.gateway.api.model.Problem;
import dev.tessera.gateway.api.model.QueueEntry;
import dev.tessera.gateway.api.model.QueueRequest;
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
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Quick play: wait for a game with strangers instead of opening a table. */
@Path("/api/v1/matchmaking")
@Tag(name = "Matchmaking")
@Produces({MediaType.APPLICATION_JSON, "application/problem+json"})
@Authenticated
@APIResponse(responseCode = "401", ref = UNAUTHENTICATED)
public class MatchmakingApi {
    private static final String BASE = "/api/v1/matchmaking";

    @Inject
    Forwarder forwarder;

    @Inject
    Callers callers;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(
            operationId = "joinQueue",
            summary = "Queue for a game",
            description = "202 while waiting; once enough players wait for "
                    + "the same game, player count and options (defaults filled in, as for a table: the clock, Carrara's expansion), a table "
                    + "with those options is formed and started, and the player who completed it gets 201 with its tableId. The others learn "
                    + "it from GET /api/v1/matchmaking.")
    @RequestBody(
            required = true,
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = QueueRequest.class),
                            examples = {
                                @ExampleObject(
                                        name = "alhambra",
                                        summary = "Alhambra for three, default options",
                                        value = Examples.QUEUE),
                                @ExampleObject(
                                        name = "carrara-expansion",
                                        summary = "Carrara for three with the expansion",
                                        value = Examples.QUEUE_CARRARA_EXPANSION)
                            }))
    @APIResponse(
            responseCode = "201",
            description = "This request completed a group: the table is formed and started",
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = QueueEntry.class),
                            examples = @ExampleObject(name = "matched", value = Examples.MATCHED)))
    @APIResponse(
            responseCode = "202",
            description = "Queued: waiting for more players",
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = QueueEntry.class),
                            examples = {
                                @ExampleObject(name = "queued", value = Examples.QUEUED),
                                @ExampleObject(
                                        name = "carrara-expansion",
                                        summary = "Waiting for two others who want the expansion",
                                        value = Examples.QUEUED_CARRARA_EXPANSION)
                            }))
    @APIResponse(responseCode = "400", ref = INVALID_FIELD)
    @APIResponse(
            responseCode = "409",
            description = "`rule`: already-queued (leave the queue first) or already-matched",
            content = @Content(mediaType = PROBLEM, schema = @Schema(implementation = Problem.class)))
    public Uni<Response> queue(byte[] body) {
        return callers.required().chain(player -> forwarder.post(Upstream.LOBBY, BASE, body, player));
    }

    @GET
    @Operation(
            operationId = "getQueueEntry",
            summary = "The caller's place in the queue",
            description = "status queued, matched with the tableId of the formed table, or not-queued (and nothing "
                    + "else) when the caller has no entry.")
    @APIResponse(
            responseCode = "200",
            description = "The caller's entry",
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = QueueEntry.class),
                            examples = {
                                @ExampleObject(name = "queued", value = Examples.QUEUED),
                                @ExampleObject(name = "matched", value = Examples.MATCHED),
                                @ExampleObject(name = "not-queued", value = Examples.NOT_QUEUED)
                            }))
    public Uni<Response> get() {
        return callers.required().chain(player -> forwarder.get(Upstream.LOBBY, BASE, player));
    }

    @DELETE
    @Operation(operationId = "leaveQueue", summary = "Leave the queue")
    @APIResponse(responseCode = "204", description = "Left the queue")
    @APIResponse(
            responseCode = "404",
            description = "The caller is not queued",
            content = @Content(mediaType = PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(
            responseCode = "409",
            description = "`rule` already-matched: a table was formed already",
            content = @Content(mediaType = PROBLEM, schema = @Schema(implementation = Problem.class)))
    public Uni<Response> leave() {
        return callers.required().chain(player -> forwarder.delete(Upstream.LOBBY, BASE, player));
    }
}
