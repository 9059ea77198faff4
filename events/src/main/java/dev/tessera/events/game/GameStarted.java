package dev.tessera.events.game;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.EventType;
import java.util.List;
import java.util.Map;

/**
 * The first event of every game stream.
 *
 * @param tableId      the table whose start created the game; null for a sandbox game, which no table started
 * @param seed         hidden information: every random draw of the game derives from it, so views,
 *                     feeds and exports for players and spectators never include it
 * @param initialState the game at set-up as a spectator sees it (the rules engine's view), so that a
 *                     consumer can follow the game from its events alone (Alhambra's neutral Dirk, for
 *                     instance, starts with tiles no later event mentions)
 * @param sandbox      true for a game played for practice: never rated, and left out of leaderboards, statistics
 *                     and exports unless asked for
 * @param fork         what the game was forked from; null unless it is a fork of a finished game
 * @param commitment   the game's commitment to its seed, published from its start: the SHA-256 of the seed and the
 *                     salt ({@link SeedCommitment}), in lowercase hex; once the game has ended, its {@link SeedRevealed}
 *                     gives both, and anyone can check that the game's draws came from the seed it committed to. Null
 *                     for a game started before commitments existed
 * @param salt         hidden information until the game has ended, as the seed is: 32 random hex digits hashed with
 *                     the seed; null when commitment is
 */
@EventType(value = "tessera.game.GameStarted", version = 3)
public record GameStarted(
        String gameId,
        String tableId,
        String game,
        List<String> players,
        long seed,
        Map<String, String> options,
        JsonNode initialState,
        boolean sandbox,
        Fork fork,
        String commitment,
        String salt)
        implements GameLifecycleEvent {

    /**
     * A game started by a table before commitments existed: not a sandbox, not a fork, with no commitment (what an
     * older version of this event reads as).
     */
    public GameStarted(
            String gameId,
            String tableId,
            String game,
            List<String> players,
            long seed,
            Map<String, String> options,
            JsonNode initialState) {
        this(gameId, tableId, game, players, seed, options, initialState, false, null, null, null);
    }

    /** A game started by a table: not a sandbox, not a fork, committed to its seed with {@code salt}. */
    public GameStarted(
            String gameId,
            String tableId,
            String game,
            List<String> players,
            long seed,
            Map<String, String> options,
            JsonNode initialState,
            String salt) {
        this(
                gameId,
                tableId,
                game,
                players,
                seed,
                options,
                initialState,
                false,
                null,
                SeedCommitment.of(seed, salt),
                salt);
    }

    /**
     * A sandbox game forked from a finished one. Its stream starts as the original's did (same players, seed, options
     * and initial state), and its events 2 to {@code at} are copies of the original's, so that at version {@code at}
     * it is exactly the original at that version; from there on, {@code player} plays every seat.
     *
     * @param gameId the game it was forked from
     * @param at     the version of that game it was forked at: the fork's version too once it is created
     * @param player who forked it, and plays every seat of it
     */
    public record Fork(String gameId, long at, String player) {}
}
