package dev.tessera.gateway.api;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.EventTypes;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.Topics;
import dev.tessera.events.game.GameEnded;
import dev.tessera.events.game.GameStarted;
import dev.tessera.events.lobby.PlayBegan;
import dev.tessera.events.lobby.PlayerSeated;
import dev.tessera.events.lobby.TableFinished;
import dev.tessera.events.lobby.TableOpened;
import dev.tessera.events.lobby.TableStarted;
import dev.tessera.gateway.Scraped;
import dev.tessera.gateway.TestPlayer;
import dev.tessera.gateway.live.TableFeeds;
import dev.tessera.infra.TestInfrastructure;
import dev.tessera.infra.TestKafka;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The tables' live feed (GET /api/v1/tables/live): lobby-service's events, its table's game's start and end among them,
 * as they reach the real broker, each said as "this table changed, so" (with the players of a table that started);
 * game-events is not read. lobby-service is not
 * running here: its outbox is stood in for by records put on the topic as the relay puts them.
 */
@QuarkusTest
class TableFeedTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final EventCodec codec = new EventCodec();

    @TestHTTPResource("/")
    URI base;

    @Inject
    TableFeeds feeds;

    private final List<CompletableFuture<HttpResponse<Stream<String>>>> opened = new CopyOnWriteArrayList<>();

    /** No feed outlives its test, failed or not. */
    @AfterEach
    void hangUpAll() {
        opened.forEach(response -> {
            response.cancel(true);
            response.thenAccept(r -> r.body().close());
        });
    }

    /** A feed read in the background: each SSE event's name and data (and any id), once its answer has started. */
    private record Feed(
            HttpResponse<Stream<String>> response, List<String> names, List<JsonNode> data, List<String> ids) {}

    private Feed open(TestPlayer player) throws Exception {
        CompletableFuture<HttpResponse<Stream<String>>> answer = HttpClient.newHttpClient()
                .sendAsync(
                        HttpRequest.newBuilder(base.resolve("api/v1/tables/live"))
                                .header("Accept", "text/event-stream")
                                .header("Authorization", player.bearer())
                                .build(),
                        HttpResponse.BodyHandlers.ofLines());
        opened.add(answer);
        // The answer starts once the feed's reader has its place: a client reads its tables then, and misses nothing.
        HttpResponse<Stream<String>> response = answer.get(30, java.util.concurrent.TimeUnit.SECONDS);
        List<String> names = new CopyOnWriteArrayList<>();
        List<JsonNode> data = new CopyOnWriteArrayList<>();
        List<String> ids = new CopyOnWriteArrayList<>();
        CompletableFuture.runAsync(() -> response.body().forEach(line -> {
            if (line.startsWith("id:")) {
                ids.add(line);
            } else if (line.startsWith("event:")) {
                names.add(line.substring(6).trim());
            } else if (line.startsWith("data:")) {
                try {
                    data.add(JSON.readTree(line.substring(5).trim()));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }));
        return new Feed(response, names, data, ids);
    }

    private static String type(Class<? extends TesseraEvent> type) {
        return EventTypes.of(type).value();
    }

    /** Puts an event on a topic as the services' outbox relay does, with its ce_type header unless told otherwise. */
    private void published(String topic, String key, TesseraEvent event, boolean typeHeader) {
        CloudEvent envelope = codec.envelope("/tessera/test", key, 1, event, OffsetDateTime.now());
        TestKafka.produceAll(
                TestInfrastructure.bootstrapServers(),
                topic,
                key,
                List.of(codec.write(envelope)),
                typeHeader ? Map.of(CloudEvent.TYPE_HEADER, envelope.type()) : Map.of());
    }

    @Test
    void each_change_of_a_table_reaches_the_feed_with_its_game_once_it_has_one_and_its_players_when_it_starts()
            throws Exception {
        TestPlayer ana =
                TestPlayer.signUp("tables-ana-" + UUID.randomUUID().toString().substring(0, 8));
        Feed feed = open(ana);
        assertEquals(200, feed.response().statusCode());
        assertTrue(
                feed.response().headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream"),
                feed.response().headers().toString());
        assertTrue(feeds.reading());
        assertEquals(1, Scraped.value("tessera_live_table_followers"));

        String table = UUID.randomUUID().toString();
        String game = UUID.randomUUID().toString();
        String bob = UUID.randomUUID().toString();
        // The game's own events are not read at all: lobby-service says when its table plays it and when it is over.
        published(
                Topics.GAME_EVENTS,
                game,
                new GameStarted(game, table, "builders", List.of(ana.id(), bob), 42L, Map.of(), null),
                true);
        published(Topics.GAME_EVENTS, game, new GameEnded(game, List.of()), true);
        published(
                Topics.LOBBY_EVENTS,
                table,
                new TableOpened(table, "builders", 2, ana.id(), Map.of("clock", "turn-based", "moveHours", "72")),
                true);
        // A record relayed before the relay put the type in a header is told all the same.
        published(Topics.LOBBY_EVENTS, table, new PlayerSeated(table, bob, 1), false);
        published(
                Topics.LOBBY_EVENTS,
                table,
                new TableStarted(table, "builders", List.of(ana.id(), bob), Map.of()),
                true);
        published(Topics.LOBBY_EVENTS, table, new PlayBegan(table, game), true);
        published(Topics.LOBBY_EVENTS, table, new TableFinished(table, game), false);

        List<String> lobby = List.of(
                type(TableOpened.class),
                type(PlayerSeated.class),
                type(TableStarted.class),
                type(PlayBegan.class),
                type(TableFinished.class));
        // One table's events, in order (one key, one partition); nothing else came before its last one.
        await().atMost(Duration.ofSeconds(20)).until(() -> feed.data().size() >= 5);
        assertEquals(lobby, feed.names().subList(0, 5));
        assertEquals(
                feed.names(),
                feed.data().stream().map(d -> d.path("type").asText()).toList(),
                "each event's data names its type as its SSE name does");
        List<JsonNode> changes = feed.data().subList(0, 5);
        changes.forEach(d -> assertEquals(table, d.path("tableId").asText(), d.toString()));
        for (JsonNode before : changes.subList(0, 3)) {
            assertTrue(before.path("gameId").isNull(), "no game yet: " + before);
        }
        for (JsonNode withGame : changes.subList(3, 5)) {
            assertEquals(game, withGame.path("gameId").asText(), "the table's game: " + withGame);
        }
        // A started table's players come with it, in seat order: quick play's waiting player reads no table to know.
        JsonNode started = changes.get(2);
        assertEquals(
                List.of(ana.id(), bob), JSON.convertValue(started.path("players"), List.class), started.toString());
        for (JsonNode other : List.of(changes.get(0), changes.get(1), changes.get(3), changes.get(4))) {
            assertTrue(other.path("players").isNull(), "players only when started: " + other);
        }
        assertEquals(List.of(), feed.ids(), "nothing is replayed, so there is no id to resume from");
    }

    @Test
    void the_topics_are_read_only_while_someone_follows() throws Exception {
        await().atMost(Duration.ofSeconds(20)).until(() -> !feeds.reading());
        assertEquals(0, Scraped.value("tessera_live_table_followers"));
        TestPlayer ana =
                TestPlayer.signUp("tables-idle-" + UUID.randomUUID().toString().substring(0, 8));
        Feed first = open(ana);
        Feed second = open(ana);
        assertEquals(2, Scraped.value("tessera_live_table_followers"));
        String table = UUID.randomUUID().toString();
        published(Topics.LOBBY_EVENTS, table, new PlayerSeated(table, ana.id(), 1), true);
        await().atMost(Duration.ofSeconds(20))
                .until(() -> first.data().size() == 1 && second.data().size() == 1);

        hangUpAll();
        // Nobody follows: the reader stops once the linger (1 s here) has passed.
        await().atMost(Duration.ofSeconds(20)).until(() -> !feeds.reading());
        assertEquals(0, Scraped.value("tessera_live_table_followers"));
    }

    @Test
    void a_caller_without_a_valid_credential_gets_a_problem_and_no_stream() {
        given().accept("text/event-stream")
                .get("/api/v1/tables/live")
                .then()
                .statusCode(401)
                .contentType("application/problem+json")
                .header("WWW-Authenticate", "Bearer")
                .body("type", equalTo("https://tessera.dev/problems/unauthenticated"));
        given().accept("text/event-stream")
                .header("Authorization", "Bearer not-a-token")
                .get("/api/v1/tables/live")
                .then()
                .statusCode(401)
                .contentType("application/problem+json")
                .body("type", equalTo("https://tessera.dev/problems/unauthenticated"));
    }
}
