package dev.tessera.lobby.api;

import dev.tessera.lobby.players.PlayedGame;
import dev.tessera.lobby.players.PlayerProfile;
import dev.tessera.lobby.players.PlayerQueries;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import java.util.List;

/**
 * Players as the games saw them: profile with ratings, and game history. Public reads; the player id
 * is the gateway's, and a player the lobby never saw in a game has an empty profile, not a 404.
 */
@Path("/api/v1/players/{id}")
public class PlayerResource {
    @Inject
    PlayerQueries players;

    @GET
    public Uni<PlayerProfile> profile(@PathParam("id") String id) {
        return players.profile(id);
    }

    /** Newest first; {@code limit} 1..100, default 20. */
    @GET
    @Path("games")
    public Uni<List<PlayedGame>> games(@PathParam("id") String id, @QueryParam("limit") String limit) {
        return players.history(id, Limits.parse(limit, 20, 100));
    }
}
