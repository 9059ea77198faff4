package dev.tessera.lobby.api;

import dev.tessera.kit.identity.Caller;
import dev.tessera.kit.problem.ProblemException;
import dev.tessera.lobby.tables.GameTable;
import dev.tessera.lobby.tables.TableService;
import dev.tessera.lobby.tables.TableStatus;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Tables, as the gateway reaches them. The acting player comes from the gateway, never from the body. */
@Path("/api/v1/tables")
public class TableResource {
    @Inject
    TableService tables;

    public record OpenTable(String game, Integer seats, Map<String, String> options) {}

    public record TableView(
            String id,
            String game,
            int seats,
            String host,
            List<String> players,
            Map<String, String> options,
            String status,
            String gameId) {
        static TableView of(GameTable t) {
            return new TableView(
                    t.id,
                    t.game,
                    t.seats,
                    t.host,
                    t.seated(),
                    t.options,
                    t.status.name().toLowerCase(Locale.ROOT),
                    t.gameId);
        }
    }

    @POST
    public Uni<Response> open(@HeaderParam(Caller.PLAYER_HEADER) String player, OpenTable body) {
        if (body == null) {
            throw ProblemException.badField("body", "a JSON body with game and seats is required");
        }
        return tables.open(Caller.required(player), body.game(), body.seats(), body.options())
                .map(t -> Response.status(201).entity(TableView.of(t)).build());
    }

    @GET
    public Uni<List<TableView>> list(@QueryParam("game") String game, @QueryParam("status") String status) {
        TableStatus s = null;
        if (status != null) {
            try {
                s = TableStatus.valueOf(status.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw ProblemException.badField("status", "status is one of open, starting, playing, finished, closed");
            }
        }
        if (game != null) {
            TableService.title(game);
        }
        return tables.list(game, s).map(l -> l.stream().map(TableView::of).toList());
    }

    @GET
    @Path("{id}")
    public Uni<TableView> get(@PathParam("id") String id) {
        return tables.get(id).map(TableView::of);
    }

    @POST
    @Path("{id}/join")
    public Uni<TableView> join(@HeaderParam(Caller.PLAYER_HEADER) String player, @PathParam("id") String id) {
        return tables.join(id, Caller.required(player)).map(TableView::of);
    }

    /** The caller leaves before the start; if they hosted, the next seated player hosts (see {@code host}). */
    @POST
    @Path("{id}/leave")
    public Uni<TableView> leave(@HeaderParam(Caller.PLAYER_HEADER) String player, @PathParam("id") String id) {
        return tables.leave(id, Caller.required(player)).map(TableView::of);
    }

    /** The host removes another player before the start. */
    @DELETE
    @Path("{id}/seats/{player}")
    public Uni<TableView> removeSeat(
            @HeaderParam(Caller.PLAYER_HEADER) String caller,
            @PathParam("id") String id,
            @PathParam("player") String player) {
        return tables.removeSeat(id, Caller.required(caller), player).map(TableView::of);
    }

    @POST
    @Path("{id}/start")
    public Uni<TableView> start(@HeaderParam(Caller.PLAYER_HEADER) String player, @PathParam("id") String id) {
        return tables.start(id, Caller.required(player)).map(TableView::of);
    }
}
