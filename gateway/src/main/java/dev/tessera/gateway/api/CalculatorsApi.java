package dev.tessera.gateway.api;

import dev.tessera.gateway.upstream.Forwarder;
import dev.tessera.gateway.upstream.Upstream;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Stateless rules and scoring checks for companion apps; no account needed. */
@Path("/api/v1/calculators")
@Tag(name = "Calculators", description = "Stateless rules and scoring checks for companion apps")
@Consumes(MediaType.APPLICATION_JSON)
@Produces({MediaType.APPLICATION_JSON, "application/problem+json"})
public class CalculatorsApi {
    private static final String BASE = "/api/v1/calculators/";

    @Inject
    Forwarder forwarder;

    @POST
    @Path("alhambra/scoring")
    @Operation(summary = "Score an Alhambra scoring round from layouts or building counts")
    public Uni<Response> alhambraScoring(byte[] body) {
        return forwarder.post(Upstream.SCORING, BASE + "alhambra/scoring", body, null);
    }

    @POST
    @Path("alhambra/wall")
    @Operation(summary = "The longest continuous outer wall of an Alhambra")
    public Uni<Response> alhambraWall(byte[] body) {
        return forwarder.post(Upstream.SCORING, BASE + "alhambra/wall", body, null);
    }

    @POST
    @Path("alhambra/placement")
    @Operation(summary = "Whether placing, removing or swapping a tile is legal, and which rule forbids it")
    public Uni<Response> alhambraPlacement(byte[] body) {
        return forwarder.post(Upstream.GAME, BASE + "alhambra/placement", body, null);
    }

    @POST
    @Path("builders/final")
    @Operation(summary = "Final standings of The Builders: Middle Ages")
    public Uni<Response> buildersFinal(byte[] body) {
        return forwarder.post(Upstream.SCORING, BASE + "builders/final", body, null);
    }

    @POST
    @Path("carrara/valuation")
    @Operation(summary = "A Carrara valuation by building type or by city")
    public Uni<Response> carraraValuation(byte[] body) {
        return forwarder.post(Upstream.SCORING, BASE + "carrara/valuation", body, null);
    }
}
