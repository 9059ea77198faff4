package dev.tessera.gateway.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.gateway.api.model.Examples;
import dev.tessera.gateway.players.PlayerService;
import dev.tessera.gateway.upstream.Forwarder;
import dev.tessera.gateway.upstream.Upstream;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The best players of each game by Elo rating: the lobby's ranking with the players' names added. */
@Authenticated
@Path("/api/v1/leaderboards")
@Tag(name = "Leaderboards")
@Produces({MediaType.APPLICATION_JSON, "application/problem+json"})
public class LeaderboardsApi {

    @Schema(name = "Leaderboard", examples = Examples.LEADERBOARD)
    public record Leaderboard(
            @Schema(required = true) String game,

            @Schema(required = true, description = "Best rating first")
            List<Entry> entries) {}

    /** Equal ratings share a rank. */
    @Schema(name = "LeaderboardEntry")
    public record Entry(
            @Schema(required = true, description = "1 is best; equal ratings share a rank (1, 2, 2, 4)")
            int rank,

            @Schema(required = true, description = "The player's id")
            String player,

            @Schema(description = "The player's name (null for a player the gateway does not know)")
            String name,

            @Schema(required = true, description = "Elo rating")
            int rating,

            @Schema(required = true, description = "Rated games played")
            int games) {}

    @Inject
    Forwarder forwarder;

    @Inject
    PlayerService players;

    @Inject
    ObjectMapper mapper;

    @GET
    @Path("{game}")
    @Operation(
            operationId = "getLeaderboard",
            summary = "A game's leaderboard",
            description = "Best rating first, with the players' names.")
    @APIResponse(
            responseCode = "200",
            description = "The leaderboard",
            content =
                    @Content(
                            mediaType = ApiDocument.JSON,
                            schema = @Schema(implementation = Leaderboard.class),
                            examples = @ExampleObject(name = "carrara", value = Examples.LEADERBOARD)))
    @APIResponse(responseCode = "400", ref = ApiDocument.INVALID_FIELD)
    @APIResponse(responseCode = "401", ref = ApiDocument.BAD_CREDENTIAL)
    @APIResponse(
            responseCode = "404",
            description = "Unknown game",
            content =
                    @Content(
                            mediaType = ApiDocument.PROBLEM,
                            schema = @Schema(implementation = dev.tessera.gateway.api.model.Problem.class)))
    public Uni<Response> get(
            @Parameter(description = "The game", schema = @Schema(enumeration = {"alhambra", "carrara", "builders"}))
                    @PathParam("game")
                    String game,
            @Parameter(
                            description = "How many entries at most, 1 to 100 (default 50)",
                            schema =
                                    @Schema(
                                            type = SchemaType.INTEGER,
                                            minimum = "1",
                                            maximum = "100",
                                            defaultValue = "50"))
                    @QueryParam("limit")
                    String limit) {
        return forwarder
                .get(
                        Upstream.LOBBY,
                        Uris.withQuery("/api/v1/leaderboards/" + Uris.segment(game), Uris.query("limit", limit)),
                        null)
                .chain(answer -> {
                    if (answer.getStatus() != 200) {
                        return Uni.createFrom().item(answer);
                    }
                    Leaderboard board = Json.read(mapper, answer, Leaderboard.class);
                    List<Entry> entries = board.entries() == null ? List.of() : board.entries();
                    List<UUID> ids = entries.stream()
                            .map(e -> uuidOrNull(e.player()))
                            .filter(java.util.Objects::nonNull)
                            .toList();
                    return players.names(ids)
                            .map(names -> Response.ok(new Leaderboard(
                                            board.game(),
                                            entries.stream()
                                                    .map(e -> new Entry(
                                                            e.rank(),
                                                            e.player(),
                                                            name(names, e.player()),
                                                            e.rating(),
                                                            e.games()))
                                                    .toList()))
                                    .type(MediaType.APPLICATION_JSON)
                                    .build());
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
