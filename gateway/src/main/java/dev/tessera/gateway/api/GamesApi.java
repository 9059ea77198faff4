package dev.tessera.gateway.api;

import dev.tessera.gateway.upstream.Forwarder;
import dev.tessera.gateway.upstream.Upstream;
import dev.tessera.kit.problem.ProblemException;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/api/v1/games/{id}")
@Tag(name = "Games", description = "A game's state for the caller, its event stream, legal moves and moves")
@Produces({MediaType.APPLICATION_JSON, "application/problem+json"})
public class GamesApi {

    @Inject
    Forwarder forwarder;

    private static String base(String id) {
        return "/api/v1/games/" + Caller.segment(id);
    }

    @GET
    @Operation(summary = "The game as the caller may see it", description = "A seated player sees their own hidden information; anyone else sees what a spectator sees.")
    public Uni<Response> get(@HeaderParam(Caller.HEADER) String player, @PathParam("id") String id) {
        return forwarder.get(Upstream.GAME, base(id), Caller.optional(player));
    }

    @GET
    @Path("events")
    @Operation(summary = "The game's events after version `from`, as CloudEvents JSON")
    public Uni<Response> events(@PathParam("id") String id, @QueryParam("from") @DefaultValue("0") long from) {
        if (from < 0) {
            throw ProblemException.badField("from", "from is a stream version, 0 or more");
        }
        return forwarder.get(Upstream.GAME, base(id) + "/events?from=" + from, null);
    }

    @GET
    @Path("legal-moves")
    @Operation(summary = "Every move the caller may send now, each exactly as POST moves accepts it")
    public Uni<Response> legalMoves(@HeaderParam(Caller.HEADER) String player, @PathParam("id") String id) {
        return forwarder.get(Upstream.GAME, base(id) + "/legal-moves", Caller.required(player));
    }

    @POST
    @Path("moves")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Play a move", description = "Body: {\"expectedVersion\": 7, \"move\": {…one of legal-moves…}}. 422 names the broken rule; 409 gives the current version.")
    public Uni<Response> move(@HeaderParam(Caller.HEADER) String player, @PathParam("id") String id, byte[] body) {
        return forwarder.post(Upstream.GAME, base(id) + "/moves", body, Caller.required(player));
    }
}
