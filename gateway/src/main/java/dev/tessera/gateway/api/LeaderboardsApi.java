package dev.tessera.gateway.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.gateway.players.PlayerService;
import dev.tessera.gateway.upstream.Forwarder;
import dev.tessera.gateway.upstream.Upstream;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.util.List;
import java.util.Map;
import java.util.UUID;

/** The best players of each game by Elo rating: the lobby's ranking with the players' names added. Public. */
@Path("/api/v1/leaderboards")
@Tag(name = "Players", description = "Sign up, who a player is, tokens and API keys")
@Produces({MediaType.APPLICATION_JSON, "application/problem+json"})
public class LeaderboardsApi {

    public record Leaderboard(String game, List<Entry> entries) {
    }

    /** Equal ratings share a rank. */
    public record Entry(int rank, String player, String name, int rating, int games) {
    }

    @Inject
    Forwarder forwarder;

    @Inject
    PlayerService players;

    @Inject
    ObjectMapper mapper;

    @GET
    @Path("{game}")
    @Operation(summary = "A game's leaderboard", description = "Best rating first; limit 1 to 100, default 50. 404 for an unknown game.")
    @APIResponse(responseCode = "200", description = "The leaderboard", content = @Content(schema = @Schema(implementation = Leaderboard.class)))
    @APIResponse(responseCode = "404", description = "Unknown game", content = @Content(mediaType = "application/problem+json"))
    public Uni<Response> get(@PathParam("game") String game, @QueryParam("limit") String limit) {
        String query = Uris.query("limit", limit);
        return forwarder.get(Upstream.LOBBY, "/api/v1/leaderboards/" + Uris.segment(game) + (query.isEmpty() ? "" : "?" + query), null)
                .chain(answer -> {
                    if (answer.getStatus() != 200) {
                        return Uni.createFrom().item(answer);
                    }
                    Leaderboard board = Json.read(mapper, answer, Leaderboard.class);
                    List<Entry> entries = board.entries() == null ? List.of() : board.entries();
                    List<UUID> ids = entries.stream().map(e -> uuidOrNull(e.player())).filter(java.util.Objects::nonNull).toList();
                    return players.names(ids).map(names -> Response.ok(new Leaderboard(board.game(), entries.stream()
                                    .map(e -> new Entry(e.rank(), e.player(), name(names, e.player()), e.rating(), e.games())).toList()))
                            .type(MediaType.APPLICATION_JSON).build());
                });
    }

    private static String name(Map<UUID, String> names, String player) {
        UUID id = uuidOrNull(player);
        return id == null ? null : names.get(id);
    }

    private static UUID uuidOrNull(String id) {
        try {
            return id == null ? null : UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
