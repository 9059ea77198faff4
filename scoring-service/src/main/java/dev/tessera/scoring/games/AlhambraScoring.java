package dev.tessera.scoring.games;

import static dev.tessera.scoring.games.HandlerTable.on;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.events.alhambra.TileInfo;
import dev.tessera.events.game.GameStarted;
import dev.tessera.events.scoring.FinalStandings;
import dev.tessera.events.scoring.ScoringRoundScored;
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
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * Alhambra's scoring: keeps where every tile that left the market is ({@link AlhambraTile}: in a player's
 * Alhambra, in a reserve, or with Dirk, from his starting tiles on) and answers {@code ScoringRoundTriggered}
 * with {@code ScoringRoundScored}, once per round, and after round 3 with the {@code FinalStandings}.
 */
final class AlhambraScoring implements ScoringHandlers {
    private static final Logger LOG = Logger.getLogger(AlhambraScoring.class);

    @Override
    public List<HandlerTable.Entry<?>> handlers() {
        return List.of(
                on(GameStarted.class, AlhambraScoring::dirksStartingTiles),
                on(
                        AlhambraEvent.TilePlaced.class,
                        (context, game, e) -> put(game.gameId, e.tile(), e.player(), e.x(), e.y())),
                on(
                        AlhambraEvent.TileReserved.class,
                        (context, game, e) -> put(game.gameId, e.tile(), e.player(), null, null)),
                on(
                        AlhambraEvent.TilesSwapped.class,
                        (context, game, e) -> put(game.gameId, e.placed(), e.player(), e.x(), e.y())
                                .chain(() -> put(game.gameId, e.removed(), e.player(), null, null))),
                on(
                        AlhambraEvent.TilesGivenToDirk.class,
                        (context, game, e) -> putAll(game.gameId, e.tiles(), AlhambraTile.DIRK)),
                on(
                        AlhambraEvent.DirkReceivedTiles.class,
                        (context, game, e) -> putAll(game.gameId, e.tiles(), AlhambraTile.DIRK)),
                on(
                        AlhambraEvent.ScoringRoundTriggered.class,
                        (context, game, e) -> scoreRound(context, game, e.round())));
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
        return putAll(started.gameId(), tiles, AlhambraTile.DIRK);
    }

    private static Uni<Void> putAll(String gameId, List<TileInfo> tiles, String owner) {
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (TileInfo tile : tiles) {
            chain = chain.chain(() -> put(gameId, tile, owner, null, null));
        }
        return chain;
    }

    /** Records where a tile now is: at (x, y) in the owner's Alhambra, or (no square) in a reserve or with Dirk. */
    private static Uni<Void> put(String gameId, TileInfo tile, String owner, Integer x, Integer y) {
        return AlhambraTile.<AlhambraTile>findById(AlhambraTile.key(gameId, tile.id()))
                .chain(found -> {
                    AlhambraTile row = found != null ? found : new AlhambraTile();
                    row.id = AlhambraTile.key(gameId, tile.id());
                    row.gameId = gameId;
                    row.tileId = tile.id();
                    row.type = tile.type();
                    row.walls = tile.walls();
                    row.owner = owner;
                    row.inAlhambra = x != null && !AlhambraTile.DIRK.equals(owner);
                    row.x = x;
                    row.y = y;
                    return found != null
                            ? Uni.createFrom().voidItem()
                            : row.persist().replaceWithVoid();
                });
    }

    private static Uni<Void> scoreRound(HandlerContext context, ScoredGame game, int round) {
        return RoundPoints.count("gameId = ?1 and round = ?2", game.gameId, round)
                .chain(already -> {
                    if (already > 0) {
                        LOG.infof("round %d of %s is scored already", round, game.gameId);
                        return Uni.createFrom().voidItem();
                    }
                    return AlhambraTile.<AlhambraTile>list("gameId", game.gameId)
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

    private static List<PlayerHoldings> holdings(ScoredGame game, List<AlhambraTile> tiles) {
        List<PlayerHoldings> holdings = new ArrayList<>();
        for (String player : game.players) {
            AlhambraLayout layout = AlhambraLayout.fountainOnly();
            for (AlhambraTile t : tiles) {
                if (t.inAlhambra && player.equals(t.owner)) {
                    layout = layout.place(new Square(t.x, t.y), type(t), sides(t.walls));
                }
            }
            holdings.add(layout.holdings(player));
        }
        return holdings;
    }

    private static Map<BuildingType, Integer> dirk(List<AlhambraTile> tiles) {
        Map<BuildingType, Integer> counts = new EnumMap<>(BuildingType.class);
        tiles.stream()
                .filter(t -> AlhambraTile.DIRK.equals(t.owner))
                .forEach(t -> counts.merge(type(t), 1, Integer::sum));
        return counts;
    }

    private static BuildingType type(AlhambraTile t) {
        return BuildingType.fromJsonName(t.type)
                .orElseThrow(() -> new IllegalStateException("unknown building type " + t.type));
    }

    private static Set<Side> sides(String walls) {
        Set<Side> sides = EnumSet.noneOf(Side.class);
        for (char c : walls.toCharArray()) {
            sides.add(Side.fromLetter(c).orElseThrow(() -> new IllegalStateException("bad wall " + c)));
        }
        return sides;
    }

    private static ScoringRoundScored.PlayerScore toEvent(PlayerRoundScore s) {
        Map<String, Integer> byType = new LinkedHashMap<>();
        s.byType().forEach((type, points) -> byType.put(type.jsonName(), points));
        return new ScoringRoundScored.PlayerScore(s.player(), byType, s.buildings(), s.wall(), s.total());
    }
}
