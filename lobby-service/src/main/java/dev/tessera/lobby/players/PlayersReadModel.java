package dev.tessera.lobby.players;

import static dev.tessera.lobby.sql.NativeSql.rows;
import static dev.tessera.lobby.sql.NativeSql.update;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.game.GameEnded;
import dev.tessera.events.game.GameStarted;
import dev.tessera.events.game.SeatTakenByBot;
import dev.tessera.lobby.sql.SqlValues;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * The players read model: who played which game, how it ended for them, and their ratings, built only
 * from {@code game-events} ({@code GameStarted}, {@code SeatTakenByBot}, {@code GameEnded}) by the
 * idempotent consumer {@value #CONSUMER}. It is rebuildable: truncate {@link #TABLES}, delete the
 * {@code processed_events} rows of {@value #CONSUMER}, replay {@code game-events} from the start, and
 * every answer comes out the same, because ratings are applied in the order the games ended
 * ({@link RatingLedger}), not in the order their events happen to be consumed.
 *
 * <p>A sandbox game ({@code GameStarted.sandbox}: a practice game, such as a fork of a finished one, whose players are
 * the original game's seats) is never rated and is in nobody's history: only its id is kept, in
 * {@code sandbox_games}, so that its {@code GameEnded} is known for a sandbox game's and passed over, rather than
 * taken for the end of a game whose start was never seen.
 */
@ApplicationScoped
public class PlayersReadModel {
    private static final Logger LOG = Logger.getLogger(PlayersReadModel.class);

    /** The idempotent consumer's name in {@code processed_events}. */
    public static final String CONSUMER = "lobby.players";

    /** Every table of the read model, and nothing else: what a rebuild truncates. */
    public static final List<String> TABLES =
            List.of("player_games", "player_game_results", "player_ratings", "sandbox_games");

    @Inject
    RatingLedger ledger;

    /** The game-events this read model is built from; the consumer passes over every other type. */
    public static final Set<Class<? extends TesseraEvent>> WANTED =
            Set.of(GameStarted.class, SeatTakenByBot.class, GameEnded.class);

    public static boolean wanted(TesseraEvent event) {
        return event != null && WANTED.contains(event.getClass());
    }

    /** Applies one event; runs in the consumer's transaction. */
    public Uni<Void> apply(CloudEvent envelope, TesseraEvent event) {
        if (event instanceof GameStarted started) {
            return started(started, SqlValues.stored(envelope.time()));
        }
        if (event instanceof SeatTakenByBot taken) {
            return abandoned(taken);
        }
        if (event instanceof GameEnded ended) {
            return ended(ended, SqlValues.stored(envelope.time()));
        }
        return Uni.createFrom().voidItem();
    }

    private Uni<Void> started(GameStarted started, OffsetDateTime at) {
        if (started.sandbox()) {
            // Never rated, in nobody's history: its players are the seats of the game it was forked from.
            return update("""
                                    INSERT INTO sandbox_games (game_id, game, started_at) VALUES (:g, :title, :at)
                                    ON CONFLICT (game_id) DO NOTHING""", Map.of("g", started.gameId(), "title", started.game(), "at", at))
                    .replaceWithVoid();
        }
        Uni<Integer> chain = update(
                """
                        INSERT INTO player_games (game_id, table_id, game, started_at, status)
                        VALUES (:g, NULLIF(:t, ''), :title, :at, 'playing') ON CONFLICT (game_id) DO NOTHING""",
                Map.of(
                        "g",
                        started.gameId(),
                        "t",
                        started.tableId() == null ? "" : started.tableId(),
                        "title",
                        started.game(),
                        "at",
                        at));
        for (int seat = 0; seat < started.players().size(); seat++) {
            Map<String, Object> row =
                    Map.of("g", started.gameId(), "p", started.players().get(seat), "s", seat);
            chain = chain.chain(() -> update("""
                    INSERT INTO player_game_results (game_id, player, seat) VALUES (:g, :p, :s)
                    ON CONFLICT (game_id, player) DO NOTHING""", row));
        }
        return chain.replaceWithVoid();
    }

    /**
     * A bot took the player's seat: they abandoned the game (last place for the rating). A sandbox game has no
     * {@code player_games} row, so this changes nothing for it.
     */
    private Uni<Void> abandoned(SeatTakenByBot taken) {
        return update("""
                UPDATE player_game_results r SET abandoned = true FROM player_games g
                WHERE g.game_id = r.game_id AND r.game_id = :g AND r.player = :p AND g.status = 'playing'""", Map.of("g", taken.gameId(), "p", taken.player())).replaceWithVoid();
    }

    private Uni<Void> ended(GameEnded ended, OffsetDateTime at) {
        return rows("SELECT game, status FROM player_games WHERE game_id = :g", Map.of("g", ended.gameId()))
                .chain(found -> {
                    if (found.isEmpty()) {
                        return unrated(ended);
                    }
                    if ("finished".equals(found.get(0)[1])) {
                        return Uni.createFrom().voidItem();
                    }
                    String title = (String) found.get(0)[0];
                    return ledger.lock(title)
                            .chain(() -> record(ended, title, at))
                            .chain(() -> ledger.rateFrom(title, ended.gameId()));
                });
    }

    /** The end of a game this read model does not hold: a sandbox game's (never rated), or one whose start was never seen. */
    private Uni<Void> unrated(GameEnded ended) {
        return rows("SELECT 1 FROM sandbox_games WHERE game_id = :g", Map.of("g", ended.gameId()))
                .invoke(sandbox -> {
                    if (sandbox.isEmpty()) {
                        LOG.warnf("GameEnded for %s, whose GameStarted was never seen: not rated", ended.gameId());
                    } else {
                        LOG.debugf("GameEnded for sandbox game %s: never rated", ended.gameId());
                    }
                })
                .replaceWithVoid();
    }

    /** Stores the game's end and each player's result, and counts the game in each player's record of the title. */
    private Uni<Void> record(GameEnded ended, String title, OffsetDateTime at) {
        return update(
                        "UPDATE player_games SET status = 'finished', ended_at = :at WHERE game_id = :g",
                        Map.of("g", ended.gameId(), "at", at))
                .chain(() -> rows(
                        "SELECT player, seat, abandoned FROM player_game_results WHERE game_id = :g",
                        Map.of("g", ended.gameId())))
                .chain(seated -> {
                    Map<String, Integer> seats = new HashMap<>();
                    Map<String, Boolean> abandoned = new HashMap<>();
                    for (Object[] r : seated) {
                        seats.put((String) r[0], SqlValues.integer(r[1]));
                        abandoned.put((String) r[0], (Boolean) r[2]);
                    }
                    Map<String, Integer> rated = RatingRanks.of(ended.standings().stream()
                            .map(s -> new RatingRanks.Placing(
                                    s.player(), s.rank(), abandoned.getOrDefault(s.player(), false)))
                            .toList());
                    Uni<Integer> chain = Uni.createFrom().item(0);
                    for (GameEnded.Standing s : ended.standings()) {
                        // A player missing from GameStarted (never expected) sits after everyone else.
                        seats.computeIfAbsent(s.player(), p -> seats.size());
                        boolean gone = abandoned.getOrDefault(s.player(), false);
                        int ratedRank = rated.get(s.player());
                        Map<String, Object> result = Map.of(
                                "g",
                                ended.gameId(),
                                "p",
                                s.player(),
                                "s",
                                seats.get(s.player()),
                                "rank",
                                s.rank(),
                                "score",
                                s.score(),
                                "rated",
                                ratedRank);
                        Map<String, Object> counts = Map.of(
                                "p",
                                s.player(),
                                "t",
                                title,
                                "initial",
                                Elo.INITIAL,
                                "w",
                                ratedRank == 1 && !gone ? 1 : 0,
                                "a",
                                gone ? 1 : 0);
                        chain = chain.chain(() -> update("""
                                        INSERT INTO player_game_results (game_id, player, seat, rank, score, rated_rank)
                                        VALUES (:g, :p, :s, :rank, :score, :rated)
                                        ON CONFLICT (game_id, player) DO UPDATE SET rank = excluded.rank,
                                            score = excluded.score, rated_rank = excluded.rated_rank""", result)).chain(() -> update("""
                                        INSERT INTO player_ratings (player, game, rating, games, wins, abandoned)
                                        VALUES (:p, :t, :initial, 1, :w, :a)
                                        ON CONFLICT (player, game) DO UPDATE SET games = player_ratings.games + 1,
                                            wins = player_ratings.wins + excluded.wins,
                                            abandoned = player_ratings.abandoned + excluded.abandoned""", counts));
                    }
                    return chain.replaceWithVoid();
                });
    }
}
