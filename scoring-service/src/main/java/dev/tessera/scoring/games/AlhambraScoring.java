package dev.tessera.scoring.games;

import static dev.tessera.scoring.games.HandlerTable.byGameId;
import static dev.tessera.scoring.games.HandlerTable.on;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.events.alhambra.TileInfo;
import dev.tessera.events.game.GameStarted;
import dev.tessera.events.game.MovesTakenBack;
import dev.tessera.events.scoring.FinalStandings;
import dev.tessera.events.scoring.ScoringRoundScored;
import dev.tessera.kit.eventing.SessionSql;
import dev.tessera.scoring.alhambra.AlhambraLayout;
import dev.tessera.scoring.alhambra.BuildingType;
import dev.tessera.scoring.alhambra.PlayerHoldings;
import dev.tessera.scoring.alhambra.PlayerRoundScore;
import dev.tessera.scoring.alhambra.RoundScoring;
import dev.tessera.scoring.alhambra.Side;
import dev.tessera.scoring.alhambra.Square;
import dev.tessera.scoring.standings.Contender;
import dev.tessera.scoring.standings.Standings;
import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jboss.logging.Logger;

/**
 * Alhambra's scoring: keeps where every tile that left the market is ({@code alhambra_tiles}: in a player's
 * Alhambra, in a reserve, or with Dirk, from his starting tiles on) and answers {@code ScoringRoundTriggered}
 * with {@code ScoringRoundScored}, once per round, and after round 3 with the {@code FinalStandings}.
 *
 * <p>Moves taken back ({@code MovesTakenBack}: the game is again as at its {@code toVersion}) are undone here too, so
 * that a round is scored from the tiles as they are in the game: every change to a tile's row is recorded with what
 * it replaced and the version of the event that made it ({@code alhambra_tile_changes}), and an undo puts back the
 * changes after its {@code toVersion}, newest first, then forgets them. An undo never goes back past the start of the
 * player's turn nor past a scoring round, so only the current turn's changes are kept: the others are deleted at each
 * {@code TurnEnded} ({@link GameScoring#advance}) and at each scoring round.
 *
 * <p>A tile's moves and an undo need only the game's id ({@link HandlerTable#byGameId}), so a poll's transaction of
 * them writes the tiles' rows and nothing of the games' (about two statements fewer per game and transaction, most of
 * this title's). A tile's move of a game never started here is recorded all the same: no round of such a game is
 * scored, and the batch's advance logs it as unknown.
 */
final class AlhambraScoring implements ScoringHandlers {
    private static final Logger LOG = Logger.getLogger(AlhambraScoring.class);
    /** Dirk, as a tile's owner. */
    private static final String DIRK = "@dirk";

    /** A tile's row written over the one it replaces, by {@link #PUT} and {@link #PUT_BACK}. */
    private static final String REPLACED = """
            ON CONFLICT (id) DO UPDATE SET owner = excluded.owner, type = excluded.type, walls = excluded.walls,
                in_alhambra = excluded.in_alhambra, x = excluded.x, y = excluded.y""";

    /**
     * Where a tile now is, in one statement: its row before ({@code before}: none when the tile had not left the
     * market) is recorded under the event's version ($3) for an undo to put back, and the row is written. Both read
     * the same snapshot, so the change records the row as it was before this statement; should one event change a
     * tile twice, its first change is the one kept.
     */
    private static final String PUT = """
            WITH before AS (
                SELECT owner, type, walls, in_alhambra, x, y FROM alhambra_tiles WHERE id = $1),
            recorded AS (
                INSERT INTO alhambra_tile_changes (game_id, version, tile_id, existed, owner, type, walls, in_alhambra, x, y)
                SELECT $2, $3, $4, b.in_alhambra IS NOT NULL, b.owner, b.type, b.walls, b.in_alhambra, b.x, b.y
                FROM (VALUES (1)) AS one (n) LEFT JOIN before b ON true
                ON CONFLICT DO NOTHING)
            INSERT INTO alhambra_tiles (id, game_id, tile_id, owner, type, walls, in_alhambra, x, y)
            VALUES ($1, $2, $4, $5, $6, $7, $8, $9, $10)
            """ + REPLACED;
    /** A tile's row as a recorded change had it ({@link #putBack}). */
    private static final String PUT_BACK = """
            INSERT INTO alhambra_tiles (id, game_id, tile_id, owner, type, walls, in_alhambra, x, y)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
            """ + REPLACED;
    /** The tiles that have left a game's market, as a round scores them. */
    private static final String TILES =
            "SELECT owner, type, walls, in_alhambra, x, y FROM alhambra_tiles WHERE game_id = $1";
    /** The changes an undo takes back: after its toVersion ($2), before itself ($3), newest first. */
    private static final String CHANGES_TAKEN_BACK = """
            SELECT tile_id, existed, owner, type, walls, in_alhambra, x, y FROM alhambra_tile_changes
            WHERE game_id = $1 AND version > $2 AND version < $3 ORDER BY version DESC, tile_id DESC""";

    private static final String FORGET_TAKEN_BACK =
            "DELETE FROM alhambra_tile_changes WHERE game_id = $1 AND version > $2 AND version < $3";

    @Override
    public List<HandlerTable.Entry<?>> handlers() {
        return List.of(
                on(GameStarted.class, AlhambraScoring::dirksStartingTiles),
                byGameId(
                        AlhambraEvent.TilePlaced.class,
                        (context, gameId, e) -> put(context, gameId, e.tile(), e.player(), e.x(), e.y())),
                byGameId(
                        AlhambraEvent.TileReserved.class,
                        (context, gameId, e) -> put(context, gameId, e.tile(), e.player(), null, null)),
                byGameId(
                        AlhambraEvent.TilesSwapped.class,
                        (context, gameId, e) -> put(context, gameId, e.placed(), e.player(), e.x(), e.y())
                                .chain(() -> put(context, gameId, e.removed(), e.player(), null, null))),
                byGameId(
                        AlhambraEvent.TilesGivenToDirk.class,
                        (context, gameId, e) -> putAll(context, gameId, e.tiles(), DIRK)),
                byGameId(
                        AlhambraEvent.DirkReceivedTiles.class,
                        (context, gameId, e) -> putAll(context, gameId, e.tiles(), DIRK)),
                on(
                        AlhambraEvent.ScoringRoundTriggered.class,
                        (context, game, e) -> forgetChangesBefore(game.gameId, context.version())
                                .chain(() -> scoreRound(context, game, e.round()))),
                byGameId(MovesTakenBack.class, AlhambraScoring::takeBack));
    }

    /**
     * Puts back, newest first, the tile changes made by the events after the undo's {@code toVersion} (and before the
     * undo), then forgets them: a tile that had not left the market before leaves {@code alhambra_tiles} again, any
     * other goes back to where it was. Changes an earlier undo took back are gone already, so none is put back twice;
     * a redelivered undo is never applied again (the consumer's processed events). Every title's undos come here: a
     * game of another title has no tile changes, and nothing is done for it.
     */
    private static Uni<Void> takeBack(HandlerContext context, String gameId, MovesTakenBack undo) {
        return SessionSql.select(CHANGES_TAKEN_BACK, gameId, undo.toVersion(), context.version())
                .chain(changes -> {
                    Uni<Void> chain = Uni.createFrom().voidItem();
                    for (Object[] change : changes) {
                        chain = chain.chain(() -> putBack(gameId, change));
                    }
                    return chain;
                })
                .chain(() -> SessionSql.update(FORGET_TAKEN_BACK, gameId, undo.toVersion(), context.version()))
                .replaceWithVoid();
    }

    /** One recorded change undone: the tile's row as it was before it ({@code existed} false: no row). */
    private static Uni<Void> putBack(String gameId, Object[] change) {
        int tileId = (Integer) change[0];
        boolean existed = (Boolean) change[1];
        String id = key(gameId, tileId);
        Uni<Integer> written = existed
                ? SessionSql.update(
                        PUT_BACK, id, gameId, tileId, change[2], change[3], change[4], change[5], change[6], change[7])
                : SessionSql.update("DELETE FROM alhambra_tiles WHERE id = $1", id);
        return written.replaceWithVoid();
    }

    /**
     * Deletes a game's recorded tile changes made before {@code version}, which no undo can reach any more:
     * {@code version} is a turn's end or a scoring round, and no undo goes back past either.
     */
    static Uni<Void> forgetChangesBefore(String gameId, long version) {
        return SessionSql.update(
                        "DELETE FROM alhambra_tile_changes WHERE game_id = $1 AND version < $2", gameId, version)
                .replaceWithVoid();
    }

    /** Dirk's starting tiles, from an Alhambra game's initial state (a game of another title has none). */
    private static Uni<Void> dirksStartingTiles(HandlerContext context, ScoredGame game, GameStarted started) {
        JsonNode dirk =
                started.initialState() == null ? null : started.initialState().get("dirk");
        if (!"alhambra".equals(started.game()) || dirk == null || !dirk.isArray()) {
            return Uni.createFrom().voidItem();
        }
        List<TileInfo> tiles = new ArrayList<>();
        dirk.forEach(t -> tiles.add(context.mapper().convertValue(t, TileInfo.class)));
        return putAll(context, started.gameId(), tiles, DIRK);
    }

    private static Uni<Void> putAll(HandlerContext context, String gameId, List<TileInfo> tiles, String owner) {
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (TileInfo tile : tiles) {
            chain = chain.chain(() -> put(context, gameId, tile, owner, null, null));
        }
        return chain;
    }

    /**
     * Records where a tile now is: at (x, y) in the owner's Alhambra, or (no square) in a reserve or with Dirk; and
     * what its row was before, under the event's version, to put it back should the move be taken back ({@link #PUT}).
     */
    private static Uni<Void> put(
            HandlerContext context, String gameId, TileInfo tile, String owner, Integer x, Integer y) {
        boolean inAlhambra = x != null && !DIRK.equals(owner);
        return SessionSql.update(
                        PUT,
                        key(gameId, tile.id()),
                        gameId,
                        context.version(),
                        tile.id(),
                        owner,
                        tile.type(),
                        tile.walls(),
                        inAlhambra,
                        x,
                        y)
                .replaceWithVoid();
    }

    /** A tile's row id: the game's, then the tile's. */
    private static String key(String gameId, int tileId) {
        return gameId + ":" + tileId;
    }

    private static Uni<Void> scoreRound(HandlerContext context, ScoredGame game, int round) {
        return RoundPoints.count("gameId = ?1 and round = ?2", game.gameId, round)
                .chain(already -> {
                    if (already > 0) {
                        LOG.infof("round %d of %s is scored already", round, game.gameId);
                        return Uni.createFrom().voidItem();
                    }
                    return SessionSql.select(TILES, game.gameId)
                            .map(rows -> rows.stream().map(Tile::of).toList())
                            .chain(tiles -> {
                                List<PlayerRoundScore> scores =
                                        RoundScoring.score(round, holdings(game, tiles), dirk(tiles));
                                Uni<Void> chain = Uni.createFrom().voidItem();
                                for (PlayerRoundScore s : scores) {
                                    RoundPoints points = new RoundPoints();
                                    points.id = game.gameId + ":" + round + ":" + s.player();
                                    points.gameId = game.gameId;
                                    points.round = round;
                                    points.player = s.player();
                                    points.points = s.total();
                                    chain = chain.chain(() -> points.persist().replaceWithVoid());
                                }
                                chain = chain.chain(() -> context.publish(
                                        game,
                                        new ScoringRoundScored(
                                                game.gameId,
                                                round,
                                                scores.stream()
                                                        .map(AlhambraScoring::toEvent)
                                                        .toList())));
                                return round < 3 ? chain : chain.chain(() -> finalStandings(context, game));
                            });
                });
    }

    private static Uni<Void> finalStandings(HandlerContext context, ScoredGame game) {
        return RoundPoints.<RoundPoints>list("gameId", game.gameId).chain(rows -> {
            Map<String, Integer> totals = new LinkedHashMap<>();
            for (String p : game.players) {
                totals.put(p, 0);
            }
            rows.forEach(r -> totals.merge(r.player, r.points, Integer::sum));
            List<FinalStandings.Standing> standings = Standings.rank(totals.entrySet().stream()
                            .map(e -> Contender.withoutTieBreakers(e.getKey(), e.getValue()))
                            .toList())
                    .stream()
                    .map(s -> new FinalStandings.Standing(s.player(), s.total(), s.rank()))
                    .toList();
            return context.publish(game, new FinalStandings(game.gameId, game.game, standings));
        });
    }

    private static List<PlayerHoldings> holdings(ScoredGame game, List<Tile> tiles) {
        List<PlayerHoldings> holdings = new ArrayList<>();
        for (String player : game.players) {
            AlhambraLayout layout = AlhambraLayout.fountainOnly();
            for (Tile t : tiles) {
                if (t.inAlhambra() && player.equals(t.owner())) {
                    layout = layout.place(new Square(t.x(), t.y()), type(t), Side.fromLetters(t.walls()));
                }
            }
            holdings.add(layout.holdings(player));
        }
        return holdings;
    }

    private static Map<BuildingType, Integer> dirk(List<Tile> tiles) {
        Map<BuildingType, Integer> counts = new EnumMap<>(BuildingType.class);
        tiles.stream().filter(t -> DIRK.equals(t.owner())).forEach(t -> counts.merge(type(t), 1, Integer::sum));
        return counts;
    }

    private static BuildingType type(Tile t) {
        return BuildingType.fromJsonName(t.type())
                .orElseThrow(() -> new IllegalStateException("unknown building type " + t.type()));
    }

    /** Where one tile of a game is, as a round scores it: a row of {@code alhambra_tiles} ({@link #TILES}). */
    private record Tile(String owner, String type, String walls, boolean inAlhambra, Integer x, Integer y) {
        static Tile of(Object[] row) {
            return new Tile(
                    (String) row[0], (String) row[1], (String) row[2], (Boolean) row[3], (Integer) row[4], (Integer)
                            row[5]);
        }
    }

    private static ScoringRoundScored.PlayerScore toEvent(PlayerRoundScore s) {
        Map<String, Integer> byType = new LinkedHashMap<>();
        s.byType().forEach((type, points) -> byType.put(type.jsonName(), points));
        return new ScoringRoundScored.PlayerScore(s.player(), byType, s.buildings(), s.wall(), s.total());
    }
}
