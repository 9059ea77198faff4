package dev.tessera.scoring.exports;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.Topics;
import dev.tessera.infra.TestInfrastructure;
import dev.tessera.infra.TestKafka;
import dev.tessera.scoring.stats.GameFixtures;
import dev.tessera.scoring.stats.StatsStores;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Exports of game-events, streamed from the real topic: every event of the window once, one CloudEvent a line. */
@QuarkusTest
class ExportTest {
    private final EventCodec codec = new EventCodec();
    private final String bootstrap = TestInfrastructure.bootstrapServers();

    @Inject
    StatsStores stores;

    @BeforeEach
    void statisticsRunning() {
        // The export reads game titles from the statistics' store: 503 until the pipeline has started.
        await().atMost(Duration.ofSeconds(60))
                .until(() -> given().get("/api/v1/stats/alhambra").statusCode() == 200);
    }

    @Test
    void an_export_parses_line_by_line_as_cloudevents_and_holds_every_event_of_the_window_once() {
        GameFixtures fixtures = new GameFixtures(3);
        Instant from = Instant.now();
        List<GameFixtures.Game> games = List.of(
                fixtures.alhambra(2, true, false, true),
                fixtures.alhambra(3, true, true, true),
                fixtures.carrara(2, true, false),
                fixtures.builders(2, true));
        GameFixtures.publish(bootstrap, games);
        // The same record twice, as after a producer's retry: the export still writes it once.
        GameFixtures.Game first = games.get(0);
        TestKafka.produce(bootstrap, Topics.GAME_EVENTS, first.id, codec.write(first.gameEvents.get(3)));
        Instant to = Instant.now().plusMillis(1);

        List<CloudEvent> lines = export("game=alhambra&from=" + from + "&to=" + to);
        Set<String> ids = new HashSet<>();
        for (CloudEvent e : lines) {
            assertTrue(ids.add(e.id()), "once: " + e.id());
            assertFalse(e.time().toInstant().isBefore(from));
            assertTrue(e.time().toInstant().isBefore(to));
            if (e.type().equals("tessera.game.GameStarted")) {
                assertFalse(e.data().has("seed"), "redacted for the public");
                assertEquals("alhambra", e.data().get("game").asText());
            }
        }
        assertEquals(expected("alhambra", false, from, to), ids);
        assertTrue(
                lines.stream().anyMatch(e -> e.type().equals("tessera.game.MovesTakenBack")),
                "an undo is exported as any event");
        for (GameFixtures.Game g : games) {
            for (CloudEvent e : g.gameEvents) {
                assertEquals(g.title.equals("alhambra"), ids.contains(e.id()), g.title + " " + e.type());
            }
        }
    }

    @Test
    void a_window_that_opens_after_a_game_started_still_knows_the_games_title() {
        GameFixtures fixtures = new GameFixtures(4);
        List<GameFixtures.Game> games = List.of(fixtures.builders(3, true), fixtures.carrara(2, false, false));
        GameFixtures.publish(bootstrap, games);
        await().atMost(Duration.ofSeconds(30))
                .ignoreExceptions()
                .until(() -> games.stream().allMatch(g -> stores.titleOf(g.id) != null));
        GameFixtures.Game builders = games.get(0);
        Instant from = builders.gameEvents.get(4).time().toInstant();

        List<CloudEvent> lines = export("game=builders&from=" + from);
        List<String> exported = lines.stream()
                .filter(e -> e.subject().equals(builders.id))
                .map(CloudEvent::id)
                .toList();
        List<String> window = builders.gameEvents.stream()
                .filter(e -> !e.time().toInstant().isBefore(from))
                .map(CloudEvent::id)
                .toList();
        assertEquals(window, exported, "in order, from the window's first event");
        assertTrue(lines.stream().noneMatch(e -> e.subject().equals(games.get(1).id)));
    }

    @Test
    void the_events_of_sandbox_games_are_exported_only_when_asked_for() {
        GameFixtures fixtures = new GameFixtures(6);
        Instant from = Instant.now();
        GameFixtures.Game played = fixtures.carrara(2, true, false);
        GameFixtures.Game sandbox = fixtures.sandbox(f -> f.carrara(3, true, false));
        GameFixtures.publish(bootstrap, List.of(played, sandbox));
        Instant to = Instant.now().plusMillis(1);

        Set<String> without = ids(export("game=carrara&from=" + from + "&to=" + to));
        assertEquals(expected("carrara", false, from, to), without);
        assertEquals(without, ids(export("game=carrara&from=" + from + "&to=" + to + "&sandbox=exclude")));
        Set<String> with = ids(export("game=carrara&from=" + from + "&to=" + to + "&sandbox=include"));
        assertEquals(expected("carrara", true, from, to), with);
        for (CloudEvent e : played.gameEvents) {
            assertTrue(without.contains(e.id()) && with.contains(e.id()), e.type());
        }
        for (CloudEvent e : sandbox.gameEvents) {
            assertFalse(without.contains(e.id()), "left out by default: " + e.type());
            assertTrue(with.contains(e.id()), "included when asked for: " + e.type());
        }
        List<CloudEvent> started = export("game=carrara&from=" + from + "&to=" + to + "&sandbox=include").stream()
                .filter(e -> e.subject().equals(sandbox.id) && e.type().equals("tessera.game.GameStarted"))
                .toList();
        assertEquals(1, started.size());
        assertTrue(started.get(0).data().get("sandbox").asBoolean(), "marked as a sandbox game");
        assertFalse(started.get(0).data().has("seed"), "redacted for the public");

        // A window that opens after the sandbox game's GameStarted: the statistics say it is a sandbox game.
        await().atMost(Duration.ofSeconds(30))
                .ignoreExceptions()
                .until(() -> stores.game(sandbox.id, Duration.ofSeconds(5)) != null);
        Instant later = sandbox.gameEvents.get(2).time().toInstant();
        List<String> windowed = sandbox.gameEvents.stream()
                .filter(e -> !e.time().toInstant().isBefore(later))
                .map(CloudEvent::id)
                .toList();
        assertTrue(export("game=carrara&from=" + later).stream()
                .noneMatch(e -> e.subject().equals(sandbox.id)));
        assertEquals(
                windowed,
                export("game=carrara&sandbox=include&from=" + later).stream()
                        .filter(e -> e.subject().equals(sandbox.id))
                        .map(CloudEvent::id)
                        .toList());
    }

    private static Set<String> ids(List<CloudEvent> events) {
        Set<String> ids = new HashSet<>();
        events.forEach(e -> ids.add(e.id()));
        return ids;
    }

    @Test
    void an_export_that_meets_more_games_than_it_may_hold_is_cut_off_rather_than_incomplete() throws Exception {
        GameFixtures fixtures = new GameFixtures(5);
        Instant from = Instant.now();
        List<GameFixtures.Game> games =
                List.of(fixtures.builders(2, true), fixtures.builders(3, true), fixtures.carrara(2, true, false));
        GameFixtures.publish(bootstrap, games);
        Instant to = Instant.now().plusMillis(1);

        // Three games in the window (of either title, each is remembered): two is too few.
        IOException cut = assertThrows(
                IOException.class, () -> export("builders", from, to, 2).writeTo(OutputStream.nullOutputStream()));
        assertTrue(cut.getMessage().contains("narrower window"), cut.getMessage());
        ByteArrayOutputStream whole = new ByteArrayOutputStream();
        export("builders", from, to, 3).writeTo(whole);
        long builders = games.stream()
                .filter(g -> g.title.equals("builders"))
                .mapToLong(g -> g.gameEvents.size())
                .sum();
        assertEquals(builders, whole.toString(StandardCharsets.UTF_8).lines().count());
    }

    private EventExport export(String title, Instant from, Instant to, int maxGames) {
        return new EventExport(
                codec,
                bootstrap,
                title,
                false,
                from,
                to,
                Duration.ofMinutes(10),
                Duration.ofSeconds(30),
                gameId -> null,
                maxGames);
    }

    @Test
    void bad_parameters_are_400_problems_naming_the_field() {
        bad("from=2026-03-01T00:00:00Z", "game");
        bad("game=", "game");
        bad("game=chess", "game");
        bad("game=alhambra&from=yesterday", "from");
        bad("game=alhambra&to=2026-13-01T00:00:00Z", "to");
        bad("game=alhambra&from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z", "from");
        bad("game=alhambra&sandbox=yes", "sandbox");
        bad("game=alhambra&sandbox=all", "sandbox");
        bad("game=alhambra&sandbox=Include", "sandbox");
    }

    private void bad(String query, String field) {
        given().get("/api/v1/exports/events?" + query)
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("field", equalTo(field));
    }

    private List<CloudEvent> export(String query) {
        Response response = given().get("/api/v1/exports/events?" + query);
        response.then().statusCode(200).contentType(startsWith("application/x-ndjson"));
        List<CloudEvent> events = new ArrayList<>();
        for (String line : response.asString().split("\n", -1)) {
            if (line.isEmpty()) {
                continue; // the last newline
            }
            CloudEvent e = codec.readEnvelope(line);
            assertEquals("1.0", e.specversion());
            assertNotNull(e.id());
            assertNotNull(codec.read(e), "a known event: " + e.type());
            events.add(e);
        }
        assertTrue(response.asString().isEmpty() || response.asString().endsWith("\n"));
        return events;
    }

    /**
     * Straight from the topic: the ids of the title's games' events in the window, each (game, stream version) once;
     * of sandbox games only with {@code sandbox}.
     */
    private Set<String> expected(String title, boolean sandbox, Instant from, Instant to) {
        List<ConsumerRecord<String, String>> records = TestKafka.readAll(bootstrap, Topics.GAME_EVENTS);
        Map<String, String> titles = new HashMap<>();
        Set<String> sandboxGames = new HashSet<>();
        List<CloudEvent> events = new ArrayList<>();
        for (ConsumerRecord<String, String> r : records) {
            CloudEvent e;
            try {
                e = codec.readEnvelope(r.value());
            } catch (RuntimeException ex) {
                continue;
            }
            if (e.type().equals("tessera.game.GameStarted")
                    && e.data() != null
                    && e.data().has("game")) {
                titles.put(r.key(), e.data().get("game").asText());
                if (e.data().path("sandbox").asBoolean(false)) {
                    sandboxGames.add(r.key());
                }
            }
            events.add(e);
        }
        Map<String, Long> versions = new HashMap<>();
        Set<String> ids = new HashSet<>();
        for (CloudEvent e : events) {
            Instant time = e.time().toInstant();
            if (!title.equals(titles.get(e.subject()))
                    || (!sandbox && sandboxGames.contains(e.subject()))
                    || time.isBefore(from)
                    || !time.isBefore(to)) {
                continue;
            }
            if (e.streamversion() != null && e.streamversion() <= versions.getOrDefault(e.subject(), 0L)) {
                continue;
            }
            versions.put(e.subject(), e.streamversion());
            ids.add(e.id());
        }
        return ids;
    }
}
