package dev.tessera.gateway.api;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.Topics;
import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.events.game.GameStarted;
import dev.tessera.gateway.FakeUpstreams;
import dev.tessera.gateway.Scraped;
import dev.tessera.gateway.live.LiveFeeds;
import dev.tessera.infra.TestInfrastructure;
import dev.tessera.infra.TestKafka;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The live feed: the past from game-service (here a stand-in), then new events from the real broker,
 * in order, each once, resumable with Last-Event-ID; the seed never shows.
 */
@QuarkusTest
class LiveFeedTest {
    private final EventCodec codec = new EventCodec();

    @TestHTTPResource("/")
    URI base;

    @jakarta.inject.Inject
    LiveFeeds feeds;

    private final String gameId = UUID.randomUUID().toString();
    private final List<CloudEvent> stream = new ArrayList<>();
    /** A registered player who does not sit at the game: a spectator of it. */
    private String spectator;

    private final List<CompletableFuture<HttpResponse<Stream<String>>>> opened = new CopyOnWriteArrayList<>();

    /** No feed outlives its test, failed or not: each one left open would keep the gateway reading. */
    @org.junit.jupiter.api.AfterEach
    void hangUpAll() {
        opened.forEach(LiveFeedTest::hangUp);
    }

    private static void hangUp(CompletableFuture<HttpResponse<Stream<String>>> response) {
        response.cancel(true);
        response.thenAccept(r -> r.body().close());
    }

    @org.junit.jupiter.api.BeforeEach
    void registerSpectator() {
        spectator = dev.tessera.gateway.TestPlayer.signUp("live-" + gameId.substring(0, 8))
                .bearer();
    }

    private CloudEvent event(long version) {
        return codec.envelope(
                "/tessera/game-service",
                gameId,
                version,
                version == 1
                        ? new GameStarted(gameId, "t", "builders", List.of("ana", "bob"), 42L, Map.of(), null)
                        : new BuildersEvent.TurnEnded("ana", 1, 0, 0, 0, "bob"),
                OffsetDateTime.now());
    }

    /** Stores events 1..n in the stand-in's history (what game-service would answer). */
    private void stored(int n) {
        while (stream.size() < n) {
            stream.add(event(stream.size() + 1));
        }
        FakeUpstreams.history(gameId, stream.stream().map(codec::write).toList());
    }

    private void published(int version) {
        stored(version);
        TestKafka.produce(
                TestInfrastructure.bootstrapServers(),
                Topics.GAME_EVENTS,
                gameId,
                codec.write(stream.get(version - 1)));
    }

    /** Reads the SSE stream in the background: each event's id and data. */
    private record Feed(List<String> ids, List<String> data, CompletableFuture<HttpResponse<Stream<String>>> response) {
        /** Hangs up, as a client that goes away does: the body's stream closed closes the exchange. */
        void close() {
            hangUp(response);
        }
    }

    private Feed open(String query, String lastEventId) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve("api/v1/games/" + gameId + "/live" + query))
                .header("Accept", "text/event-stream")
                .header("Authorization", spectator);
        if (lastEventId != null) {
            request.header("Last-Event-ID", lastEventId);
        }
        List<String> ids = new CopyOnWriteArrayList<>();
        List<String> data = new CopyOnWriteArrayList<>();
        CompletableFuture<HttpResponse<Stream<String>>> response =
                HttpClient.newHttpClient().sendAsync(request.build(), HttpResponse.BodyHandlers.ofLines());
        opened.add(response);
        response.thenAcceptAsync(r -> r.body().forEach(line -> {
            if (line.startsWith("id:")) {
                ids.add(line.substring(3).trim());
            } else if (line.startsWith("data:")) {
                data.add(line.substring(5).trim());
            }
        }));
        return new Feed(ids, data, response);
    }

    @Test
    void replays_then_pushes_in_order_each_event_once_and_resumes_after_a_reconnect() {
        stored(3);
        Feed feed = open("?from=1", null);
        await().atMost(Duration.ofSeconds(20)).until(() -> feed.ids().equals(List.of("2", "3")));

        // Event 4 arrives through Kafka, published once: the past was read only after the feed's reader had its
        // place in every partition, so what is published after the past was read reaches the feed.
        published(4);
        await().atMost(Duration.ofSeconds(20)).until(() -> feed.ids().contains("4"));
        // Event 5 never reaches the broker in time; 6 does: the gap is filled from game-service.
        stored(5);
        published(6);
        await().atMost(Duration.ofSeconds(20)).until(() -> feed.ids().size() >= 5);
        assertEquals(List.of("2", "3", "4", "5", "6"), feed.ids());
        feed.close();

        // A client that reconnects with the last id it saw misses nothing and gets nothing twice.
        Feed again = open("", "5");
        await().atMost(Duration.ofSeconds(20)).until(() -> again.ids().contains("6"));
        published(7);
        await().atMost(Duration.ofSeconds(20)).until(() -> again.ids().contains("7"));
        assertEquals(List.of("6", "7"), again.ids());
        again.close();
    }

    @Test
    void reads_the_topic_only_while_someone_follows_a_game() {
        // Other tests' followers are gone once their linger (1 s here) has passed.
        await().atMost(Duration.ofSeconds(20)).until(() -> !feeds.reading());
        assertEquals(0, Scraped.value("tessera_live_followers"));
        stored(1);
        Feed feed = open("", null);
        await().atMost(Duration.ofSeconds(20)).until(() -> feed.ids().equals(List.of("1")));
        assertTrue(feeds.reading());
        // Operators see the feed open, and the one game it follows.
        assertEquals(1, Scraped.value("tessera_live_followers"));
        assertEquals(1, Scraped.value("tessera_live_games"));
        published(2);
        await().atMost(Duration.ofSeconds(20)).until(() -> feed.ids().contains("2"));

        feed.close();
        await().atMost(Duration.ofSeconds(20)).until(() -> !feeds.reading());
        assertEquals(0, Scraped.value("tessera_live_followers"));
        assertEquals(0, Scraped.value("tessera_live_games"));

        // The next follower starts a reader again, from the end of the topic: nothing missed, nothing twice.
        Feed again = open("", "2");
        await().atMost(Duration.ofSeconds(20)).until(feeds::reading);
        published(3);
        await().atMost(Duration.ofSeconds(20)).until(() -> again.ids().contains("3"));
        // 3 may have come with the past; 4 can only come through the new reader.
        published(4);
        await().atMost(Duration.ofSeconds(20)).until(() -> again.ids().contains("4"));
        assertEquals(List.of("3", "4"), again.ids());
        again.close();
    }

    /** Before this, both answered 200 and then broke the stream off, and the client never learnt why. */
    @Test
    void an_unknown_game_or_a_bad_resume_position_is_a_problem_before_any_stream_starts() {
        String bearer = spectator;
        io.restassured.RestAssured.given()
                .header("Authorization", bearer)
                .accept("text/event-stream")
                .get("/api/v1/games/" + UUID.randomUUID() + "/live")
                .then()
                .statusCode(404)
                .contentType("application/problem+json");
        FakeUpstreams.history(gameId, List.of());
        for (String[] bad : new String[][] {{"Last-Event-ID", "-1"}, {"Last-Event-ID", "seven"}}) {
            io.restassured.RestAssured.given()
                    .header("Authorization", bearer)
                    .header(bad[0], bad[1])
                    .accept("text/event-stream")
                    .get("/api/v1/games/" + gameId + "/live")
                    .then()
                    .statusCode(400)
                    .contentType("application/problem+json")
                    .body("field", org.hamcrest.Matchers.equalTo(bad[0]));
        }
        io.restassured.RestAssured.given()
                .header("Authorization", bearer)
                .accept("text/event-stream")
                .get("/api/v1/games/" + gameId + "/live?from=abc")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("field", org.hamcrest.Matchers.equalTo("from"));
    }

    @Test
    void the_seed_is_never_in_the_feed() {
        stored(1);
        Feed feed = open("", null);
        await().atMost(Duration.ofSeconds(20)).until(() -> feed.data().size() == 1);
        assertFalse(feed.data().get(0).contains("seed"), feed.data().get(0));
        feed.close();
    }
}
