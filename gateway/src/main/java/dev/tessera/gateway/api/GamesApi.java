package dev.tessera.gateway.api;

import dev.tessera.gateway.auth.Callers;
import dev.tessera.gateway.upstream.Forwarder;
import dev.tessera.gateway.upstream.Upstream;
import dev.tessera.kit.problem.ProblemException;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Games. Watching is public: without a credential the caller is a spectator and game-service removes
 * every hidden thing from the view. Legal moves and moves need the registered player whose they are.
 */
@Path("/api/v1/games/{id}")
@Tag(name = "Games", description = "A game's state for the caller, its event stream, legal moves and moves")
@Produces({MediaType.APPLICATION_JSON, "application/problem+json"})
public class GamesApi {

    @Inject
    Forwarder forwarder;

    @Inject
    Callers callers;

    private static String base(String id) {
        return "/api/v1/games/" + Uris.segment(id);
    }

    @GET
    @SecurityRequirementsSet({})
    @SecurityRequirementsSet(@SecurityRequirement(name = "bearer"))
    @Operation(summary = "The game as the caller may see it", description = "A seated player sees their own hidden information; anyone else, and a caller without a credential, sees what a spectator sees. A credential that does not verify is a 401, not a spectator view.")
    public Uni<Response> get(@PathParam("id") String id) {
        return callers.optional().chain(player -> forwarder.get(Upstream.GAME, base(id), player));
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
    @Authenticated
    @Path("legal-moves")
    @Operation(summary = "Every move the caller may send now, each exactly as POST moves accepts it")
    public Uni<Response> legalMoves(@PathParam("id") String id) {
        return callers.required().chain(player -> forwarder.get(Upstream.GAME, base(id) + "/legal-moves", player));
    }

    @POST
    @Authenticated
    @Path("moves")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Play a move", description = "Body: {\"expectedVersion\": 7, \"move\": {…one of legal-moves…}}. 422 names the broken rule; 409 gives the current version.")
    public Uni<Response> move(@PathParam("id") String id, byte[] body) {
        return callers.required().chain(player -> forwarder.post(Upstream.GAME, base(id) + "/moves", body, player));
    }
}
