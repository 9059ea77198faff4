package dev.tessera.scoring.api;

import dev.tessera.kit.problem.ProblemException;
import dev.tessera.scoring.games.ScoredGames;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import java.util.List;

/** What scoring-service knows of a game: how far its projection of the game's events has got. */
@Path("/api/v1/scoring/games/{id}")
public class GameResource {
    public record ScoredGameView(
            String gameId, String game, List<String> players, long lastVersion, boolean finished) {}

    @Inject
    ScoredGames games;

    @GET
    public Uni<ScoredGameView> get(@PathParam("id") String id) {
        return games.find(id)
                .onItem()
                .ifNull()
                .failWith(() -> ProblemException.notFound("game", id))
                .map(g -> new ScoredGameView(g.gameId, g.game, List.of(g.players), g.lastVersion, g.finished));
    }
}
