package dev.tessera.lobby;

import static io.restassured.RestAssured.given;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.Topics;
import dev.tessera.events.game.GameEnded;
import dev.tessera.events.scoring.FinalStandings;
import dev.tessera.infra.TestInfrastructure;
import dev.tessera.infra.TestKafka;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** What the lobby's integration tests share: acting as a player, reading the topics and tables, feeding game-events. */
public final class Lobby {
    public static final String PLAYER = "X-Tessera-Player";
    public static final EventCodec CODEC = new EventCodec();

    /** The events of a table two players sat at and the host started, in order (versions 1 to 4). */
    public static final List<String> STARTED_BY_TWO = List.of(
            "tessera.lobby.TableOpened",
            "tessera.lobby.PlayerSeated",
            "tessera.lobby.PlayerSeated",
            "tessera.lobby.TableStarted");

    private Lobby() {}

    /** A player id no other test uses, so that tests sharing the database and the broker stay apart. */
    public static String player(String name) {
        return name + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    public static RequestSpecification as(String player) {
        return given().header(PLAYER, player).contentType(ContentType.JSON);
    }

    /** Opens a table hosted by {@code host} and answers its id. */
    public static String open(String host, String game, int seats) {
        return as(host).body(Map.of("game", game, "seats", seats))
                .post("/api/v1/tables")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
    }

    public static void join(String tableId, String... players) {
        for (String p : players) {
            as(p).post("/api/v1/tables/" + tableId + "/join").then().statusCode(200);
        }
    }

    /** A table of {@code game} that {@code host} opened, {@code guest} joined and the host started; its id. */
    public static String startedTable(String game, String host, String guest) {
        String id = open(host, game, 2);
        join(id, guest);
        as(host).post("/api/v1/tables/" + id + "/start").then().statusCode(200);
        return id;
    }

    /** The end of a two-player Builders game as game-service records it (v2): {@code winner} 20, {@code loser} 18. */
    public static CloudEvent gameEnded(String gameId, String winner, String loser, OffsetDateTime time) {
        return gameEvent(
                gameId,
                2,
                new GameEnded(
                        gameId, List.of(new GameEnded.Standing(winner, 20, 1), new GameEnded.Standing(loser, 18, 2))),
                time);
    }

    /** The same end as scoring-service publishes it on scoring-events: the final standings. */
    public static CloudEvent finalStandings(String gameId, String winner, String loser, OffsetDateTime time) {
        return CODEC.envelope(
                "/tessera/scoring-service",
                gameId,
                1,
                new FinalStandings(
                        gameId,
                        "builders",
                        List.of(new FinalStandings.Standing(winner, 20, 1), new FinalStandings.Standing(loser, 18, 2))),
                time);
    }

    /** The lobby events of one table, in order. */
    public static List<CloudEvent> lobbyEvents(String tableId) {
        return TestKafka.readAll(TestInfrastructure.bootstrapServers(), Topics.LOBBY_EVENTS).stream()
                .filter(r -> r.key().equals(tableId))
                .map(r -> CODEC.readEnvelope(r.value()))
                .toList();
    }

    /** Runs a counting query on the lobby's database. */
    public static long count(String sql) {
        return TestInfrastructure.postgres().count("tessera_lobby", sql);
    }

    /** Runs a statement on the lobby's database, for a test that writes what an older release would have. */
    public static void execute(String sql) {
        try (Connection connection = TestInfrastructure.postgres().connect("tessera_lobby");
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(sql + ": " + e.getMessage(), e);
        }
    }

    /** Outbox rows (events written for lobby-events) that mention {@code text}: 0 means nothing was published about it. */
    public static long outboxMentioning(String text) {
        return count("SELECT count(*) FROM outbox WHERE payload LIKE '%" + text + "%'");
    }

    /** Events written for one table so far. */
    public static long outboxOf(String tableId) {
        return count("SELECT count(*) FROM outbox WHERE record_key = '" + tableId + "'");
    }

    public static long processed(String consumer, String eventId) {
        return count("SELECT count(*) FROM processed_events WHERE consumer = '" + consumer + "' AND event_id = '"
                + eventId + "'");
    }

    /** Wraps a game event as game-service publishes it: position {@code version} of the game's stream, at {@code time}. */
    public static CloudEvent gameEvent(String gameId, long version, TesseraEvent event, OffsetDateTime time) {
        return CODEC.envelope("/tessera/game-service", gameId, version, event, time);
    }

    /** Puts records on game-events as game-service's relay does (its type in a header), keyed by their game, in the order given. */
    public static void produce(CloudEvent... events) {
        for (CloudEvent e : events) {
            produceOn(Topics.GAME_EVENTS, e);
        }
    }

    /** Puts a record on {@code topic} as the services' relays do: keyed by its subject, its type in a header. */
    public static void produceOn(String topic, CloudEvent event) {
        TestKafka.produceAll(
                TestInfrastructure.bootstrapServers(),
                topic,
                event.subject(),
                List.of(CODEC.write(event)),
                Map.of(CloudEvent.TYPE_HEADER, event.type()));
    }
}
