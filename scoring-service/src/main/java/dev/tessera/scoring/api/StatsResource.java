package dev.tessera.scoring.api;

import dev.tessera.events.Games;
import dev.tessera.kit.problem.ProblemException;
import dev.tessera.scoring.stats.GameStatistics;
import dev.tessera.scoring.stats.StatsStores;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * Statistics of a title, computed continuously from {@code game-events} and {@code scoring-events} by the
 * Kafka Streams topology and read from its state stores (definitions: scoring-service/README.md). Sandbox games
 * are left out unless {@code ?sandbox=include}.
 */
@Path("/api/v1/stats/{game}")
public class StatsResource {
    @Inject
    StatsStores stores;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public GameStatistics get(
            @PathParam("game") String game,
            @Parameter(
                            description = Sandbox.DESCRIPTION,
                            schema = @Schema(enumeration = {Sandbox.EXCLUDE, Sandbox.INCLUDE}))
                    @QueryParam(Sandbox.PARAMETER)
                    String sandbox) {
        if (Games.byId(game).isEmpty()) {
            throw ProblemException.notFound("game", game);
        }
        return stores.statistics(game, Sandbox.included(sandbox));
    }
}
