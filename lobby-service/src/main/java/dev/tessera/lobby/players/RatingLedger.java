package dev.tessera.lobby.players;

import static dev.tessera.lobby.sql.NativeSql.rows;
import static dev.tessera.lobby.sql.NativeSql.update;

import dev.tessera.lobby.sql.SqlValues;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The ratings of a title, applied game by game in the order the games ended ({@code GameEnded}'s
 * CloudEvent time, then game id), whatever order the consumer happened to see them in: games of
 * different partitions interleave freely, and Elo depends on order. Each finished game keeps every
 * player's rating before and after it. When a game turns out to have ended before games already rated,
 * those later games are rated again in order from it (normally there are none, so this costs one game).
 */
@ApplicationScoped
public class RatingLedger {

    /**
     * Serialises rating within a title across lobby instances (a transaction-scoped advisory lock):
     * two games sharing a player must not both read the rating the other is about to change.
     */
    public Uni<Void> lock(String title) {
        return rows("SELECT 1 FROM pg_advisory_xact_lock(hashtext(:k))", Map.of("k", "lobby.ratings/" + title))
                .replaceWithVoid();
    }

    /** Rates {@code gameId} and every finished game of {@code title} that ended after it, in order; under {@link #lock}. */
    public Uni<Void> rateFrom(String title, String gameId) {
        Map<String, String> from = Map.of("t", title, "g", gameId);
        return rows("""
                        SELECT g.game_id, r.player, r.rated_rank
                        FROM player_games g JOIN player_game_results r ON r.game_id = g.game_id
                        WHERE g.game = :t AND g.status = 'finished' AND r.rated_rank IS NOT NULL
                          AND (g.ended_at, g.game_id) >= (SELECT f.ended_at, f.game_id FROM player_games f WHERE f.game_id = :g)
                        ORDER BY g.ended_at, g.game_id, r.seat""", from).chain(found -> {
            Map<String, List<Object[]>> games = new LinkedHashMap<>();
            Set<String> players = new LinkedHashSet<>();
            for (Object[] r : found) {
                games.computeIfAbsent((String) r[0], g -> new ArrayList<>()).add(r);
                players.add((String) r[1]);
            }
            if (players.isEmpty()) {
                return Uni.createFrom().voidItem();
            }
            return ratingsBefore(title, gameId, players).chain(ratings -> replay(title, games, ratings));
        });
    }

    /** Each player's rating after their last game of the title that ended before {@code gameId}; the initial rating if none. */
    private Uni<Map<String, Integer>> ratingsBefore(String title, String gameId, Set<String> players) {
        return rows("""
                        SELECT DISTINCT ON (r.player) r.player, r.rating_after
                        FROM player_games g JOIN player_game_results r ON r.game_id = g.game_id
                        WHERE g.game = :t AND g.status = 'finished' AND r.rating_after IS NOT NULL AND r.player IN (:players)
                          AND (g.ended_at, g.game_id) < (SELECT f.ended_at, f.game_id FROM player_games f WHERE f.game_id = :g)
                        ORDER BY r.player, g.ended_at DESC, g.game_id DESC""", Map.of("t", title, "g", gameId, "players", List.copyOf(players)))
                .map(found -> {
                    Map<String, Integer> ratings = new HashMap<>();
                    players.forEach(p -> ratings.put(p, Elo.INITIAL));
                    found.forEach(r -> ratings.put((String) r[0], SqlValues.integer(r[1])));
                    return ratings;
                });
    }

    /** Applies the games in order from the ratings before the first, and stores every step and the ratings at the end. */
    private Uni<Void> replay(String title, Map<String, List<Object[]>> games, Map<String, Integer> ratings) {
        Uni<Integer> chain = Uni.createFrom().item(0);
        for (Map.Entry<String, List<Object[]>> game : games.entrySet()) {
            List<Elo.Contender> contenders = game.getValue().stream()
                    .map(r -> new Elo.Contender((String) r[1], ratings.get((String) r[1]), SqlValues.integer(r[2])))
                    .toList();
            Map<String, Integer> after = Elo.rate(contenders);
            for (Elo.Contender c : contenders) {
                Map<String, Object> step = Map.of(
                        "g", game.getKey(), "p", c.player(), "before", c.rating(), "after", after.get(c.player()));
                chain = chain.chain(() -> update("""
                        UPDATE player_game_results SET rating_before = :before, rating_after = :after
                        WHERE game_id = :g AND player = :p""", step));
            }
            ratings.putAll(after);
        }
        for (Map.Entry<String, Integer> rating : ratings.entrySet()) {
            Map<String, Object> current = Map.of("t", title, "p", rating.getKey(), "r", rating.getValue());
            chain = chain.chain(
                    () -> update("UPDATE player_ratings SET rating = :r WHERE player = :p AND game = :t", current));
        }
        return chain.replaceWithVoid();
    }
}
