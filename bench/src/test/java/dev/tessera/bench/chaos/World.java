package dev.tessera.bench.chaos;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tessera.events.EventTypes;
import dev.tessera.events.Topics;
import dev.tessera.infra.LocalPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * A small platform's worth of data, consistent the way the services leave it: the three databases migrated with
 * the services' own migrations, and the topics. An Alhambra game played to its end (two scoring rounds, the final
 * standings, rated), a Carrara game under way (one valuation, stones bought and taken back), their tables (each
 * playing its game, the Alhambra one finished); every event published, consumed and applied once. Tests then break one thing and look for it in the report.
 */
final class World {
    static final String GROUP = "invariants-test";
    private static final ObjectMapper JSON = new ObjectMapper();

    final String alhambra = "g-" + UUID.randomUUID();
    final String carrara = "g-" + UUID.randomUUID();
    final List<String> alhambraPlayers = List.of("ana", "bob", "cy");
    final List<String> carraraPlayers = List.of("dee", "eve");
    final String alhambraTable = "t-" + UUID.randomUUID();
    final String carraraTable = "t-" + UUID.randomUUID();
    final String lobbyDb;
    final String gameDb;
    final String scoringDb;
    private final LocalPostgres postgres;
    private final String bootstrap;
    private final OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
    /** The ids of what this world published on scoring-events, by game, in order. */
    final Map<String, List<String>> scoringIds = new HashMap<>();
    /** The ids of the stored events, by stream and version ("g-… v7"). */
    final Map<String, String> eventIds = new HashMap<>();

    World(LocalPostgres postgres, String bootstrap, String name) throws Exception {
        this.postgres = postgres;
        this.bootstrap = bootstrap;
        this.lobbyDb = name + "_lobby";
        this.gameDb = name + "_game";
        this.scoringDb = name + "_scoring";
        postgres.createDatabases(List.of(lobbyDb, gameDb, scoringDb));
        migrate(lobbyDb, "lobby-service");
        migrate(gameDb, "game-service");
        migrate(scoringDb, "scoring-service");
        build();
        commitGroupAtEnd();
    }

    Invariants.Target target() {
        return Invariants.Target.of("localhost", postgres.port(), LocalPostgres.USER, "", bootstrap, List.of())
                .withDatabases(lobbyDb, gameDb, scoringDb)
                .withAwait(Duration.ofSeconds(2))
                .withGroups(Map.of(GROUP, List.of(Topics.LOBBY_EVENTS, Topics.GAME_EVENTS, Topics.SCORING_EVENTS)));
    }

    /** The service's migrations as Flyway runs them: service-kit's eventing tables first, then its own. */
    private void migrate(String db, String module) throws Exception {
        List<Path> scripts = new ArrayList<>();
        for (Path dir : List.of(
                Path.of("../service-kit/src/main/resources/db/eventing"),
                Path.of("../" + module + "/src/main/resources/db/migration"))) {
            try (Stream<Path> files = Files.list(dir)) {
                files.filter(f -> f.toString().endsWith(".sql")).sorted().forEach(scripts::add);
            }
        }
        try (Connection c = postgres.connect(db);
                Statement s = c.createStatement()) {
            for (Path script : scripts) {
                s.execute(Files.readString(script));
            }
        }
    }

    private void build() throws Exception {
        String t1 = alhambraTable;
        String t2 = carraraTable;
        table(t1, "alhambra", alhambraPlayers);
        table(t2, "carrara", carraraPlayers);

        ArrayNode standings = JSON.createArrayNode();
        standings.addObject().put("player", "ana").put("score", 30).put("rank", 1);
        standings.addObject().put("player", "bob").put("score", 20).put("rank", 2);
        standings.addObject().put("player", "cy").put("score", 10).put("rank", 3);
        List<String> a = List.of(
                game(alhambra, 1, "tessera.game.GameStarted", started(alhambra, t1, "alhambra", alhambraPlayers)),
                game(
                        alhambra,
                        2,
                        "tessera.alhambra.TilePlaced",
                        JSON.createObjectNode().put("player", "ana")),
                game(
                        alhambra,
                        3,
                        "tessera.alhambra.ScoringRoundTriggered",
                        JSON.createObjectNode().put("round", 1)),
                game(
                        alhambra,
                        4,
                        "tessera.alhambra.PointsAwarded",
                        JSON.createObjectNode().put("round", 1)),
                game(
                        alhambra,
                        5,
                        "tessera.alhambra.ScoringRoundTriggered",
                        JSON.createObjectNode().put("round", 3)),
                game(
                        alhambra,
                        6,
                        "tessera.alhambra.PointsAwarded",
                        JSON.createObjectNode().put("round", 3)),
                game(
                        alhambra,
                        7,
                        "tessera.game.GameEnded",
                        JSON.createObjectNode().put("gameId", alhambra).set("standings", standings)));
        List<String> c = List.of(
                game(carrara, 1, "tessera.game.GameStarted", started(carrara, t2, "carrara", carraraPlayers)),
                game(
                        carrara,
                        2,
                        "tessera.carrara.ValuationRequested",
                        JSON.createObjectNode().put("valuation", 1).put("kind", "city")),
                game(
                        carrara,
                        3,
                        "tessera.carrara.ValuationScored",
                        JSON.createObjectNode().put("valuation", 1).put("kind", "city")),
                game(
                        carrara,
                        4,
                        "tessera.carrara.TurnEnded",
                        JSON.createObjectNode().put("player", "dee")),
                game(
                        carrara,
                        5,
                        "tessera.carrara.StonesBought",
                        JSON.createObjectNode().put("player", "eve")),
                game(
                        carrara,
                        6,
                        "tessera.game.MovesTakenBack",
                        JSON.createObjectNode()
                                .put("gameId", carrara)
                                .put("player", "eve")
                                .put("toVersion", 4)
                                .put("moves", 1)));
        // What scoring-service did with them: applied, projected, scored, answered.
        sql(scoringDb, "INSERT INTO scored_games VALUES (?, 'alhambra', '{ana,bob,cy}', 7, true, now(), 3)", alhambra);
        sql(scoringDb, "INSERT INTO scored_games VALUES (?, 'carrara', '{dee,eve}', 6, false, now(), 1)", carrara);
        for (int round : List.of(1, 3)) {
            for (String p : alhambraPlayers) {
                sql(
                        scoringDb,
                        "INSERT INTO round_points VALUES (?, ?, " + round + ", ?, 5)",
                        alhambra + ":" + round + ":" + p,
                        alhambra,
                        p);
            }
        }
        for (String id : List.of(a.get(0), a.get(1), a.get(2), a.get(4), a.get(6), c.get(0), c.get(1), c.get(5))) {
            processed(scoringDb, "scoring.games", id);
        }
        scoring(
                alhambra,
                "tessera.scoring.ScoringRoundScored",
                JSON.createObjectNode().put("round", 1));
        scoring(
                alhambra,
                "tessera.scoring.ScoringRoundScored",
                JSON.createObjectNode().put("round", 3));
        scoring(
                alhambra,
                "tessera.scoring.FinalStandings",
                JSON.createObjectNode().put("gameId", alhambra).set("standings", standings));
        scoring(
                carrara,
                "tessera.carrara.ValuationScored",
                JSON.createObjectNode().put("valuation", 1));
        scoringIds.values().forEach(ids -> ids.forEach(id -> processed(gameDb, "game.scoring", id)));
        processed(lobbyDb, "lobby.standings", scoringIds.get(alhambra).get(2));
        // What lobby-service did: tables showing their games, the players read model, the ratings.
        for (String id : List.of(a.get(0), a.get(6), c.get(0))) {
            processed(lobbyDb, "lobby.players", id);
            processed(lobbyDb, "lobby.table-status", id);
        }
        sql(
                lobbyDb,
                "UPDATE game_tables SET game_id = ?, status = 'finished', event_version = 4 WHERE id = ?",
                alhambra,
                t1);
        sql(
                lobbyDb,
                "UPDATE game_tables SET game_id = ?, status = 'playing', event_version = 3 WHERE id = ?",
                carrara,
                t2);
        // ... and published each change of their status: the games' starts, the Alhambra game's end.
        tableEvent(t1, 3, "tessera.lobby.PlayBegan", alhambra);
        tableEvent(t2, 3, "tessera.lobby.PlayBegan", carrara);
        tableEvent(t1, 4, "tessera.lobby.TableFinished", alhambra);
        sql(lobbyDb, "INSERT INTO player_games VALUES (?, ?, 'alhambra', now(), now(), 'finished')", alhambra, t1);
        sql(lobbyDb, "INSERT INTO player_games VALUES (?, ?, 'carrara', now(), null, 'playing')", carrara, t2);
        int[] after = {1532, 1500, 1468};
        for (int seat = 0; seat < 3; seat++) {
            String p = alhambraPlayers.get(seat);
            sql(
                    lobbyDb,
                    "INSERT INTO player_game_results VALUES (?, ?, " + seat + ", false, " + (seat + 1) + ", 0, "
                            + (seat + 1) + ", 1500, " + after[seat] + ")",
                    alhambra,
                    p);
            sql(
                    lobbyDb,
                    "INSERT INTO player_ratings VALUES (?, 'alhambra', " + after[seat] + ", 1, " + (seat == 0 ? 1 : 0)
                            + ", 0)",
                    p);
        }
        for (int seat = 0; seat < 2; seat++) {
            sql(
                    lobbyDb,
                    "INSERT INTO player_game_results (game_id, player, seat) VALUES (?, ?, " + seat + ")",
                    carrara,
                    carraraPlayers.get(seat));
        }
    }

    /**
     * A table in lobby-service, which keeps no event store: its row counts the events it published (opened, started),
     * and game-service records having made its game.
     */
    private void table(String id, String title, List<String> players) throws Exception {
        ObjectNode opened = JSON.createObjectNode().put("tableId", id).put("game", title);
        ObjectNode started = JSON.createObjectNode().put("tableId", id).put("game", title);
        players.forEach(started.putArray("players")::add);
        publish(Topics.LOBBY_EVENTS, id, UUID.randomUUID().toString(), 1, "tessera.lobby.TableOpened", opened);
        String start = UUID.randomUUID().toString();
        publish(Topics.LOBBY_EVENTS, id, start, 2, "tessera.lobby.TableStarted", started);
        processed(gameDb, "game.tables", start);
        sql(lobbyDb, """
                INSERT INTO game_tables VALUES (?, ?, ?, ?, ?::text[], '{}', 'starting', null, 2, 1, now(), now())""", id, title, players.size(), players.get(0), "{" + String.join(",", players) + "}");
    }

    /** One of lobby-service's events about a table's game ({@code PlayBegan}, {@code TableFinished}); its id. */
    String tableEvent(String table, long version, String type, String game) throws Exception {
        String id = UUID.randomUUID().toString();
        publish(
                Topics.LOBBY_EVENTS,
                table,
                id,
                version,
                type,
                JSON.createObjectNode().put("tableId", table).put("gameId", game));
        return id;
    }

    private ObjectNode started(String game, String table, String title, List<String> players) {
        ObjectNode data = JSON.createObjectNode()
                .put("gameId", game)
                .put("tableId", table)
                .put("game", title);
        players.forEach(data.putArray("players")::add);
        return data;
    }

    /** An event in game-service's store, and published on game-events under the same id. */
    private String game(String game, long version, String type, ObjectNode data) throws Exception {
        String id = UUID.randomUUID().toString();
        sql(
                gameDb,
                "INSERT INTO events (stream_id, version, event_id, type, schema_version, payload) VALUES (?, ?, ?::uuid, ?, 1, ?::jsonb)",
                game,
                version,
                id,
                type,
                data.toString());
        publish(Topics.GAME_EVENTS, game, id, version, type, data);
        eventIds.put(game + " v" + version, id);
        return id;
    }

    /** One of scoring-service's answers on scoring-events, numbered as scoring-service numbers them per game. */
    String scoring(String game, String type, ObjectNode data) throws Exception {
        List<String> ids = scoringIds.computeIfAbsent(game, k -> new ArrayList<>());
        String id = UUID.randomUUID().toString();
        ids.add(id);
        publish(Topics.SCORING_EVENTS, game, id, ids.size(), type, data);
        return id;
    }

    void publish(String topic, String key, String id, long version, String type, ObjectNode data) throws Exception {
        ObjectNode e = JSON.createObjectNode()
                .put("specversion", "1.0")
                .put("id", id)
                .put("source", "/tessera/test")
                .put("type", type)
                .put("subject", key)
                .put("time", now.toString())
                .put("datacontenttype", "application/json")
                .put("dataschema", EventTypes.schemaUri(type, 1))
                .put("streamversion", version);
        e.set("data", data);
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap),
                new StringSerializer(),
                new StringSerializer())) {
            producer.send(new ProducerRecord<>(topic, key, e.toString())).get();
        }
    }

    /** The test's consumer group has consumed every topic to its end. */
    void commitGroupAtEnd() {
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(
                Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap, ConsumerConfig.GROUP_ID_CONFIG, GROUP),
                new StringDeserializer(),
                new StringDeserializer())) {
            List<TopicPartition> partitions = new ArrayList<>();
            for (String topic : List.of(Topics.LOBBY_EVENTS, Topics.GAME_EVENTS, Topics.SCORING_EVENTS)) {
                consumer.partitionsFor(topic).forEach(p -> partitions.add(new TopicPartition(topic, p.partition())));
            }
            consumer.assign(partitions);
            Map<TopicPartition, OffsetAndMetadata> ends = new HashMap<>();
            consumer.endOffsets(partitions).forEach((p, end) -> ends.put(p, new OffsetAndMetadata(end)));
            consumer.commitSync(ends);
        }
    }

    void processed(String db, String consumer, String id) {
        sql(db, "INSERT INTO processed_events (consumer, event_id) VALUES (?, ?)", consumer, id);
    }

    /** A statement with text and number parameters, committed. */
    void sql(String db, String statement, Object... params) {
        try (Connection c = postgres.connect(db);
                PreparedStatement s = c.prepareStatement(statement)) {
            for (int i = 0; i < params.length; i++) {
                s.setObject(i + 1, params[i]);
            }
            s.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(statement + ": " + e.getMessage(), e);
        }
    }
}
