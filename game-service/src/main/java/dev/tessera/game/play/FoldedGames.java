package dev.tessera.game.play;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The most recently used games, folded, so that a request folds only the events it has not seen
 * (usually none) instead of the whole stream. Never the truth: every use is checked against the stream, by a read or,
 * for a player's move decided on a game kept at the version it expects ({@link #keptAt}), by its append's version check.
 *
 * <p>Games in play are kept up to {@code tessera.games.in-memory}; a finished game moves to a much smaller set of its
 * own ({@code tessera.games.finished-in-memory}), where it stays while its players look at the end. Finished games
 * never change again and are rarely asked for afterwards; kept with the others, they filled the cache of every
 * long-running instance to its bound (the soak: game-service's live heap grew by 10 MB in 27 minutes, every game
 * played since its start).
 */
@ApplicationScoped
public class FoldedGames {
    private final Map<String, GameStream<?, ?, ?>> games;
    private final Map<String, GameStream<?, ?, ?>> finished;
    /** Each game's clock row at a version, as read with its stream in one statement or written with its append. */
    private final Map<String, KnownRow> rows;

    /** A game's clock row (none: no row) when its stream was at {@code version}. */
    private record KnownRow(long version, Optional<ClockRow> row) {}

    /** A game kept at a version, with its clock row at that same version. */
    record Kept<S, M, E>(GameStream<S, M, E> game, Optional<ClockRow> clock) {}

    public FoldedGames(
            @ConfigProperty(name = "tessera.games.in-memory", defaultValue = "5000") int capacity,
            @ConfigProperty(name = "tessera.games.finished-in-memory", defaultValue = "200") int finishedCapacity) {
        this.games = lru(capacity);
        this.finished = lru(finishedCapacity);
        this.rows = lru(capacity + finishedCapacity);
    }

    private static <V> Map<String, V> lru(int capacity) {
        return new LinkedHashMap<>(256, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
                return size() > capacity;
            }
        };
    }

    @SuppressWarnings("unchecked")
    synchronized <S, M, E> GameStream<S, M, E> get(String gameId) {
        GameStream<?, ?, ?> kept = games.get(gameId);
        return (GameStream<S, M, E>) (kept != null ? kept : finished.get(gameId));
    }

    /** How many games are kept: in play, and finished. */
    synchronized int[] sizes() {
        return new int[] {games.size(), finished.size()};
    }

    /**
     * The game kept at exactly {@code version}, with its clock row at that version, when both are known; else null.
     * What a player's move may decide on without reading the stream first ({@link GameMoves#move}): its append still
     * writes only if the stream is at that version.
     */
    @SuppressWarnings("unchecked")
    synchronized <S, M, E> Kept<S, M, E> keptAt(String gameId, long version) {
        GameStream<S, M, E> game = get(gameId);
        KnownRow row = rows.get(gameId);
        if (game == null || row == null || game.version() != version || row.version() != version) {
            return null;
        }
        return new Kept<>(game, row.row());
    }

    /**
     * The game kept at {@code minVersion} or later, with its clock row at the version it is kept at, when both are
     * known; else null. What a reader that has seen {@code minVersion} may be answered from without reading the stream
     * ({@link GameService#loadWithClock(String, Long, GameService.Read)}): nothing it has seen is missing, and should
     * the stream have moved on since, a move sent at the version answered gets the 409 that tells it so.
     */
    synchronized <S, M, E> Kept<S, M, E> keptSince(String gameId, long minVersion) {
        GameStream<S, M, E> game = get(gameId);
        return game == null || game.version() < minVersion ? null : keptAt(gameId, game.version());
    }

    /** Records {@code gameId}'s clock row when its stream was at {@code version}, unless a later one is known. */
    synchronized void rememberRow(String gameId, long version, Optional<ClockRow> row) {
        KnownRow known = rows.get(gameId);
        if (known == null || known.version() <= version) {
            rows.put(gameId, new KnownRow(version, row));
        }
    }

    /** Drops what is kept of a game (tests use it to make the next request read the store). */
    synchronized void forget(String gameId) {
        games.remove(gameId);
        finished.remove(gameId);
        rows.remove(gameId);
    }

    /**
     * Drops what is kept of a game when its stream turned out to be behind it ({@code streamVersion}, seen by an
     * append that conflicted). Only committed versions are kept, so that means the database lost commits it had
     * acknowledged: PostgreSQL killed while running without fsync or with asynchronous commits (the local platform's
     * embedded one), or a failover to a replica that lacked them. Kept, the game would answer every move with a 409
     * for good: the state read says one version, the append finds another.
     */
    synchronized void forgetIfAhead(String gameId, long streamVersion) {
        GameStream<?, ?, ?> kept = get(gameId);
        if (kept != null && streamVersion >= 0 && kept.version() > streamVersion) {
            forget(gameId);
        }
    }

    /** Keeps {@code game} unless a later version of it is kept already; a finished game with the finished ones. */
    synchronized void remember(GameStream<?, ?, ?> game) {
        String id = game.started().gameId();
        GameStream<?, ?, ?> kept = get(id);
        if (kept != null && kept.version() > game.version()) {
            return;
        }
        if (over(game)) {
            games.remove(id);
            finished.put(id, game);
        } else {
            finished.remove(id);
            games.put(id, game);
        }
    }

    private static <S> boolean over(GameStream<S, ?, ?> game) {
        return game.engine().isOver(game.state());
    }
}
