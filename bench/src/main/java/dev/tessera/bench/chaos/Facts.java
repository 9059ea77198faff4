package dev.tessera.bench.chaos;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.events.EventTypes;
import dev.tessera.events.Topics;
import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.events.carrara.GameFinished;
import dev.tessera.events.carrara.ValuationRequested;
import dev.tessera.events.carrara.ValuationScored;
import dev.tessera.events.game.GameEnded;
import dev.tessera.events.game.GameStarted;
import dev.tessera.events.game.MovesTakenBack;
import dev.tessera.events.game.SeatTakenByBot;
import dev.tessera.events.lobby.PlayBegan;
import dev.tessera.events.lobby.TableFinished;
import dev.tessera.events.lobby.TableStarted;
import dev.tessera.events.scoring.FinalStandings;
import dev.tessera.events.scoring.ScoringRoundScored;
import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * What the platform holds once the load has stopped, read from the data itself: game-service's event store (the
 * games), the three topics from their beginning, the tables in which the consuming services keep the effects of
 * what they consumed, and the positions of the streams that have no store (lobby-service's tables and
 * scoring-service's answers per game, published straight through their outboxes). Never the counters the services
 * keep about their own work.
 */
final class Facts {
    static final String GAME_STARTED = name(GameStarted.class);
    static final String GAME_ENDED = name(GameEnded.class);
    static final String SEAT_TAKEN = name(SeatTakenByBot.class);
    static final String ROUND_TRIGGERED = name(AlhambraEvent.ScoringRoundTriggered.class);
    static final String POINTS_AWARDED = name(AlhambraEvent.PointsAwarded.class);
    static final String VALUATION_REQUESTED = name(ValuationRequested.class);
    static final String VALUATION_SCORED = name(ValuationScored.class);
    static final String CARRARA_FINISHED = name(GameFinished.class);
    static final String BUILDERS_FINISHED = name(BuildersEvent.GameFinished.class);
    static final String TABLE_STARTED = name(TableStarted.class);
    static final String PLAY_BEGAN = name(PlayBegan.class);
    static final String TABLE_FINISHED = name(TableFinished.class);
    static final String ROUND_SCORED = name(ScoringRoundScored.class);
    static final String FINAL_STANDINGS = name(FinalStandings.class);
    static final String MOVES_TAKEN_BACK = name(MovesTakenBack.class);

    /**
     * The events no undo may take back, because the consumers count or answer them and could not take them back
     * (game-service's guarantee: an undo stays within the player's turn and never goes back past anything revealed or
     * scored): the game's start and end, seats taken by bots, the turns' ends, the scoring rounds and their points,
     * the valuations, the rules' ends of a game.
     */
    static final Set<String> NEVER_TAKEN_BACK = Set.of(
            GAME_STARTED,
            GAME_ENDED,
            SEAT_TAKEN,
            name(AlhambraEvent.TurnEnded.class),
            name(dev.tessera.events.carrara.TurnEnded.class),
            name(BuildersEvent.TurnEnded.class),
            ROUND_TRIGGERED,
            POINTS_AWARDED,
            VALUATION_REQUESTED,
            VALUATION_SCORED,
            CARRARA_FINISHED,
            BUILDERS_FINISHED);

    /**
     * The game-events scoring-service applies in a transaction that records them as processed (scoring-service's
     * GameScoring: the game's start, the Alhambra tiles' moves and the undos that take them back, the requests for
     * scoring, the ends); every other event only moves its game's last version on, which the projection's position
     * shows.
     */
    static final Set<String> SCORING_APPLIES = Set.of(
            GAME_STARTED,
            GAME_ENDED,
            ROUND_TRIGGERED,
            VALUATION_REQUESTED,
            CARRARA_FINISHED,
            BUILDERS_FINISHED,
            name(AlhambraEvent.TilePlaced.class),
            name(AlhambraEvent.TileReserved.class),
            name(AlhambraEvent.TilesSwapped.class),
            name(AlhambraEvent.TilesGivenToDirk.class),
            name(AlhambraEvent.DirkReceivedTiles.class),
            MOVES_TAKEN_BACK);

    /** Stored events whose data a check reads; of the others only the position and type. */
    private static final Set<String> READ_DATA = Set.of(
            GAME_STARTED,
            GAME_ENDED,
            ROUND_TRIGGERED,
            POINTS_AWARDED,
            VALUATION_REQUESTED,
            VALUATION_SCORED,
            MOVES_TAKEN_BACK);

    private static final ObjectMapper JSON = new ObjectMapper();

    /** An event of a store: its stream, position, id, type, and its data when a check reads it (else null). */
    record Stored(String stream, long version, String id, String type, JsonNode data) {}

    /**
     * A record of a topic: its key and the CloudEvent's id, subject, stream version, type, data, {@code toact} (the
     * player the game waits for after an append's last event, or null) and {@code time} (null when absent).
     */
    record Published(
            String key,
            String id,
            String subject,
            long version,
            String type,
            JsonNode data,
            String toact,
            Instant time) {}

    /** scoring-service's projection of a game ({@code scored_games}). */
    record ScoredGame(long lastVersion, boolean finished, long scoringVersion) {}

    /** A lobby-service table ({@code game_tables}): the game it shows and the version of its last event on lobby-events. */
    record Table(String gameId, long eventVersion) {}

    /** lobby-service's record of a game ({@code player_games}) and of its players ({@code player_game_results}). */
    record LobbyGame(String title, String tableId, String status, Map<String, Result> results) {}

    record Result(Integer ratingBefore, Integer ratingAfter) {}

    /** A player's rating in a title ({@code player_ratings}) and the finished games of theirs that lead to it, in order. */
    record Rating(String player, String title, int rating, int games, List<Result> history) {}

    final Map<String, List<Stored>> games = new LinkedHashMap<>();
    final List<Published> gameTopic = new ArrayList<>();
    final List<Published> lobbyTopic = new ArrayList<>();
    final List<Published> scoringTopic = new ArrayList<>();
    /** The raw records of Alhambra's scoring rounds, for the statistics' recomputation. */
    final List<ConsumerRecord<String, String>> roundRecords = new ArrayList<>();

    final Map<String, ScoredGame> scored = new HashMap<>();
    /** Rows of {@code round_points} per game and round. */
    final Map<String, Map<Integer, Integer>> roundPoints = new HashMap<>();
    /** Event ids recorded as processed, by consumer name ({@code processed_events}), over the three databases. */
    final Map<String, Set<String>> processed = new HashMap<>();

    final Map<String, LobbyGame> lobbyGames = new HashMap<>();
    final Map<String, Table> tables = new HashMap<>();
    final List<Rating> ratings = new ArrayList<>();

    private static String name(Class<?> type) {
        return EventTypes.of(type).value();
    }

    static Facts read(Invariants.Target target) throws SQLException {
        Facts f = new Facts();
        try (Connection game = target.connect(target.gameDb())) {
            f.readStore(game);
            f.readProcessed(game);
        }
        try (Connection lobby = target.connect(target.lobbyDb())) {
            f.readProcessed(lobby);
            f.readLobby(lobby);
        }
        try (Connection scoring = target.connect(target.scoringDb())) {
            f.readProcessed(scoring);
            f.readScoring(scoring);
        }
        TopicReader.readAll(target.kafka(), Topics.GAME_EVENTS, r -> f.gameTopic.add(published(r, false)));
        TopicReader.readAll(target.kafka(), Topics.LOBBY_EVENTS, r -> f.lobbyTopic.add(published(r, true)));
        TopicReader.readAll(target.kafka(), Topics.SCORING_EVENTS, r -> {
            Published p = published(r, true);
            f.scoringTopic.add(p);
            if (ROUND_SCORED.equals(p.type())) {
                f.roundRecords.add(r);
            }
        });
        return f;
    }

    /** Every event of a store, in stream and version order; the data only of the types a check reads. */
    private void readStore(Connection c) throws SQLException {
        c.setAutoCommit(false); // so that the driver streams the rows (a cursor) instead of holding them all
        try (Statement s = c.createStatement()) {
            s.setFetchSize(5000);
            String types = String.join("','", READ_DATA);
            try (ResultSet rs = s.executeQuery("SELECT stream_id, version, event_id::text, type, CASE WHEN type IN ('"
                    + types + "') THEN payload::text END FROM events ORDER BY stream_id, version")) {
                while (rs.next()) {
                    String stream = rs.getString(1);
                    games.computeIfAbsent(stream, k -> new ArrayList<>())
                            .add(new Stored(
                                    stream, rs.getLong(2), rs.getString(3), rs.getString(4), tree(rs.getString(5))));
                }
            }
        } finally {
            c.commit();
            c.setAutoCommit(true);
        }
    }

    private void readProcessed(Connection c) throws SQLException {
        query(
                c,
                "SELECT consumer, event_id FROM processed_events",
                rs -> processed
                        .computeIfAbsent(rs.getString(1), k -> new HashSet<>())
                        .add(rs.getString(2)));
    }

    private void readLobby(Connection c) throws SQLException {
        query(
                c,
                "SELECT game_id, game, table_id, status FROM player_games",
                rs -> lobbyGames.put(
                        rs.getString(1),
                        new LobbyGame(rs.getString(2), rs.getString(3), rs.getString(4), new LinkedHashMap<>())));
        query(c, "SELECT game_id, player, rating_before, rating_after FROM player_game_results", rs -> {
            LobbyGame g = lobbyGames.get(rs.getString(1));
            if (g != null) {
                g.results().put(rs.getString(2), new Result(integer(rs, 3), integer(rs, 4)));
            }
        });
        query(
                c,
                "SELECT id, game_id, event_version FROM game_tables",
                rs -> tables.put(rs.getString(1), new Table(rs.getString(2), rs.getLong(3))));
        Map<String, List<Result>> histories = new HashMap<>();
        // The order in which lobby-service applies ratings: the games' ends, then game ids (RatingLedger).
        query(
                c,
                """
                SELECT r.player, g.game, r.rating_before, r.rating_after FROM player_game_results r
                JOIN player_games g ON g.game_id = r.game_id WHERE g.status = 'finished'
                ORDER BY r.player, g.game, g.ended_at, g.game_id""",
                rs -> histories
                        .computeIfAbsent(rs.getString(1) + "/" + rs.getString(2), k -> new ArrayList<>())
                        .add(new Result(integer(rs, 3), integer(rs, 4))));
        query(
                c,
                "SELECT player, game, rating, games FROM player_ratings ORDER BY game, player",
                rs -> ratings.add(new Rating(
                        rs.getString(1),
                        rs.getString(2),
                        rs.getInt(3),
                        rs.getInt(4),
                        histories.getOrDefault(rs.getString(1) + "/" + rs.getString(2), List.of()))));
    }

    private void readScoring(Connection c) throws SQLException {
        query(
                c,
                "SELECT game_id, last_version, finished, scoring_version FROM scored_games",
                rs -> scored.put(rs.getString(1), new ScoredGame(rs.getLong(2), rs.getBoolean(3), rs.getLong(4))));
        query(
                c,
                "SELECT game_id, round, count(*) FROM round_points GROUP BY game_id, round",
                rs -> roundPoints
                        .computeIfAbsent(rs.getString(1), k -> new HashMap<>())
                        .put(rs.getInt(2), rs.getInt(3)));
    }

    private interface Row {
        void take(ResultSet rs) throws SQLException;
    }

    private static void query(Connection c, String sql, Row row) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                row.take(rs);
            }
        }
    }

    private static Integer integer(ResultSet rs, int column) throws SQLException {
        int v = rs.getInt(column);
        return rs.wasNull() ? null : v;
    }

    /** A record as the checks see it; one that is not a CloudEvent keeps only its key (and counts as unreadable). */
    private static Published published(ConsumerRecord<String, String> r, boolean withData) {
        JsonNode e = tree(r.value());
        if (e == null) {
            return new Published(r.key(), null, null, 0, null, null, null, null);
        }
        return new Published(
                r.key(),
                e.path("id").asText(null),
                e.path("subject").asText(null),
                e.path("streamversion").asLong(0),
                e.path("type").asText(null),
                withData ? e.path("data") : null,
                e.path("toact").asText(null),
                instant(e.path("time").asText(null)));
    }

    private static Instant instant(String time) {
        try {
            return time == null ? null : OffsetDateTime.parse(time).toInstant();
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static JsonNode tree(String json) {
        if (json == null) {
            return null;
        }
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            return null;
        }
    }

    /** The records of lobby-events by table, in the topic's order. */
    Map<String, List<Published>> lobbyByTable() {
        Map<String, List<Published>> byTable = new HashMap<>();
        lobbyTopic.forEach(
                p -> byTable.computeIfAbsent(p.key(), k -> new ArrayList<>()).add(p));
        return byTable;
    }

    /** When each game started: the time of its GameStarted on game-events. */
    Map<String, Instant> gameStarts() {
        Map<String, Instant> starts = new HashMap<>();
        gameTopic.stream()
                .filter(p -> GAME_STARTED.equals(p.type()) && p.time() != null)
                .forEach(p -> starts.putIfAbsent(p.key(), p.time()));
        return starts;
    }

    /**
     * The time of the first PlayBegan on lobby-events, which is that of the GameStarted it followed from: a table whose
     * game started before it had its start applied by a release of lobby-service that did not publish it. Null when
     * lobby-events holds none.
     */
    Instant firstPlayBegan() {
        return lobbyTopic.stream()
                .filter(p -> PLAY_BEGAN.equals(p.type()) && p.time() != null)
                .map(Published::time)
                .min(Instant::compareTo)
                .orElse(null);
    }

    /** The games scoring-service published final standings of. */
    Set<String> withFinalStandings() {
        Set<String> games = new HashSet<>();
        scoringTopic.stream().filter(p -> FINAL_STANDINGS.equals(p.type())).forEach(p -> games.add(p.key()));
        return games;
    }

    /** The stored events of a stream of the given type. */
    static List<Stored> of(List<Stored> stream, String type) {
        return stream.stream().filter(e -> type.equals(e.type())).toList();
    }
}
