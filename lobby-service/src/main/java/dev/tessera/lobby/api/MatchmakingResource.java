package dev.tessera.lobby.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.tessera.kit.identity.Caller;
import dev.tessera.kit.problem.ProblemException;
import dev.tessera.lobby.matchmaking.MatchmakingService;
import dev.tessera.lobby.matchmaking.QueueEntry;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;
import java.time.OffsetDateTime;
import java.util.Map;

/** Quick play for the calling player: queue, see where the entry stands, leave the queue. */
@Path("/api/v1/matchmaking")
public class MatchmakingResource {
    @Inject
    MatchmakingService matchmaking;

    /** {@code options}: a table's options (TableOptions), optional; the table formed gets them. */
    public record QueueRequest(String game, Integer players, Map<String, String> options) {}

    /**
     * {@code queued} (with the place in line), {@code matched} (with the table, started already), or
     * {@code not-queued} (nothing else: the caller has no entry).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record EntryView(
            String status,
            String game,
            Integer players,
            Map<String, String> options,
            OffsetDateTime queuedAt,
            String tableId,
            OffsetDateTime matchedAt,
            Long position,
            Long waiting) {
        static final EntryView NOT_QUEUED = new EntryView("not-queued", null, null, null, null, null, null, null, null);

        static EntryView of(QueueEntry e) {
            return new EntryView(
                    e.matched() ? "matched" : "queued",
                    e.game(),
                    e.players(),
                    e.options(),
                    e.queuedAt(),
                    e.tableId(),
                    e.matchedAt(),
                    e.position(),
                    e.waiting());
        }
    }

    /** 202 while waiting; 201 when this request completed a group and the table is started. */
    @POST
    public Uni<Response> queue(@HeaderParam(Caller.PLAYER_HEADER) String player, QueueRequest body) {
        String caller = Caller.required(player);
        if (body == null) {
            throw ProblemException.badField("body", "a JSON body with game and players is required");
        }
        return matchmaking
                .queue(caller, body.game(), body.players(), body.options())
                .map(e -> Response.status(e.matched() ? 201 : 202)
                        .entity(EntryView.of(e))
                        .build());
    }

    @GET
    public Uni<EntryView> get(@HeaderParam(Caller.PLAYER_HEADER) String player) {
        // Not being in the queue is an answer, not an error: a client asks on every visit to the lobby.
        return matchmaking
                .get(Caller.required(player))
                .map(e -> e.map(EntryView::of).orElse(EntryView.NOT_QUEUED));
    }

    @DELETE
    public Uni<Void> leave(@HeaderParam(Caller.PLAYER_HEADER) String player) {
        return matchmaking.leave(Caller.required(player));
    }
}
