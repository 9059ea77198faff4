package dev.tessera.scoring.api;

import dev.tessera.kit.problem.ProblemException;
import dev.tessera.scoring.stats.StatsQueries;
import dev.tessera.scoring.stats.StatsStores;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * For the other instances of scoring-service only: the value of one key of one statistics store, read
 * from this instance's active task (JSON; {@code null} when the store has no such key), or a 503 problem
 * when this instance is not the active one for the key. The gateway routes nothing here.
 */
@Path(StatsQueries.INTERNAL_PATH + "{store}")
public class InternalStatsResource {
    @Inject
    StatsStores stores;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(hidden = true)
    public Response value(@PathParam("store") String store, @QueryParam("key") String key) {
        if (key == null) {
            throw ProblemException.badField("key", "key is required");
        }
        return Response.ok(stores.localValue(store, key), MediaType.APPLICATION_JSON)
                .build();
    }
}
