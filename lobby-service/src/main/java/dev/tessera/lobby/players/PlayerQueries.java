package dev.tessera.lobby.players;

import static dev.tessera.lobby.sql.NativeSql.rows;

import dev.tessera.lobby.sql.SqlValues;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Reads of the players read model: profiles, histories, leaderboards. */
@ApplicationScoped
public class PlayerQueries {

    /** A player the lobby never saw in a game has an empty profile: the gateway knows who exists. */
    public Uni<PlayerProfile> profile(String player) {
        return Panache.withSession(() -> rows("""
                        SELECT count(*) AS played, count(*) FILTER (WHERE g.status = 'finished') AS finished,
                            count(*) FILTER (WHERE r.abandoned) AS gone
                        FROM player_game_results r JOIN player_games g ON g.game_id = r.game_id
                        WHERE r.player = :p""", Map.of("p", player))
                .chain(totals -> rows("""
                                SELECT game, rating, games, wins, abandoned FROM player_ratings
                                WHERE player = :p ORDER BY game""", Map.of("p", player))
                        .map(titles -> new PlayerProfile(
                                player,
                                SqlValues.count(totals.get(0)[0]),
                                SqlValues.count(totals.get(0)[1]),
                                SqlValues.count(totals.get(0)[2]),
                                titles.stream()
                                        .map(t -> new PlayerProfile.TitleRating(
                                                (String) t[0],
                                                SqlValues.integer(t[1]),
                                                SqlValues.integer(t[2]),
                                                SqlValues.integer(t[3]),
                                                SqlValues.integer(t[4])))
                                        .toList()))));
    }

    /** The player's games, newest first. */
    public Uni<List<PlayedGame>> history(String player, int limit) {
        return Panache.withSession(() -> rows("""
                        SELECT g.game_id, g.table_id, g.game, g.status, g.started_at, g.ended_at,
                            r.rank, r.score, r.abandoned, r.rating_before, r.rating_after
                        FROM player_game_results r JOIN player_games g ON g.game_id = r.game_id
                        WHERE r.player = :p ORDER BY g.started_at DESC, g.game_id DESC LIMIT :n""", Map.of("p", player, "n", limit))
                .chain(games -> seating(games.stream().map(g -> (String) g[0]).toList())
                        .map(seats -> games.stream()
                                .map(g -> new PlayedGame(
                                        (String) g[0],
                                        (String) g[1],
                                        (String) g[2],
                                        seats.getOrDefault((String) g[0], List.of()),
                                        (String) g[3],
                                        SqlValues.time(g[4]),
                                        SqlValues.time(g[5]),
                                        SqlValues.integer(g[6]),
                                        SqlValues.integer(g[7]),
                                        Boolean.TRUE.equals(g[8]),
                                        SqlValues.integer(g[9]),
                                        SqlValues.integer(g[10])))
                                .toList())));
    }

    /** The title's best ratings, {@code limit} of them. */
    public Uni<Leaderboard> leaderboard(String title, int limit) {
        return Panache.withSession(() -> rows("""
                        SELECT rank() OVER (ORDER BY rating DESC) AS place, player, rating, games
                        FROM player_ratings WHERE game = :t ORDER BY rating DESC, player LIMIT :n""", Map.of("t", title, "n", limit)))
                .map(entries -> new Leaderboard(
                        title,
                        entries.stream()
                                .map(e -> new Leaderboard.Entry(
                                        SqlValues.count(e[0]),
                                        (String) e[1],
                                        SqlValues.integer(e[2]),
                                        SqlValues.integer(e[3])))
                                .toList()));
    }

    /** The players of each game, in seat order. */
    private Uni<Map<String, List<String>>> seating(List<String> gameIds) {
        if (gameIds.isEmpty()) {
            return Uni.createFrom().item(Map.of());
        }
        return rows(
                        "SELECT game_id, player FROM player_game_results WHERE game_id IN (:games) ORDER BY game_id, seat",
                        Map.of("games", gameIds))
                .map(found -> {
                    Map<String, List<String>> seats = new HashMap<>();
                    found.forEach(r -> seats.computeIfAbsent((String) r[0], g -> new ArrayList<>())
                            .add((String) r[1]));
                    return seats;
                });
    }
}
