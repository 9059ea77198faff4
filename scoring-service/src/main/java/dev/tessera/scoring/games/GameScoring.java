package dev.tessera.scoring.games;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.EventTypes;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.Topics;
import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.events.alhambra.TileInfo;
import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.events.carrara.ValuationRequested;
import dev.tessera.events.carrara.ValuationScored;
import dev.tessera.events.game.GameEnded;
import dev.tessera.events.game.GameStarted;
import dev.tessera.events.scoring.FinalStandings;
import dev.tessera.events.scoring.ScoringRoundScored;
import dev.tessera.kit.eventing.Outbox;
import dev.tessera.scoring.alhambra.AlhambraLayout;
import dev.tessera.scoring.alhambra.BuildingType;
import dev.tessera.scoring.alhambra.PlayerHoldings;
import dev.tessera.scoring.alhambra.PlayerRoundScore;
import dev.tessera.scoring.alhambra.RoundScoring;
import dev.tessera.scoring.alhambra.Side;
import dev.tessera.scoring.alhambra.Square;
import dev.tessera.scoring.builders.BuildersFinalScore;
import dev.tessera.scoring.builders.BuildersStandings;
import dev.tessera.scoring.carrara.CarraraFinalScoring;
import dev.tessera.scoring.carrara.CarraraValuation;
import dev.tessera.scoring.carrara.FinalScoringInput;
import dev.tessera.scoring.carrara.ValuationInput;
import dev.tessera.scoring.carrara.ValuationResult;
import dev.tessera.scoring.standings.Contender;
import dev.tessera.scoring.standings.Standings;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * scoring-service's part of every game, driven only by the game's events: it keeps what scoring needs
 * (Alhambra layouts and Dirk's tiles) and answers the games' requests (scoring rounds, valuations, the
 * final standings) on {@code scoring-events}. Runs inside the consumer's transaction, so a result is
 * published exactly when the event that asked for it is recorded as processed.
 */
@ApplicationScoped
public class GameScoring {
    private static final Logger LOG = Logger.getLogger(GameScoring.class);

    @Inject
    Outbox outbox;

    @Inject
    EventCodec codec;

    @Inject
    Pool pool;

    /**
     * Applies an event that starts a game or concerns its scoring, in the caller's transaction (the idempotent
     * consumer's, which records the event as processed). An event that only moves the game on is the
     * consumer's to pass to {@link #advance} instead, outside any transaction.
     */
    public Uni<Void> apply(CloudEvent envelope, TesseraEvent event) {
        String gameId = envelope.subject();
        if (event instanceof GameStarted started) {
            return start(started, envelope.streamversion());
        }
        return ScoredGame.<ScoredGame>findById(gameId).chain(game -> {
            if (game == null) {
                LOG.warnf("%s for a game never started here (%s): ignored", envelope.type(), gameId);
                return Uni.createFrom().voidItem();
            }
            game.lastVersion = Math.max(game.lastVersion, envelope.streamversion());
            game.updatedAt = OffsetDateTime.now(ZoneOffset.UTC);
            return on(game, event);
        });
    }

    /** The events that change more than how far the game has been read: exactly those {@link #on} handles (keep the two in step). */
    private static final Set<Class<? extends TesseraEvent>> CONCERN_SCORING = Set.of(AlhambraEvent.TilePlaced.class,
            AlhambraEvent.TileReserved.class, AlhambraEvent.TilesSwapped.class, AlhambraEvent.TilesGivenToDirk.class,
            AlhambraEvent.DirkReceivedTiles.class, AlhambraEvent.ScoringRoundTriggered.class, ValuationRequested.class,
            dev.tessera.events.carrara.GameFinished.class, BuildersEvent.GameFinished.class, GameEnded.class);
    /** The types, by name, that are applied in a transaction: {@link #CONCERN_SCORING}'s, and GameStarted. */
    private static final Set<String> APPLIED = Stream.concat(CONCERN_SCORING.stream(), Stream.of(GameStarted.class))
            .map(type -> EventTypes.of(type).value()).collect(Collectors.toUnmodifiableSet());

    /**
     * Whether an event of {@code type} (null when a record does not say) only moves its game's last version on: most
     * events do. A type unknown here only moves its game on; a record that does not say is read first.
     */
    public static boolean onlyAdvances(String type) {
        return type != null && !APPLIED.contains(type);
    }

    /**
     * Moves games' last versions on, for events that change nothing else ({@link #onlyAdvances}): the latest such
     * event of each game in a batch of records, in one UPDATE on its own, with no transaction and no
     * processed-events row, because it is idempotent by itself (greatest): an event delivered again or replayed
     * after a rebuild changes nothing. Most events of a game are such, so this is most of what scoring-service
     * does per move. Rows are updated in game id order, the same order in any two such statements.
     */
    public Uni<Void> advance(Collection<EventCodec.Head> latest) {
        List<EventCodec.Head> events = latest.stream().filter(e -> e.subject() != null && e.streamversion() != null)
                .sorted(Comparator.comparing(EventCodec.Head::subject)).toList();
        String[] games = events.stream().map(EventCodec.Head::subject).toArray(String[]::new);
        Long[] versions = events.stream().map(EventCodec.Head::streamversion).toArray(Long[]::new);
        // On a connection of its own, not the pool's preparedQuery: Vert.x 4.5's pool-level statement fails a second
        // time a timeout after it could not get a connection (service-kit README, eclipse-vertx/vertx-sql-client#1706).
        return pool.withConnection(connection -> connection.preparedQuery("""
                        UPDATE scored_games g SET last_version = greatest(g.last_version, a.version), updated_at = $3
                        FROM unnest($1::text[], $2::bigint[]) AS a(game_id, version)
                        WHERE g.game_id = a.game_id
                        RETURNING g.game_id""")
                .execute(Tuple.of(games, versions, OffsetDateTime.now(ZoneOffset.UTC))).invoke(rows -> {
                    if (rows.rowCount() < events.size()) {
                        Set<String> found = new HashSet<>();
                        rows.forEach(row -> found.add(row.getString(0)));
                        events.stream().filter(e -> !found.contains(e.subject())).forEach(e ->
                                LOG.warnf("%s for a game never started here (%s): ignored", e.type(), e.subject()));
                    }
                })).replaceWithVoid();
    }

    private Uni<Void> on(ScoredGame game, TesseraEvent event) {
        String gameId = game.gameId;
        if (event instanceof AlhambraEvent.TilePlaced e) {
            return put(gameId, e.tile(), e.player(), e.x(), e.y());
        } else if (event instanceof AlhambraEvent.TileReserved e) {
            return put(gameId, e.tile(), e.player(), null, null);
        } else if (event instanceof AlhambraEvent.TilesSwapped e) {
            return put(gameId, e.placed(), e.player(), e.x(), e.y()).chain(() -> put(gameId, e.removed(), e.player(), null, null));
        } else if (event instanceof AlhambraEvent.TilesGivenToDirk e) {
            return putAll(gameId, e.tiles(), AlhambraTile.DIRK);
        } else if (event instanceof AlhambraEvent.DirkReceivedTiles e) {
            return putAll(gameId, e.tiles(), AlhambraTile.DIRK);
        } else if (event instanceof AlhambraEvent.ScoringRoundTriggered e) {
            return scoreRound(game, e.round());
        } else if (event instanceof ValuationRequested e) {
            ValuationResult result = CarraraValuation.value(codec.mapper().convertValue(e, ValuationInput.class));
            return publish(game, new ValuationScored(e.valuation(), e.player(), e.kind(), e.target(), result.vp(),
                    result.coins(), result.objectsTaken()));
        } else if (event instanceof dev.tessera.events.carrara.GameFinished e) {
            return publish(game, new FinalStandings(gameId, game.game,
                    CarraraFinalScoring.score(codec.mapper().convertValue(e, FinalScoringInput.class)).stream()
                            .map(s -> new FinalStandings.Standing(s.player(), s.total(), s.rank())).toList()));
        } else if (event instanceof BuildersEvent.GameFinished e) {
            return publish(game, new FinalStandings(gameId, game.game, BuildersStandings.of(e.tallies().stream()
                            .map(t -> new BuildersFinalScore(t.player(), t.buildingVictoryPoints(), t.coins())).toList())
                    .stream().map(s -> new FinalStandings.Standing(s.player(), s.total(), s.rank())).toList()));
        } else if (event instanceof GameEnded) {
            game.finished = true;
        }
        return Uni.createFrom().voidItem();
    }

    private Uni<Void> start(GameStarted started, long version) {
        ScoredGame game = new ScoredGame();
        game.gameId = started.gameId();
        game.game = started.game();
        game.players = started.players().toArray(String[]::new);
        game.lastVersion = version;
        game.updatedAt = OffsetDateTime.now(ZoneOffset.UTC);
        Uni<Void> persisted = game.persist().replaceWithVoid();
        JsonNode dirk = started.initialState() == null ? null : started.initialState().get("dirk");
        if (!"alhambra".equals(started.game()) || dirk == null || !dirk.isArray()) {
            return persisted;
        }
        List<TileInfo> tiles = new ArrayList<>();
        dirk.forEach(t -> tiles.add(codec.mapper().convertValue(t, TileInfo.class)));
        return persisted.chain(() -> putAll(started.gameId(), tiles, AlhambraTile.DIRK));
    }

    private Uni<Void> putAll(String gameId, List<TileInfo> tiles, String owner) {
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (TileInfo tile : tiles) {
            chain = chain.chain(() -> put(gameId, tile, owner, null, null));
        }
        return chain;
    }

    /** Records where a tile now is: at (x, y) in the owner's Alhambra, or (no square) in a reserve or with Dirk. */
    private Uni<Void> put(String gameId, TileInfo tile, String owner, Integer x, Integer y) {
        return AlhambraTile.<AlhambraTile>findById(AlhambraTile.key(gameId, tile.id())).chain(found -> {
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
            return found != null ? Uni.createFrom().voidItem() : row.persist().replaceWithVoid();
        });
    }

    private Uni<Void> scoreRound(ScoredGame game, int round) {
        return RoundPoints.count("gameId = ?1 and round = ?2", game.gameId, round).chain(already -> {
            if (already > 0) {
                LOG.infof("round %d of %s is scored already", round, game.gameId);
                return Uni.createFrom().voidItem();
            }
            return AlhambraTile.<AlhambraTile>list("gameId", game.gameId).chain(tiles -> {
                List<PlayerRoundScore> scores = RoundScoring.score(round, holdings(game, tiles), dirk(tiles));
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
                chain = chain.chain(() -> publish(game, new ScoringRoundScored(game.gameId, round, scores.stream()
                        .map(GameScoring::toEvent).toList())));
                return round < 3 ? chain : chain.chain(() -> finalAlhambraStandings(game));
            });
        });
    }

    private Uni<Void> finalAlhambraStandings(ScoredGame game) {
        return RoundPoints.<RoundPoints>list("gameId", game.gameId).chain(rows -> {
            Map<String, Integer> totals = new LinkedHashMap<>();
            for (String p : game.players) {
                totals.put(p, 0);
            }
            rows.forEach(r -> totals.merge(r.player, r.points, Integer::sum));
            List<FinalStandings.Standing> standings = Standings.rank(totals.entrySet().stream()
                            .map(e -> Contender.withoutTieBreakers(e.getKey(), e.getValue())).toList())
                    .stream().map(s -> new FinalStandings.Standing(s.player(), s.total(), s.rank())).toList();
            return publish(game, new FinalStandings(game.gameId, game.game, standings));
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
        tiles.stream().filter(t -> AlhambraTile.DIRK.equals(t.owner)).forEach(t -> counts.merge(type(t), 1, Integer::sum));
        return counts;
    }

    private static BuildingType type(AlhambraTile t) {
        return BuildingType.fromJsonName(t.type).orElseThrow(() -> new IllegalStateException("unknown building type " + t.type));
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

    private Uni<Void> publish(ScoredGame game, TesseraEvent event) {
        game.scoringVersion++;
        return outbox.publish(Topics.SCORING_EVENTS, game.gameId, game.scoringVersion, event).replaceWithVoid();
    }
}
