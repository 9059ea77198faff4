package dev.tessera.scoring.games;

import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/** Reads of the games' projections, for the REST resources (which do not talk to the database themselves). */
@ApplicationScoped
public class ScoredGames {
    /** The projection of {@code gameId}, or null when scoring-service has seen no event of that game. */
    @WithSession
    public Uni<ScoredGame> find(String gameId) {
        return ScoredGame.findById(gameId);
    }
}
