package dev.tessera.bench.chaos;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.bench.Api;
import dev.tessera.events.Topics;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.header.Header;

/**
 * Checks, once a load has stopped, that the platform lost nothing and applied nothing twice, from the data itself:
 * the event stores, the topics read from their beginning, and the tables in which the consuming services keep what
 * they did with each event (bench/README.md says how each check is made). First it waits until every consumer
 * group has consumed the three topics to their end and no outbox row is left unpublished.
 *
 * <pre>Invariants --db-host H --db-port P --db-user U [--db-password X] --kafka BOOTSTRAP --gateway URL[,URL...]
 *            [--load FILE.json] [--await-seconds 180] --out FILE.md [--lobby-db …] [--game-db …] [--scoring-db …] [--kills N]
 *            [--webhooks-received FILE.ndjson [--gateway-db …]]</pre>
 * With the receipts of a {@link WebhookReceiver} the load's players subscribed to, it also waits until the gateway has
 * no delivery pending, and checks them (check w, {@link WebhookChecks}).
 * writes the load's summary and the checks as Markdown to --out, and exits 0 when everything holds, 1 otherwise.
 */
public final class Invariants {
    static final List<String> TITLES = List.of("alhambra", "carrara", "builders");
    /** lobby-service/README.md: everyone's rating in a title starts at 1500. */
    static final int INITIAL_RATING = 1500;

    /**
     * The consumer groups and the topics each consumes: the SmallRye channels' groups are their services'
     * application names, and the statistics' Kafka Streams application has the id scoring-stats (its internal
     * topics are left to check f, which compares what it answers).
     */
    public static final Map<String, List<String>> GROUPS = Map.of(
            "lobby-service", List.of(Topics.GAME_EVENTS, Topics.SCORING_EVENTS),
            "game-service", List.of(Topics.LOBBY_EVENTS, Topics.SCORING_EVENTS),
            "scoring-service", List.of(Topics.GAME_EVENTS),
            "scoring-stats", List.of(Topics.GAME_EVENTS, Topics.SCORING_EVENTS),
            "gateway-webhooks", List.of(Topics.GAME_EVENTS, Topics.LOBBY_EVENTS));

    /** The dead-letter topics of the services that consume. */
    static final List<String> DEAD_LETTERS =
            List.of("lobby-service.dlq", "game-service.dlq", "scoring-service.dlq", "gateway.dlq");

    private Invariants() {}

    /**
     * Where the platform keeps its data.
     *
     * @param gateways where check f asks for the statistics and the exports; none skips it
     * @param await    how long to wait for the consumers and the outboxes to catch up (and, up to 30 s, for the
     *                 statistics to come to their recomputation)
     * @param groups   the consumer groups that must have caught up, with their topics
     */
    public record Target(
            String dbHost,
            int dbPort,
            String dbUser,
            String dbPassword,
            String lobbyDb,
            String gameDb,
            String scoringDb,
            String kafka,
            List<String> gateways,
            Duration await,
            Map<String, List<String>> groups) {

        /** The databases tessera_lobby, tessera_game and tessera_scoring, the services' groups, 180 s to settle. */
        public static Target of(
                String dbHost, int dbPort, String dbUser, String dbPassword, String kafka, List<String> gateways) {
            return new Target(
                    dbHost,
                    dbPort,
                    dbUser,
                    dbPassword == null ? "" : dbPassword,
                    "tessera_lobby",
                    "tessera_game",
                    "tessera_scoring",
                    kafka,
                    gateways,
                    Duration.ofSeconds(180),
                    GROUPS);
        }

        public Target withDatabases(String lobby, String game, String scoring) {
            return new Target(dbHost, dbPort, dbUser, dbPassword, lobby, game, scoring, kafka, gateways, await, groups);
        }

        public Target withGateways(List<String> gateways) {
            return new Target(
                    dbHost, dbPort, dbUser, dbPassword, lobbyDb, gameDb, scoringDb, kafka, gateways, await, groups);
        }

        public Target withAwait(Duration await) {
            return new Target(
                    dbHost, dbPort, dbUser, dbPassword, lobbyDb, gameDb, scoringDb, kafka, gateways, await, groups);
        }

        public Target withGroups(Map<String, List<String>> groups) {
            return new Target(
                    dbHost, dbPort, dbUser, dbPassword, lobbyDb, gameDb, scoringDb, kafka, gateways, await, groups);
        }

        Connection connect(String database) throws SQLException {
            Properties props = new Properties();
            props.setProperty("user", dbUser);
            props.setProperty("password", dbPassword);
            return DriverManager.getConnection("jdbc:postgresql://" + dbHost + ":" + dbPort + "/" + database, props);
        }
    }

    /**
     * Waits for the platform to settle, then checks it.
     *
     * @param load the load that ran (its finished games must have ended once; its start bounds the dead letters
     *             looked at), or null
     */
    public static Report check(Target target, ChaosLoad.Results load) throws Exception {
        return check(target, load, null, null);
    }

    /**
     * As {@link #check(Target, ChaosLoad.Results)}, and check w on the webhooks a {@link WebhookReceiver} wrote down
     * in {@code receipts}, read once no delivery is pending in the gateway's database {@code gatewayDb} (a game that
     * ended as the load stopped is told of after it); no check w when receipts is null.
     */
    public static Report check(Target target, ChaosLoad.Results load, Path receipts, String gatewayDb)
            throws Exception {
        Report report = new Report();
        settle(report, target, receipts == null ? null : gatewayDb);
        deadLetters(report, target, load == null ? null : load.startedAt());
        Facts facts = Facts.read(target);
        streams(report, facts);
        undos(report, facts);
        gameEvents(report, facts);
        otherTopics(report, facts);
        scoredOnce(report, facts);
        endedOnce(report, facts, load);
        ratedOnce(report, facts);
        statistics(report, target, facts);
        if (receipts != null && load != null && load.webhooks() != null) {
            WebhookChecks.check(report, facts, load, WebhookReceiver.read(receipts));
        }
        return report;
    }

    // ---- settled: the consumers and the outboxes have caught up ----

    private static void settle(Report report, Target t, String gatewayDb) throws Exception {
        Report.Findings f = report.start(
                "settled",
                "caught up",
                "no committed record past any consumer group's committed offset (Lags); no outbox row unpublished"
                        + (gatewayDb == null ? "" : "; no webhook delivery pending"));
        long start = System.nanoTime();
        Map<String, Long> behind;
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, t.kafka()))) {
            while (true) {
                behind = Lags.of(admin, t.kafka(), t.groups());
                behind.putAll(unpublished(t));
                if (gatewayDb != null) {
                    behind.putAll(pendingDeliveries(t, gatewayDb));
                }
                if (behind.isEmpty() || System.nanoTime() - start > t.await().toNanos()) {
                    break;
                }
                Thread.sleep(1000);
            }
        }
        f.checked(t.groups().size() + 3L);
        behind.forEach((what, n) -> f.lost(what + ": " + n));
        f.note((behind.isEmpty() ? "caught up after " : "gave up after ")
                + Duration.ofNanos(System.nanoTime() - start).toSeconds() + " s");
        f.done();
    }

    private static Map<String, Long> unpublished(Target t) throws SQLException {
        Map<String, Long> rows = new TreeMap<>();
        for (String db : List.of(t.lobbyDb(), t.gameDb(), t.scoringDb())) {
            try (Connection c = t.connect(db);
                    Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT count(*) FROM outbox WHERE published_at IS NULL")) {
                rs.next();
                if (rs.getLong(1) > 0) {
                    rows.put("outbox rows not published in " + db, rs.getLong(1));
                }
            }
        }
        return rows;
    }

    private static Map<String, Long> pendingDeliveries(Target t, String gatewayDb) throws SQLException {
        try (Connection c = t.connect(gatewayDb);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*) FROM webhook_deliveries WHERE status = 'pending'")) {
            rs.next();
            return rs.getLong(1) > 0 ? Map.of("webhook deliveries pending in " + gatewayDb, rs.getLong(1)) : Map.of();
        }
    }

    // ---- dead letters: nothing a consumer gave up on ----

    private static void deadLetters(Report report, Target t, Instant since) {
        Report.Findings f = report.start(
                "dlq",
                "dead letters",
                "no record on " + String.join(", ", DEAD_LETTERS) + (since == null ? "" : " since the load started"));
        for (String topic : DEAD_LETTERS) {
            TopicReader.readAll(t.kafka(), topic, r -> {
                if (since == null || r.timestamp() >= since.toEpochMilli()) {
                    f.checked();
                    f.lost(topic + " holds " + header(r.headers().lastHeader("dead-letter-topic")) + "-"
                            + header(r.headers().lastHeader("dead-letter-partition")) + "@"
                            + header(r.headers().lastHeader("dead-letter-offset"))
                            + " (key " + r.key() + "): " + header(r.headers().lastHeader("dead-letter-reason")));
                }
            });
        }
        f.done();
    }

    private static String header(Header h) {
        return h == null || h.value() == null ? "?" : new String(h.value(), StandardCharsets.UTF_8);
    }

    // ---- a: every game's stream has versions 1..n ----

    private static void streams(Report report, Facts facts) {
        Report.Findings f = report.start(
                "a",
                "streams without gaps",
                "each game's stream in game-service's event store has versions 1..n, no gap, no repeat; event ids are unique");
        Map<String, String> ids = new HashMap<>();
        for (List<Facts.Stored> stream : facts.games.values()) {
            f.checked();
            long expected = 1;
            for (Facts.Stored e : stream) {
                if (e.version() > expected) {
                    f.lost("game " + e.stream() + ": "
                            + (e.version() - 1 == expected
                                    ? "version " + expected
                                    : "versions " + expected + ".." + (e.version() - 1))
                            + " missing");
                } else if (e.version() < expected) {
                    f.duplicated("game " + e.stream() + ": version " + e.version() + " twice");
                }
                expected = e.version() + 1;
                String other = ids.put(e.id(), e.stream() + " v" + e.version());
                if (other != null) {
                    f.duplicated(
                            "event " + e.id() + " stored as " + other + " and as " + e.stream() + " v" + e.version());
                }
            }
        }
        f.done();
    }

    // ---- h: undos take back moves only ----

    /**
     * Each {@code MovesTakenBack} goes back to a version of its own stream before it that still counted (not one an
     * earlier undo took back: the game was never there since), and takes back none of the events the consumers rely on
     * never being taken back ({@link Facts#NEVER_TAKEN_BACK}); the statistics and the scoring projection take back
     * only what game-service may take back, so an undo over more would leave them counting what no longer counts.
     */
    private static void undos(Report report, Facts facts) {
        Report.Findings f = report.start(
                "h",
                "undos take back moves only",
                "each MovesTakenBack's toVersion is a version of its game before it, not one an earlier undo took back, and no "
                        + "event after toVersion and before the undo is a game's start or end, a seat taken by a bot, a turn's end, "
                        + "a scoring round or its points, a valuation or its answer, or the rules' end of a game");
        for (List<Facts.Stored> stream : facts.games.values()) {
            // Versions an earlier undo of the stream took back.
            Set<Long> takenBack = new HashSet<>();
            for (Facts.Stored undo : Facts.of(stream, Facts.MOVES_TAKEN_BACK)) {
                f.checked();
                long to = undo.data().path("toVersion").asLong(-1);
                String what = "game " + undo.stream() + " v" + undo.version() + " (back to v" + to + ")";
                if (to < 1 || to >= undo.version()) {
                    f.wrong(what + " goes back to no earlier version of its game");
                    continue;
                }
                if (takenBack.contains(to)) {
                    f.wrong(what + " goes back to a version an earlier undo took back");
                }
                for (Facts.Stored e : stream) {
                    if (e.version() > to && e.version() < undo.version()) {
                        if (Facts.NEVER_TAKEN_BACK.contains(e.type()) && !takenBack.contains(e.version())) {
                            f.wrong(what + " takes back v" + e.version() + " (" + e.type() + ")");
                        }
                        takenBack.add(e.version());
                    }
                }
            }
        }
        f.done();
    }

    // ---- b: every game event published, and applied once by scoring-service and lobby-service ----

    private static void gameEvents(Report report, Facts facts) {
        Report.Findings f = report.start(
                "b",
                "game-events published and applied once",
                "every stored game event is on game-events with its id, no two events share a (game, version), and each "
                        + "game's events first reach the topic in stream order (v1, v2, …; then possibly again); "
                        + "scoring-service's projection stands at each game's last version and holds every event it applies as processed; "
                        + "lobby-service holds GameStarted, SeatTakenByBot and GameEnded as processed, and the games and tables they make; "
                        + "each table's stream on lobby-events has one PlayBegan of its game and, once the game ended, one TableFinished "
                        + "of it as its last event");
        long again = published(f, Topics.GAME_EVENTS, facts.games, facts.gameTopic);
        inStreamOrder(f, facts.gameTopic);
        Set<String> scoring = facts.processed.getOrDefault("scoring.games", Set.of());
        Set<String> players = facts.processed.getOrDefault("lobby.players", Set.of());
        Set<String> tableStatus = facts.processed.getOrDefault("lobby.table-status", Set.of());
        Map<String, List<Facts.Published>> tableStreams = facts.lobbyByTable();
        Set<String> withStandings = facts.withFinalStandings();
        Map<String, Instant> starts = facts.gameStarts();
        Instant firstPlayBegan = facts.firstPlayBegan();
        long earlier = 0;
        for (Map.Entry<String, List<Facts.Stored>> game : facts.games.entrySet()) {
            String id = game.getKey();
            List<Facts.Stored> stream = game.getValue();
            long last = stream.get(stream.size() - 1).version();
            boolean ended = !Facts.of(stream, Facts.GAME_ENDED).isEmpty();
            f.checked();
            Facts.ScoredGame scored = facts.scored.get(id);
            if (scored == null) {
                f.lost("scoring-service has no projection of game " + id);
            } else if (scored.lastVersion() < last) {
                f.lost("scoring-service's projection of game " + id + " stops at v" + scored.lastVersion() + " of "
                        + last);
            } else if (scored.lastVersion() > last) {
                f.wrong("scoring-service's projection of game " + id + " is at v" + scored.lastVersion()
                        + ", past its stream's " + last);
            } else if (ended && !scored.finished()) {
                f.lost("scoring-service does not hold game " + id + " as finished");
            }
            for (Facts.Stored e : stream) {
                if (Facts.SCORING_APPLIES.contains(e.type())) {
                    processed(f, scoring, "scoring-service", e);
                }
                if (e.type().equals(Facts.GAME_STARTED)
                        || e.type().equals(Facts.SEAT_TAKEN)
                        || e.type().equals(Facts.GAME_ENDED)) {
                    processed(f, players, "lobby-service's players read model", e);
                }
                if (e.type().equals(Facts.GAME_STARTED) || e.type().equals(Facts.GAME_ENDED)) {
                    processed(f, tableStatus, "lobby-service's tables", e);
                }
            }
            if (lobbyRecord(f, facts, id, stream, ended)) {
                String tableId = stream.get(0).data().path("tableId").asText();
                Instant start = starts.get(id);
                boolean earlierRelease = firstPlayBegan != null && start != null && start.isBefore(firstPlayBegan);
                earlier += tableStream(
                                f,
                                id,
                                tableId,
                                facts.tables.get(tableId),
                                tableStreams.getOrDefault(tableId, List.of()),
                                ended,
                                withStandings.contains(id),
                                earlierRelease)
                        ? 0
                        : 1;
            }
        }
        f.note(again + " records published again under the same id (allowed: at least once); " + earlier
                + " tables whose game started before lobby-service published PlayBegan (an earlier release) and have "
                + "neither PlayBegan nor TableFinished");
        f.done();
    }

    /**
     * What lobby-service published on the table's stream about its game (lobby-service/README.md, Events): PlayBegan
     * once the game started, naming it; TableFinished once the game ended (its GameEnded, or its final standings when
     * those came first), naming it, as the last event of the stream. Each once: a second event id of either is a
     * duplicate (the same one published again is allowed). A game that started before lobby-service published any
     * PlayBegan ({@code earlierRelease}: a platform that ran a release before them) may have neither; answers false
     * for such a table, which is then counted rather than checked.
     */
    private static boolean tableStream(
            Report.Findings f,
            String id,
            String tableId,
            Facts.Table table,
            List<Facts.Published> records,
            boolean ended,
            boolean standings,
            boolean earlierRelease) {
        String of = "table " + tableId + " of game " + id + ": ";
        Map<String, Facts.Published> began = distinct(records, Facts.PLAY_BEGAN);
        Map<String, Facts.Published> finished = distinct(records, Facts.TABLE_FINISHED);
        if (earlierRelease && began.isEmpty() && finished.isEmpty()) {
            return false;
        }
        f.checked();
        once(f, of, id, began, "PlayBegan", !earlierRelease);
        if (!finished.isEmpty() && !ended && !standings) {
            f.wrong(of + "TableFinished on lobby-events, but the game has neither ended nor final standings");
            return true;
        }
        Facts.Published end = once(f, of, id, finished, "TableFinished", ended);
        if (end != null && table != null && end.version() != table.eventVersion()) {
            f.wrong(of + "its TableFinished is v" + end.version() + ", not the table's last event (v"
                    + table.eventVersion() + ")");
        }
        return true;
    }

    /**
     * The one event of a kind on the table's stream, naming game {@code id}; null, and said so, when there is none
     * ({@code required}: lost), more than one (duplicated) or it names another game (wrong).
     */
    private static Facts.Published once(
            Report.Findings f,
            String of,
            String id,
            Map<String, Facts.Published> events,
            String name,
            boolean required) {
        if (events.isEmpty()) {
            if (required) {
                f.lost(of + "no " + name + " on lobby-events");
            }
            return null;
        }
        if (events.size() > 1) {
            f.duplicated(of + events.size() + " different " + name + " on lobby-events");
            return null;
        }
        Facts.Published only = events.values().iterator().next();
        String game = only.data().path("gameId").asText(null);
        if (!id.equals(game)) {
            f.wrong(of + "its " + name + " names game " + game);
            return null;
        }
        return only;
    }

    /** The records of one type, by event id (a record published again counts once). */
    private static Map<String, Facts.Published> distinct(List<Facts.Published> records, String type) {
        Map<String, Facts.Published> byId = new LinkedHashMap<>();
        records.stream().filter(p -> type.equals(p.type()) && p.id() != null).forEach(p -> byId.putIfAbsent(p.id(), p));
        return byId;
    }

    /**
     * The relays' promise to consumers (ADR 0002): a partition holds each key's events first as a prefix of its stream,
     * in order, then possibly some of them again. A key's record whose version is past the next one expected reached
     * the topic before an earlier event of its stream: a consumer met them out of order (found by a chaos run of
     * 2026-12-05: bench/results/journal.md, thirtieth session).
     */
    private static void inStreamOrder(Report.Findings f, List<Facts.Published> topic) {
        Map<String, Long> reached = new HashMap<>();
        Set<String> reported = new HashSet<>();
        for (Facts.Published r : topic) {
            if (r.key() == null || r.version() <= 0) {
                continue;
            }
            Long last = reached.get(r.key());
            if (last == null) { // the topic's first record of the key (v1, unless older records are gone)
                reached.put(r.key(), r.version());
                continue;
            }
            long next = last + 1;
            if (r.version() == next) {
                reached.put(r.key(), next);
            } else if (r.version() > next && reported.add(r.key())) {
                f.wrong("game " + r.key() + ": v" + r.version() + " reached game-events before v" + next);
            }
        }
    }

    /**
     * The effects of a game's start and end in lobby-service: its record with a row per player, and its table. Whether
     * the game is a table's (not a sandbox game, and its stream starts with its GameStarted).
     */
    private static boolean lobbyRecord(
            Report.Findings f, Facts facts, String id, List<Facts.Stored> stream, boolean ended) {
        Facts.Stored start = stream.get(0);
        if (!start.type().equals(Facts.GAME_STARTED)) {
            return false; // a gap at the start: check a says so
        }
        f.checked();
        Facts.LobbyGame lobby = facts.lobbyGames.get(id);
        if (sandbox(start)) {
            // Never rated, in nobody's history, and no table's game (lobby-service/README.md).
            if (lobby != null) {
                f.wrong("lobby-service has sandbox game " + id + " in its players' histories");
            }
            return false;
        }
        int seats = start.data().path("players").size();
        String tableId = start.data().path("tableId").asText();
        if (lobby == null) {
            f.lost("lobby-service has no record of game " + id);
        } else if (!lobby.title().equals(start.data().path("game").asText()) || !tableId.equals(lobby.tableId())) {
            f.wrong("lobby-service has game " + id + " as " + lobby.title() + " of table " + lobby.tableId());
        } else if (lobby.results().size() < seats) {
            f.lost("lobby-service has " + lobby.results().size() + " of the " + seats + " players of game " + id);
        } else if (lobby.results().size() > seats) {
            f.duplicated("lobby-service has " + lobby.results().size() + " players for the " + seats + " seats of game "
                    + id);
        } else if (ended != "finished".equals(lobby.status())) {
            if (ended) {
                f.lost("lobby-service has game " + id + " " + lobby.status() + " after its GameEnded");
            } else {
                f.wrong("lobby-service has game " + id + " finished, without a GameEnded");
            }
        }
        Facts.Table table = facts.tables.get(tableId);
        if (table == null || !id.equals(table.gameId())) {
            f.lost("table " + tableId + " does not show its game " + id);
        }
        return true;
    }

    /** Whether a GameStarted is a sandbox game's ({@code sandbox}, absent before version 2). */
    private static boolean sandbox(Facts.Stored started) {
        return started.data().path("sandbox").asBoolean(false);
    }

    private static void processed(Report.Findings f, Set<String> processed, String by, Facts.Stored e) {
        f.checked();
        if (!processed.contains(e.id())) {
            f.lost(by + " never applied " + e.stream() + " v" + e.version() + " (" + e.type() + ")");
        }
    }

    /**
     * Every stored event on its topic under its id, key and position; a (stream, version) published as two different
     * events is a duplicate, while the same event published twice (at least once) is allowed and counted.
     */
    private static long published(
            Report.Findings f, String topic, Map<String, List<Facts.Stored>> store, List<Facts.Published> records) {
        Map<String, Facts.Published> byId = new HashMap<>();
        Map<String, Set<String>> idsAt = new HashMap<>();
        long again = 0;
        for (Facts.Published p : records) {
            if (p.id() == null) {
                f.wrong(topic + " holds a record that is not a CloudEvent (key " + p.key() + ")");
                continue;
            }
            again += byId.putIfAbsent(p.id(), p) != null ? 1 : 0;
            idsAt.computeIfAbsent(p.subject() + " v" + p.version(), k -> new TreeSet<>())
                    .add(p.id());
        }
        Set<String> stored = new HashSet<>();
        for (List<Facts.Stored> stream : store.values()) {
            for (Facts.Stored e : stream) {
                f.checked();
                stored.add(e.id());
                Facts.Published p = byId.get(e.id());
                if (p == null) {
                    f.lost(e.stream() + " v" + e.version() + " (" + e.type() + ") stored but never published on "
                            + topic);
                } else if (!e.stream().equals(p.subject())
                        || !e.stream().equals(p.key())
                        || e.version() != p.version()) {
                    f.wrong(e.stream() + " v" + e.version() + " published as " + p.subject() + " v" + p.version()
                            + " (key " + p.key() + ")");
                }
            }
        }
        idsAt.forEach((at, ids) -> {
            if (ids.size() > 1) {
                f.duplicated(topic + " holds " + ids.size() + " different events as " + at);
            }
        });
        byId.keySet().stream()
                .filter(id -> !stored.contains(id))
                .forEach(id -> f.wrong(topic + " holds event " + id + " ("
                        + byId.get(id).subject() + " v" + byId.get(id).version() + "), which no store has"));
        return again;
    }

    // ---- g: lobby-events and scoring-events published and applied once ----

    private static void otherTopics(Report report, Facts facts) {
        Report.Findings f = report.start(
                "g",
                "lobby-events and scoring-events published and applied once",
                "lobby-service and scoring-service keep no event store but number what they publish per table (game_tables.event_version) "
                        + "and per game (scored_games.scoring_version): each of those streams is on its topic as versions 1..n, one event "
                        + "id per version; each TableStarted made exactly one game and is processed by game-service; each scoring event "
                        + "is processed by game-service (FinalStandings by lobby-service too)");
        Map<String, Long> tables = new HashMap<>();
        facts.tables.forEach((id, t) -> tables.put(id, t.eventVersion()));
        Map<String, Long> scoring = new HashMap<>();
        facts.scored.forEach((id, g) -> scoring.put(id, g.scoringVersion()));
        long again = numbered(f, Topics.LOBBY_EVENTS, "lobby-service", tables, facts.lobbyTopic)
                + numbered(f, Topics.SCORING_EVENTS, "scoring-service", scoring, facts.scoringTopic);
        Map<String, Integer> gamesOfTable = new HashMap<>();
        facts.games
                .values()
                .forEach(stream -> Facts.of(stream, Facts.GAME_STARTED)
                        .forEach(
                                e -> gamesOfTable.merge(e.data().path("tableId").asText(), 1, Integer::sum)));
        applied(
                f,
                facts.lobbyTopic,
                Facts.TABLE_STARTED,
                facts.processed.getOrDefault("game.tables", Set.of()),
                "game-service",
                p -> {
                    int games = gamesOfTable.getOrDefault(p.key(), 0);
                    if (games == 0) {
                        f.lost("table " + p.key() + " started, but game-service has no game of it");
                    } else if (games > 1) {
                        f.duplicated("table " + p.key() + " has " + games + " games");
                    }
                });
        applied(
                f,
                facts.scoringTopic,
                null,
                facts.processed.getOrDefault("game.scoring", Set.of()),
                "game-service",
                p -> {});
        applied(
                f,
                facts.scoringTopic,
                Facts.FINAL_STANDINGS,
                facts.processed.getOrDefault("lobby.standings", Set.of()),
                "lobby-service",
                p -> {});
        f.note(again + " records published again under the same id (allowed: at least once)");
        f.done();
    }

    /**
     * A stream its service numbers without storing it: on the topic, under its key, versions 1 to the service's count,
     * one event id each. Returns how many records were the same event published again.
     */
    private static long numbered(
            Report.Findings f,
            String topic,
            String service,
            Map<String, Long> positions,
            List<Facts.Published> records) {
        Map<String, Map<Long, Set<String>>> versions = new HashMap<>();
        Set<String> ids = new HashSet<>();
        long again = 0;
        for (Facts.Published p : records) {
            if (p.id() == null) {
                f.wrong(topic + " holds a record that is not a CloudEvent (key " + p.key() + ")");
                continue;
            }
            again += ids.add(p.id()) ? 0 : 1;
            versions.computeIfAbsent(p.key(), k -> new TreeMap<>())
                    .computeIfAbsent(p.version(), v -> new TreeSet<>())
                    .add(p.id());
        }
        positions.forEach((key, last) -> {
            Map<Long, Set<String>> published = versions.getOrDefault(key, Map.of());
            for (long v = 1; v <= last; v++) {
                f.checked();
                int n = published.getOrDefault(v, Set.of()).size();
                if (n == 0) {
                    f.lost(topic + " of " + key + ": v" + v + " of " + last + " never published");
                } else if (n > 1) {
                    f.duplicated(topic + " of " + key + ": v" + v + " published as " + n + " different events");
                }
            }
            published.keySet().stream()
                    .filter(v -> v > last)
                    .forEach(v -> f.wrong(topic + " of " + key + ": v" + v + " published, past the " + last + " "
                            + service + " counts"));
        });
        versions.keySet().stream()
                .filter(key -> !positions.containsKey(key))
                .forEach(key -> f.wrong(topic + " holds events of " + key + ", which " + service + " does not know"));
        return again;
    }

    /** Each event of a type (null: any) on a topic, once per id, processed by a consumer; then {@code also} on it. */
    private static void applied(
            Report.Findings f,
            List<Facts.Published> records,
            String type,
            Set<String> processed,
            String by,
            java.util.function.Consumer<Facts.Published> also) {
        Set<String> seen = new HashSet<>();
        for (Facts.Published p : records) {
            if (p.id() == null || (type != null && !type.equals(p.type())) || !seen.add(p.id())) {
                continue;
            }
            f.checked();
            if (!processed.contains(p.id())) {
                f.lost(by + " never applied " + p.type() + " " + p.id() + " of " + p.key());
            }
            also.accept(p);
        }
    }

    // ---- c: every scoring round and valuation scored once ----

    private static void scoredOnce(Report report, Facts facts) {
        Report.Findings f = report.start(
                "c",
                "scored once",
                "per Alhambra ScoringRoundTriggered one PointsAwarded in the stream, one ScoringRoundScored event id on scoring-events "
                        + "and a round_points row per player; per Carrara ValuationRequested one ValuationScored in the stream and one "
                        + "event id on scoring-events");
        Map<String, Map<Integer, Set<String>>> rounds = answers(facts, Facts.ROUND_SCORED, "round");
        Map<String, Map<Integer, Set<String>>> valuations = answers(facts, Facts.VALUATION_SCORED, "valuation");
        for (Map.Entry<String, List<Facts.Stored>> game : facts.games.entrySet()) {
            String id = game.getKey();
            List<Facts.Stored> stream = game.getValue();
            // The players, from GameStarted (a stream that lacks it has a gap, which check a reports).
            int players = stream.get(0).type().equals(Facts.GAME_STARTED)
                    ? stream.get(0).data().path("players").size()
                    : -1;
            Map<Integer, Integer> points = facts.roundPoints.getOrDefault(id, Map.of());
            once(
                    f,
                    id,
                    "scoring round",
                    count(stream, Facts.ROUND_TRIGGERED, "round"),
                    count(stream, Facts.POINTS_AWARDED, "round"),
                    rounds.getOrDefault(id, Map.of()),
                    (round, what) -> {
                        int rows = points.getOrDefault(round, 0);
                        if (players < 0) {
                            return;
                        }
                        if (rows < players) {
                            f.lost(what + ": " + rows + " round_points rows for " + players + " players");
                        } else if (rows > players) {
                            f.duplicated(what + ": " + rows + " round_points rows for " + players + " players");
                        }
                    });
            once(
                    f,
                    id,
                    "valuation",
                    count(stream, Facts.VALUATION_REQUESTED, "valuation"),
                    count(stream, Facts.VALUATION_SCORED, "valuation"),
                    valuations.getOrDefault(id, Map.of()),
                    (n, what) -> {});
        }
        f.done();
    }

    private interface Also {
        void check(int number, String what);
    }

    /** Each request answered once in the stream and by one event on scoring-events; no answer without a request. */
    private static void once(
            Report.Findings f,
            String game,
            String kind,
            Map<Integer, Integer> requests,
            Map<Integer, Integer> answers,
            Map<Integer, Set<String>> published,
            Also also) {
        requests.forEach((n, times) -> {
            f.checked();
            String what = kind + " " + n + " of game " + game;
            if (times > 1) {
                f.duplicated(what + " requested " + times + " times");
            }
            int answered = answers.getOrDefault(n, 0);
            if (answered == 0) {
                f.lost(what + " has no answer in the stream");
            } else if (answered > 1) {
                f.duplicated(what + " answered " + answered + " times in the stream");
            }
            int ids = published.getOrDefault(n, Set.of()).size();
            if (ids == 0) {
                f.lost(what + " has no answer on scoring-events");
            } else if (ids > 1) {
                f.duplicated(what + " answered by " + ids + " different events on scoring-events");
            }
            also.check(n, what);
        });
        answers.keySet().stream()
                .filter(n -> !requests.containsKey(n))
                .forEach(n -> f.wrong(kind + " " + n + " of game " + game + " answered but never requested"));
    }

    /** How many events of a type a stream holds per number (round, valuation) in their data. */
    private static Map<Integer, Integer> count(List<Facts.Stored> stream, String type, String field) {
        Map<Integer, Integer> n = new TreeMap<>();
        Facts.of(stream, type).forEach(e -> n.merge(e.data().path(field).asInt(), 1, Integer::sum));
        return n;
    }

    /** The event ids on scoring-events of a type, per game and number (round, valuation). */
    private static Map<String, Map<Integer, Set<String>>> answers(Facts facts, String type, String field) {
        Map<String, Map<Integer, Set<String>>> ids = new HashMap<>();
        for (Facts.Published p : facts.scoringTopic) {
            if (type.equals(p.type())) {
                ids.computeIfAbsent(p.key(), k -> new HashMap<>())
                        .computeIfAbsent(p.data().path(field).asInt(), k -> new HashSet<>())
                        .add(p.id());
            }
        }
        return ids;
    }

    // ---- d: every ended game has one FinalStandings and one GameEnded ----

    private static void endedOnce(Report report, Facts facts, ChaosLoad.Results load) {
        Report.Findings f = report.start(
                "d",
                "ended once",
                "every game the bots finished, and every game whose rules ended it (Alhambra's third scoring round, Carrara's and "
                        + "The Builders' GameFinished), has one GameEnded in its stream and one FinalStandings event id on scoring-events, "
                        + "with the same standings");
        Map<String, JsonNode> finals = new HashMap<>();
        Map<String, Set<String>> finalIds = new HashMap<>();
        for (Facts.Published p : facts.scoringTopic) {
            if (Facts.FINAL_STANDINGS.equals(p.type())) {
                finalIds.computeIfAbsent(p.key(), k -> new HashSet<>()).add(p.id());
                finals.put(p.key(), p.data().path("standings"));
            }
        }
        Set<String> due = new TreeSet<>();
        facts.games.forEach((id, stream) -> {
            boolean alhambraOver = count(stream, Facts.ROUND_TRIGGERED, "round").containsKey(3);
            if (alhambraOver
                    || !Facts.of(stream, Facts.CARRARA_FINISHED).isEmpty()
                    || !Facts.of(stream, Facts.BUILDERS_FINISHED).isEmpty()) {
                due.add(id);
            } else if (!Facts.of(stream, Facts.GAME_ENDED).isEmpty()) {
                f.wrong("game " + id + " has a GameEnded, but its rules never ended it");
            }
        });
        if (load != null) {
            load.gamesFinished().forEach(g -> due.add(g.gameId()));
        }
        for (String id : due) {
            f.checked();
            List<Facts.Stored> stream = facts.games.get(id);
            if (stream == null) {
                f.lost("game " + id + ", which the bots finished, is not in game-service's store");
                continue;
            }
            List<Facts.Stored> ended = Facts.of(stream, Facts.GAME_ENDED);
            int ids = finalIds.getOrDefault(id, Set.of()).size();
            if (ended.isEmpty()) {
                f.lost("game " + id + " has no GameEnded");
            } else if (ended.size() > 1) {
                f.duplicated("game " + id + " has " + ended.size() + " GameEnded");
            }
            if (ids == 0) {
                f.lost("game " + id + " has no FinalStandings on scoring-events");
            } else if (ids > 1) {
                f.duplicated("game " + id + " has " + ids + " different FinalStandings on scoring-events");
            }
            if (ended.size() == 1
                    && ids == 1
                    && !ended.get(0).data().path("standings").equals(finals.get(id))) {
                f.wrong("game " + id + ": GameEnded's standings differ from FinalStandings'");
            }
        }
        f.done();
    }

    // ---- e: each finished game changed each of its players' ratings once ----

    private static void ratedOnce(Report report, Facts facts) {
        Report.Findings f = report.start(
                "e",
                "rated once",
                "every player of every GameEnded has a rating before and after that game in lobby-service; per player and title, "
                        + "the finished games in the order lobby-service rates them chain from " + INITIAL_RATING
                        + " (each starts where the one before ended), end at player_ratings' rating, and number player_ratings' games");
        facts.games.forEach((id, stream) -> {
            if (!stream.isEmpty() && stream.get(0).type().equals(Facts.GAME_STARTED) && sandbox(stream.get(0))) {
                return; // a sandbox game is never rated: lobbyRecord checks that it is in no history
            }
            for (Facts.Stored end : Facts.of(stream, Facts.GAME_ENDED)) {
                Facts.LobbyGame lobby = facts.lobbyGames.get(id);
                for (JsonNode s : end.data().path("standings")) {
                    f.checked();
                    String player = s.path("player").asText();
                    Facts.Result r = lobby == null ? null : lobby.results().get(player);
                    if (r == null || r.ratingBefore() == null || r.ratingAfter() == null) {
                        f.lost("game " + id + " did not change the rating of player " + player);
                    }
                }
            }
        });
        for (Facts.Rating rating : facts.ratings) {
            f.checked();
            String who = "player " + rating.player() + " in " + rating.title();
            if (rating.games() > rating.history().size()) {
                f.duplicated(who + ": rating counts " + rating.games() + " games, "
                        + rating.history().size() + " finished");
            } else if (rating.games() < rating.history().size()) {
                f.lost(who + ": rating counts " + rating.games() + " games, "
                        + rating.history().size() + " finished");
            }
            Integer before = INITIAL_RATING;
            for (Iterator<Facts.Result> it = rating.history().iterator(); it.hasNext() && before != null; ) {
                Facts.Result game = it.next();
                if (game.ratingBefore() != null && !game.ratingBefore().equals(before)) {
                    f.wrong(who + ": a game starts from " + game.ratingBefore() + " where the one before it ended at "
                            + before);
                }
                before = game.ratingAfter();
            }
            if (before != null && before != rating.rating()) {
                f.wrong(who + ": rating " + rating.rating() + ", where the last game ended at " + before);
            }
        }
        f.done();
    }

    // ---- f: the statistics equal a recomputation from the export ----

    private static void statistics(Report report, Target t, Facts facts) throws InterruptedException {
        Report.Findings f = report.start(
                "f",
                "statistics",
                "GET /api/v1/stats/{title} equals ExpectedStatistics computed from GET /api/v1/exports/events?game={title}&sandbox=include "
                        + "(and, for Alhambra's walls, the ScoringRoundScored records of scoring-events); a count below is lost, above duplicated");
        if (t.gateways().isEmpty()) {
            f.note("skipped: no gateway");
            f.done();
            return;
        }
        Api api = new Api(t.gateways(), Duration.ofSeconds(60));
        String token;
        try {
            token = api.signUp("invariants-" + Long.toString(System.currentTimeMillis(), 36))
                    .token();
        } catch (RuntimeException e) {
            f.wrong("could not sign up to read the statistics: " + e.getMessage());
            f.done();
            return;
        }
        for (String title : TITLES) {
            f.checked();
            // The statistics commit about once a second: a difference may be one that is about to go (asked again for
            // 30 s at most, or the settling time when shorter).
            long until = System.nanoTime()
                    + Math.min(t.await().toNanos(), Duration.ofSeconds(30).toNanos());
            String failed;
            JsonNode expected = null;
            JsonNode actual = null;
            do {
                ExpectedStatistics recomputed = new ExpectedStatistics();
                facts.roundRecords.forEach(r -> recomputed.scoringEvent(r.key(), r.value()));
                try {
                    // With the sandbox games, whose starts say which scoring rounds are theirs; the recomputation then
                    // leaves them out, as the statistics do.
                    Api.Answer export = api.lines(
                            "/api/v1/exports/events?game=" + title + "&sandbox=include", token, recomputed::exported);
                    Api.Answer stats = api.get("/api/v1/stats/" + title, token);
                    failed = export.status() != 200
                            ? "the export of " + title + " answered " + export.status() + " " + export.excerpt()
                            : stats.status() != 200
                                    ? "the statistics of " + title + " answered " + stats.status() + " "
                                            + stats.excerpt()
                                    : null;
                    actual = stats.body();
                } catch (RuntimeException e) {
                    failed = "reading the statistics or the export of " + title + " failed: " + e.getMessage();
                }
                if (failed == null) {
                    expected = recomputed.of(title);
                    if (expected.equals(actual)) {
                        break;
                    }
                }
                Thread.sleep(2000);
            } while (System.nanoTime() < until);
            if (failed != null) {
                f.wrong(failed);
            } else if (!expected.equals(actual)) {
                differences(f, title, "", expected, actual);
            }
        }
        f.done();
    }

    /** Says where two answers differ: a count below its recomputation is lost, above it duplicated, anything else wrong. */
    private static void differences(Report.Findings f, String title, String path, JsonNode expected, JsonNode actual) {
        if (expected != null && actual != null && expected.isContainerNode() && actual.isContainerNode()) {
            Set<String> names = new TreeSet<>();
            expected.fieldNames().forEachRemaining(names::add);
            actual.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                differences(f, title, path + "/" + name, expected.get(name), actual.get(name));
            }
            for (int i = 0; i < Math.max(expected.size(), actual.size()) && expected.isArray(); i++) {
                differences(f, title, path + "/" + i, expected.get(i), actual.get(i));
            }
            return;
        }
        if (expected != null && expected.equals(actual)) {
            return;
        }
        String what = "statistics of " + title + ", " + path + ": " + actual + ", recomputed " + expected;
        if (expected != null && actual != null && expected.isIntegralNumber() && actual.isIntegralNumber()) {
            if (actual.asLong() < expected.asLong()) {
                f.lost(what);
            } else {
                f.duplicated(what);
            }
        } else {
            f.wrong(what);
        }
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> opts =
                Options.parse(args, List.of("db-host", "db-port", "db-user", "kafka", "gateway", "out"));
        Target target = Target.of(
                        opts.get("db-host"),
                        Integer.parseInt(opts.get("db-port")),
                        opts.get("db-user"),
                        opts.getOrDefault("db-password", ""),
                        opts.get("kafka"),
                        List.of(opts.get("gateway").split(",")))
                .withDatabases(
                        opts.getOrDefault("lobby-db", "tessera_lobby"),
                        opts.getOrDefault("game-db", "tessera_game"),
                        opts.getOrDefault("scoring-db", "tessera_scoring"))
                .withAwait(Duration.ofSeconds(Long.parseLong(opts.getOrDefault("await-seconds", "180"))));
        // Without a load (./tessera drill restore), the data is checked against itself: a restore rolls back what the
        // load was told after the backup, so its acknowledgements are no measure.
        ChaosLoad.Results load = opts.containsKey("load") ? ChaosLoad.Results.read(Path.of(opts.get("load"))) : null;
        Report report = opts.containsKey("webhooks-received") && load != null
                ? check(
                        target,
                        load,
                        Path.of(opts.get("webhooks-received")),
                        opts.getOrDefault("gateway-db", "tessera_gateway"))
                : check(target, load);
        String markdown = (load == null ? "" : load.toMarkdown() + "\n") + report.toMarkdown();
        // ./tessera chaos passes its kills: the report then ends with the line that sums the run up.
        String verdict = opts.containsKey("kills") && load != null
                ? "\n" + verdict(Long.parseLong(opts.get("kills")), load, report) + "\n"
                : "";
        Files.writeString(Path.of(opts.get("out")), markdown + verdict);
        Map<String, Long> failed = new LinkedHashMap<>();
        report.checks().stream().filter(c -> !c.holds()).forEach(c -> failed.put(c.id(), c.failed()));
        System.out.println(
                report.holds()
                        ? "invariants hold (" + report.checks().size() + " checks)"
                        : "invariants fail: " + failed + "; lost "
                                + report.lost().size() + ", duplicated "
                                + report.duplicated().size());
        System.out.print(verdict);
        System.exit(report.holds() ? 0 : 1);
    }

    /** "chaos: 42 kills, 3180 moves, 95 undos, 57 games finished; 0 lost, 0 duplicated, 0 client errors". */
    static String verdict(long kills, ChaosLoad.Results load, Report report) {
        return String.format(
                "chaos: %d kills, %d moves, %d undos, %d games finished; %d lost, %d duplicated, %d client errors",
                kills,
                load.movesAccepted(),
                load.movesTakenBack(),
                load.gamesFinished().size(),
                report.lost().size(),
                report.duplicated().size(),
                load.clientErrorCount());
    }
}
