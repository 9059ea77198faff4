package dev.tessera.lobby.api;

import dev.tessera.events.Games;
import dev.tessera.kit.problem.ProblemException;
import dev.tessera.lobby.players.Leaderboard;
import dev.tessera.lobby.players.PlayerQueries;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;

/** The best Elo ratings of each title. */
@Path("/api/v1/leaderboards/{game}")
public class LeaderboardResource {
    @Inject
    PlayerQueries players;

    /** Best first, equal ratings sharing a rank; {@code limit} 1..100, default 50. Unknown game: 404. */
    @GET
    public Uni<Leaderboard> get(@PathParam("game") String game, @QueryParam("limit") String limit) {
        if (Games.byId(game).isEmpty()) {
            throw ProblemException.notFound("game", game).with("game", game);
        }
        return players.leaderboard(game, Limits.parse(limit, 50, 100));
    }
}
