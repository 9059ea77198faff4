package dev.tessera.game.play;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The most recently used games, folded, so that a request folds only the events it has not seen
 * (usually none) instead of the whole stream. Never the truth: every use is checked against the stream.
 */
@ApplicationScoped
public class FoldedGames {
    private final Map<String, GameStream<?, ?, ?>> games;

    public FoldedGames(@ConfigProperty(name = "tessera.games.in-memory", defaultValue = "5000") int capacity) {
        this.games = new LinkedHashMap<>(256, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, GameStream<?, ?, ?>> eldest) {
                return size() > capacity;
            }
        };
    }

    @SuppressWarnings("unchecked")
    synchronized <S, M, E> GameStream<S, M, E> get(String gameId) {
        return (GameStream<S, M, E>) games.get(gameId);
    }

    /** Drops what is kept of a game (tests use it to make the next request read the store). */
    synchronized void forget(String gameId) {
        games.remove(gameId);
    }

    /**
     * Drops what is kept of a game when its stream turned out to be behind it ({@code streamVersion}, seen by an
     * append that conflicted). Only committed versions are kept, so that means the database lost commits it had
     * acknowledged: PostgreSQL killed while running without fsync or with asynchronous commits (the local platform's
     * embedded one), or a failover to a replica that lacked them. Kept, the game would answer every move with a 409
     * for good: the state read says one version, the append finds another.
     */
    synchronized void forgetIfAhead(String gameId, long streamVersion) {
        GameStream<?, ?, ?> kept = games.get(gameId);
        if (kept != null && streamVersion >= 0 && kept.version() > streamVersion) {
            games.remove(gameId);
        }
    }

    /** Keeps {@code game} unless a later version of it is kept already. */
    synchronized void remember(GameStream<?, ?, ?> game) {
        games.merge(game.started().gameId(), game, (old, now) -> now.version() >= old.version() ? now : old);
    }
}
