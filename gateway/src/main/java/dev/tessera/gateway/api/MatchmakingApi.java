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
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Quick play: wait for a game with strangers instead of opening a table. */
@Path("/api/v1/matchmaking")
@Tag(name = "Matchmaking", description = "Quick play: queue for a game, learn your table")
@Produces({MediaType.APPLICATION_JSON, "application/problem+json"})
@Authenticated
public class MatchmakingApi {
    private static final String BASE = "/api/v1/matchmaking";

    @Inject
    Forwarder forwarder;

    @Inject
    Callers callers;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Queue for a game", description = "Body: {\"game\": \"alhambra\", \"players\": 3}. 202 while waiting; once enough players wait for the same game and player count, a table is formed and started (the default clock), and the player who completed it gets 201 with its tableId. 409 already-queued.")
    public Uni<Response> queue(byte[] body) {
        return callers.required().chain(player -> forwarder.post(Upstream.LOBBY, BASE, body, player));
    }

    @GET
    @Operation(summary = "The caller's place in the queue", description = "status queued, or matched with the tableId of the formed table; 404 when the caller is not queued.")
    public Uni<Response> get() {
        return callers.required().chain(player -> forwarder.get(Upstream.LOBBY, BASE, player));
    }

    @DELETE
    @Operation(summary = "Leave the queue", description = "204; 404 when not queued; 409 already-matched once a table was formed.")
    public Uni<Response> leave() {
        return callers.required().chain(player -> forwarder.delete(Upstream.LOBBY, BASE, player));
    }
}
