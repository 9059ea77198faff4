package dev.tessera.gateway.api;

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
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Tables. Reading them is public (anyone may browse the lobby); acting at one needs a registered player. */
@Path("/api/v1/tables")
@Tag(name = "Tables", description = "Open a table, take a seat, start the game")
@Produces({MediaType.APPLICATION_JSON, "application/problem+json"})
public class TablesApi {
    private static final String BASE = "/api/v1/tables";

    @Inject
    Forwarder forwarder;

    @Inject
    Callers callers;

    @POST
    @Authenticated
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Open a table", description = "Body: {\"game\": \"alhambra\", \"seats\": 3, \"options\": {\"clock\": \"realtime\", \"turnSeconds\": \"60\"}}. The caller takes the first seat and hosts. Clock options: clock realtime (turnSeconds 5 to 3600, default 120) or turn-based (moveHours 1 to 720, default 72; the default clock). A player whose time runs out is marked timed out; after one more turn a server bot takes the seat and the player counts as having abandoned.")
    public Uni<Response> open(byte[] body) {
        return callers.required().chain(player -> forwarder.post(Upstream.LOBBY, BASE, body, player));
    }

    @GET
    @Operation(summary = "List tables", description = "Filter by game and status (open, starting, playing, finished).")
    public Uni<Response> list(@QueryParam("game") String game, @QueryParam("status") String status) {
        String query = Stream.of(Uris.query("game", game), Uris.query("status", status))
                .filter(q -> !q.isEmpty()).collect(Collectors.joining("&"));
        return forwarder.get(Upstream.LOBBY, query.isEmpty() ? BASE : BASE + "?" + query, null);
    }

    @GET
    @Path("{id}")
    @Operation(summary = "A table: its seats, status and, once started, its game id")
    public Uni<Response> get(@PathParam("id") String id) {
        return forwarder.get(Upstream.LOBBY, BASE + "/" + Uris.segment(id), null);
    }

    @POST
    @Authenticated
    @Path("{id}/join")
    @Operation(summary = "Take a free seat")
    public Uni<Response> join(@PathParam("id") String id) {
        return callers.required().chain(player ->
                forwarder.post(Upstream.LOBBY, BASE + "/" + Uris.segment(id) + "/join", null, player));
    }

    @POST
    @Authenticated
    @Path("{id}/start")
    @Operation(summary = "Start the game (host only, with at least the game's minimum of players)")
    public Uni<Response> start(@PathParam("id") String id) {
        return callers.required().chain(player ->
                forwarder.post(Upstream.LOBBY, BASE + "/" + Uris.segment(id) + "/start", null, player));
    }

    @POST
    @Authenticated
    @Path("{id}/leave")
    @Operation(summary = "Leave the table before it starts", description = "If the host leaves, the next seated player hosts; a table nobody sits at is closed. 409 not-seated, table-started.")
    public Uni<Response> leave(@PathParam("id") String id) {
        return callers.required().chain(player ->
                forwarder.post(Upstream.LOBBY, BASE + "/" + Uris.segment(id) + "/leave", null, player));
    }

    @DELETE
    @Authenticated
    @Path("{id}/seats/{player}")
    @Operation(summary = "Remove a player from the table (host only, before the start)", description = "403 not-host; 409 host-cannot-remove-self (leave instead).")
    public Uni<Response> removeSeat(@PathParam("id") String id, @PathParam("player") String seated) {
        return callers.required().chain(player -> forwarder.delete(Upstream.LOBBY,
                BASE + "/" + Uris.segment(id) + "/seats/" + Uris.segment(seated), player));
    }
}
