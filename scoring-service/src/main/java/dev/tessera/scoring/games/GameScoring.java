package dev.tessera.scoring.games;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.EventTypes;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.Topics;
import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.events.game.GameStarted;
import dev.tessera.kit.eventing.Outbox;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;

/**
 * scoring-service's part of every game, driven only by the game's events: it records each game and hands the
 * events that concern scoring to their title's handler ({@link #HANDLERS}), which keeps what scoring needs and
 * answers on {@code scoring-events}. Runs inside the consumer's transaction, so a result is published exactly
 * when the event that asked for it is recorded as processed.
 */
@ApplicationScoped
public class GameScoring {
    private static final Logger LOG = Logger.getLogger(GameScoring.class);

    /**
     * Every event that changes a game's scoring state, with its handler: the one list of them. An event with no
     * handler here only moves its game's last version on ({@link #onlyAdvances}).
     */
    static final HandlerTable HANDLERS =
            HandlerTable.of(new LifecycleScoring(), new AlhambraScoring(), new CarraraScoring(), new BuildersScoring());

    /** The types, by name, that are applied in a transaction: GameStarted (which records the game) and the table's. */
    private static final Set<String> APPLIED = applied();

    /**
     * The types, by name, whose handler needs only the game's id ({@link HandlerTable#byGameId}): applied without the
     * game's row, they move their game's last version on in {@link #advance}, as the events that change nothing.
     */
    private static final Set<String> BY_GAME_ID = HANDLERS.byGameIdTypes().stream()
            .map(type -> EventTypes.of(type).value())
            .collect(Collectors.toUnmodifiableSet());

    /** Alhambra's turn's end: no undo goes back past it, so a game's tile changes before it are forgotten. */
    private static final String TURN_ENDED =
            EventTypes.of(AlhambraEvent.TurnEnded.class).value();

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
        HandlerContext context = new Context(envelope);
        if (event instanceof GameStarted started) {
            ScoredGame game = newGame(started, envelope.streamversion());
            return game.persist().chain(() -> HANDLERS.apply(context, game, started));
        }
        if (HANDLERS.byGameId(event)) {
            // Rows of the handler's own (an Alhambra tile's place); the game's last version moves on in advance().
            return HANDLERS.apply(context, gameId, event);
        }
        return ScoredGame.<ScoredGame>findById(gameId).chain(game -> {
            if (game == null) {
                LOG.warnf("%s for a game never started here (%s): ignored", envelope.type(), gameId);
                return Uni.createFrom().voidItem();
            }
            game.lastVersion = Math.max(game.lastVersion, envelope.streamversion());
            game.updatedAt = OffsetDateTime.now(ZoneOffset.UTC);
            return HANDLERS.apply(context, game, event);
        });
    }

    /**
     * Whether an event of {@code type} (null when a record does not say) only moves its game's last version on: most
     * events do. A type unknown here only moves its game on; a record that does not say is read first.
     */
    public static boolean onlyAdvances(String type) {
        return type != null && !APPLIED.contains(type);
    }

    /**
     * Whether an event of {@code type}, applied in a transaction, leaves its game's row alone ({@link
     * HandlerTable#byGameId}): the consumer then passes it to {@link #advance} too, which moves the game's last version
     * on. Most applied events are such (an Alhambra tile's moves), so a transaction of them neither reads nor writes a
     * game's row.
     */
    public static boolean advancesWithoutItsRow(String type) {
        return type != null && BY_GAME_ID.contains(type);
    }

    /**
     * Whether an event of {@code type} ends a turn, after which no undo can take back the game's tile changes made
     * before it: {@link #advance} forgets them. Such an event only moves its game on.
     */
    public static boolean endsTurn(String type) {
        return TURN_ENDED.equals(type);
    }

    /**
     * Moves games' last versions on, for events that change nothing else ({@link #onlyAdvances}) and for those
     * applied without their game's row ({@link #advancesWithoutItsRow}), once applied: the latest such event of each
     * game in a batch of records, in one UPDATE on its own, with no transaction and no
     * processed-events row, because it is idempotent by itself (greatest): an event delivered again or replayed
     * after a rebuild changes nothing. Most events of a game are such, so this is most of what scoring-service
     * does per move. Rows are updated in game id order, the same order in any two such statements.
     *
     * <p>The same statement forgets the Alhambra tile changes recorded before each game's latest turn's end in the
     * batch ({@code turnEnds}, game id to version; see {@link AlhambraScoring}): as idempotent, since no undo goes
     * back past a turn's end, and deleting what none can reach is the same however often it is done.
     */
    public Uni<Void> advance(Collection<EventCodec.Head> latest, Map<String, Long> turnEnds) {
        List<EventCodec.Head> events = latest.stream()
                .filter(e -> e.subject() != null && e.streamversion() != null)
                .sorted(Comparator.comparing(EventCodec.Head::subject))
                .toList();
        String[] games = events.stream().map(EventCodec.Head::subject).toArray(String[]::new);
        Long[] versions = events.stream().map(EventCodec.Head::streamversion).toArray(Long[]::new);
        List<String> turnGames = turnEnds.keySet().stream().sorted().toList();
        String[] turnEndGames = turnGames.toArray(String[]::new);
        Long[] turnEndVersions = turnGames.stream().map(turnEnds::get).toArray(Long[]::new);
        // On a connection of its own, not the pool's preparedQuery: Vert.x 4.5's pool-level statement fails a second
        // time a timeout after it could not get a connection (service-kit README, eclipse-vertx/vertx-sql-client#1706).
        return pool.withConnection(connection -> connection
                        .preparedQuery("""
                        WITH forgotten AS (
                            DELETE FROM alhambra_tile_changes c USING unnest($4::text[], $5::bigint[]) AS t(game_id, version)
                            WHERE c.game_id = t.game_id AND c.version < t.version)
                        UPDATE scored_games g SET last_version = greatest(g.last_version, a.version), updated_at = $3
                        FROM unnest($1::text[], $2::bigint[]) AS a(game_id, version)
                        WHERE g.game_id = a.game_id
                        RETURNING g.game_id""")
                        .execute(Tuple.of(
                                games, versions, OffsetDateTime.now(ZoneOffset.UTC), turnEndGames, turnEndVersions))
                        .invoke(rows -> {
                            if (rows.rowCount() < events.size()) {
                                Set<String> found = new HashSet<>();
                                rows.forEach(row -> found.add(row.getString(0)));
                                events.stream()
                                        .filter(e -> !found.contains(e.subject()))
                                        .forEach(e -> LOG.warnf(
                                                "%s for a game never started here (%s): ignored",
                                                e.type(), e.subject()));
                            }
                        }))
                .replaceWithVoid();
    }

    private static Set<String> applied() {
        Set<String> names = new HashSet<>();
        names.add(EventTypes.of(GameStarted.class).value());
        HANDLERS.types().forEach(type -> names.add(EventTypes.of(type).value()));
        return Set.copyOf(names);
    }

    private static ScoredGame newGame(GameStarted started, long version) {
        ScoredGame game = new ScoredGame();
        game.gameId = started.gameId();
        game.game = started.game();
        game.players = started.players().toArray(String[]::new);
        game.lastVersion = version;
        game.updatedAt = OffsetDateTime.now(ZoneOffset.UTC);
        return game;
    }

    /**
     * The handlers' way out: the outbox, as the game's next scoring version, and the codec's mapper. A result follows
     * from the game event being applied: it has that event's time, and an id derived from it (Outbox.publishFollowing),
     * so that scoring-events is a function of game-events, made again the same from them (ADR 0009).
     */
    private final class Context implements HandlerContext {
        private final CloudEvent cause;

        Context(CloudEvent cause) {
            this.cause = cause;
        }

        @Override
        public long version() {
            return cause.streamversion();
        }

        @Override
        public Uni<Void> publish(ScoredGame game, TesseraEvent result) {
            game.scoringVersion++;
            return outbox.publishFollowing(Topics.SCORING_EVENTS, game.gameId, game.scoringVersion, result, cause)
                    .replaceWithVoid();
        }

        @Override
        public ObjectMapper mapper() {
            return codec.mapper();
        }
    }
}
