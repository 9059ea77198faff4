package dev.tessera.gateway.webhooks;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.Topics;
import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.events.game.GameStarted;
import dev.tessera.gateway.Scraped;
import dev.tessera.gateway.TestPlayer;
import dev.tessera.infra.TestInfrastructure;
import dev.tessera.infra.TestKafka;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.smallrye.common.annotation.Identifier;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Webhook subscriptions through the public API, and their deliveries to receivers on loopback (the test profile runs
 * as local development, which allows http to loopback): signed by the Standard Webhooks scheme, retried as the same
 * message, never following a redirect, cut off when slow or large, paused after a run of failures.
 */
@QuarkusTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WebhooksTest {
    private static final String ATTEMPTS = "tessera_webhooks_attempts_seconds_count";

    @Inject
    @Identifier(WatchedGames.LISTENER)
    WatchedGames watched;

    private HttpServer receiver;
    private String base;
    /** What each path received, in order. */
    private final Map<String, List<Received>> received = new ConcurrentHashMap<>();
    /** How many more times /flaky answers 500 before it answers 204. */
    private final AtomicInteger flakyFailures = new AtomicInteger();
    /** While true, /down answers 503. */
    private volatile boolean down = true;

    record Received(String id, String timestamp, String signature, String body, long at) {}

    @BeforeAll
    void startReceiver() throws IOException {
        receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        receiver.setExecutor(Executors.newCachedThreadPool());
        receiver.createContext("/", this::handle);
        receiver.start();
        base = "http://127.0.0.1:" + receiver.getAddress().getPort();
    }

    @AfterAll
    void stopReceiver() {
        receiver.stop(0);
    }

    private void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        received.computeIfAbsent(path, p -> new CopyOnWriteArrayList<>())
                .add(new Received(
                        exchange.getRequestHeaders().getFirst("webhook-id"),
                        exchange.getRequestHeaders().getFirst("webhook-timestamp"),
                        exchange.getRequestHeaders().getFirst("webhook-signature"),
                        body,
                        System.currentTimeMillis()));
        try (exchange) {
            int second = path.indexOf('/', 1);
            switch (second < 0 ? path : path.substring(0, second)) {
                case "/flaky" -> answer(exchange, flakyFailures.getAndDecrement() > 0 ? 500 : 204);
                case "/down" -> answer(exchange, down ? 503 : 204);
                case "/redirect" -> {
                    exchange.getResponseHeaders().add("Location", base + "/redirected");
                    answer(exchange, 302);
                }
                case "/big" -> {
                    exchange.sendResponseHeaders(200, 10_000_000);
                    byte[] chunk = new byte[100_000];
                    try (OutputStream out = exchange.getResponseBody()) {
                        for (int i = 0; i < 100; i++) {
                            out.write(chunk);
                        }
                    } catch (IOException cutOff) {
                        // The gateway reads at most 64 KiB and closes the connection.
                    }
                }
                case "/slow" -> {
                    try {
                        Thread.sleep(4_000);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    answer(exchange, 204);
                }
                default -> answer(exchange, 204);
            }
        }
    }

    private static void answer(HttpExchange exchange, int status) throws IOException {
        exchange.sendResponseHeaders(status, -1);
    }

    private List<Received> at(String path) {
        return received.getOrDefault(path, List.of());
    }

    private static JsonPath subscribe(TestPlayer owner, String url, String... events) {
        return given().header("Authorization", owner.bearer())
                .contentType(ContentType.JSON)
                .body(Map.of("url", url, "events", List.of(events)))
                .post("/api/v1/webhooks")
                .then()
                .statusCode(201)
                .body("secret", startsWith("whsec_"))
                .extract()
                .jsonPath();
    }

    private static String ping(TestPlayer owner, String subscription) {
        return given().header("Authorization", owner.bearer())
                .post("/api/v1/webhooks/" + subscription + "/ping")
                .then()
                .statusCode(202)
                .body("event", equalTo("ping"))
                .extract()
                .path("id");
    }

    private static JsonPath deliveries(TestPlayer owner, String subscription) {
        return given().header("Authorization", owner.bearer())
                .get("/api/v1/webhooks/" + subscription + "/deliveries")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    private static long stored(String sql) {
        return TestInfrastructure.postgres().count("tessera_gateway", sql);
    }

    @Test
    void a_subscription_that_breaks_a_rule_is_a_problem_naming_the_field_and_nothing_is_stored() {
        TestPlayer ana = TestPlayer.signUp("hooks-refused");
        Object[][] cases = {
            {Map.of("events", List.of("turn.started")), "url", "url-missing"},
            {Map.of("url", "/hooks", "events", List.of("turn.started")), "url", "url-not-absolute"},
            {Map.of("url", "ftp://example.com/hook", "events", List.of("ping")), "url", "url-scheme"},
            {Map.of("url", "https://10.0.0.7/hook", "events", List.of("ping")), "url", "url-refused-address"},
            {Map.of("url", "https://192.168.1.20:8443/hook", "events", List.of("ping")), "url", "url-refused-address"},
            // The cloud metadata service, by IPv4 and by AWS's IPv6 address.
            {
                Map.of("url", "https://169.254.169.254/latest/meta-data/", "events", List.of("ping")),
                "url",
                "url-refused-address"
            },
            {Map.of("url", "https://[fd00:ec2::254]/", "events", List.of("ping")), "url", "url-refused-address"},
            {Map.of("url", "https://[::ffff:10.1.2.3]/", "events", List.of("ping")), "url", "url-refused-address"},
            {Map.of("url", "http://0.0.0.0:8080/", "events", List.of("ping")), "url", "url-scheme"},
            {Map.of("url", "https://user:pw@example.com/", "events", List.of("ping")), "url", "url-user-info"},
            {Map.of("url", "https://example.com/" + "a".repeat(2000), "events", List.of("ping")), "url", "url-too-long"
            },
            {Map.of("url", base + "/ok", "events", List.of("turn.started", "move.made")), "events", "unknown-event"},
            {Map.of("url", base + "/ok", "events", List.of()), "events", null},
            {Map.of("url", base + "/ok"), "events", null},
        };
        for (Object[] c : cases) {
            var answer = given().header("Authorization", ana.bearer())
                    .contentType(ContentType.JSON)
                    .body(c[0])
                    .post("/api/v1/webhooks")
                    .then()
                    .statusCode(400)
                    .contentType(startsWith("application/problem+json"))
                    .body("field", equalTo(c[1]));
            if (c[2] != null) {
                answer.body("rule", equalTo(c[2]));
            }
        }
        given().header("Authorization", ana.bearer())
                .get("/api/v1/webhooks")
                .then()
                .statusCode(200)
                .body("$", empty());
        assertEquals(0, stored("SELECT count(*) FROM webhook_subscriptions WHERE owner = '" + ana.id() + "'"));
        // Without a credential, nothing at all.
        given().contentType(ContentType.JSON)
                .body(Map.of("url", base + "/ok", "events", List.of("ping")))
                .post("/api/v1/webhooks")
                .then()
                .statusCode(401);
    }

    @Test
    void a_player_has_at_most_twenty_subscriptions() {
        TestPlayer ana = TestPlayer.signUp("hooks-many");
        for (int i = 0; i < 20; i++) {
            subscribe(ana, base + "/many/" + i, "turn.started");
        }
        given().header("Authorization", ana.bearer())
                .contentType(ContentType.JSON)
                .body(Map.of("url", base + "/many/20", "events", List.of("turn.started")))
                .post("/api/v1/webhooks")
                .then()
                .statusCode(409)
                .contentType(startsWith("application/problem+json"))
                .body("rule", equalTo("too-many-webhooks"));
        assertEquals(20, stored("SELECT count(*) FROM webhook_subscriptions WHERE owner = '" + ana.id() + "'"));
    }

    @Test
    void a_ping_is_signed_by_the_standard_webhooks_scheme_and_listed_with_its_attempt() throws Exception {
        TestPlayer ana = TestPlayer.signUp("hooks-ping");
        JsonPath created = subscribe(ana, base + "/ok/ping", "turn.started", "game.ended");
        String id = created.getString("id");
        String secret = created.getString("secret");
        // Listed, never with its secret again.
        given().header("Authorization", ana.bearer())
                .get("/api/v1/webhooks")
                .then()
                .statusCode(200)
                .body("id", contains(id))
                .body("[0].events", contains("turn.started", "game.ended"))
                .body("[0].secret", equalTo(null))
                .body("[0].paused", equalTo(false));

        String delivery = ping(ana, id);
        await().atMost(Duration.ofSeconds(15)).until(() -> !at("/ok/ping").isEmpty());
        Received r = at("/ok/ping").get(0);
        assertEquals(delivery, r.id());
        assertTrue(delivery.startsWith("msg_"), delivery);
        long timestamp = Long.parseLong(r.timestamp());
        assertTrue(Math.abs(System.currentTimeMillis() / 1000 - timestamp) < 60, "timestamp " + timestamp);
        // The receiver's check, written here apart from the gateway's code.
        assertEquals(signature(secret, r), r.signature());
        JsonPath body = JsonPath.from(r.body());
        assertEquals("ping", body.getString("type"));
        assertEquals(id, body.getString("data.subscriptionId"));

        await().atMost(Duration.ofSeconds(10))
                .until(() -> "delivered".equals(deliveries(ana, id).getString("[0].status")));
        JsonPath listed = deliveries(ana, id);
        assertEquals(delivery, listed.getString("[0].id"));
        assertEquals(1, listed.getList("[0].attempts").size());
        assertEquals(204, listed.getInt("[0].attempts[0].statusCode"));
    }

    @Test
    void a_failing_receiver_gets_the_same_message_again_until_it_answers_and_a_redelivery_is_that_message_too() {
        TestPlayer ana = TestPlayer.signUp("hooks-flaky");
        String id = subscribe(ana, base + "/flaky/1", "ping").getString("id");
        flakyFailures.set(2);
        double retried = Scraped.value(ATTEMPTS, "outcome=\"retried\"");
        double delivered = Scraped.value(ATTEMPTS, "outcome=\"delivered\"");
        String delivery = ping(ana, id);
        await().atMost(Duration.ofSeconds(20))
                .until(() -> "delivered".equals(deliveries(ana, id).getString("[0].status")));
        // Operators count the attempts by outcome (at least these: other tests' deliveries may run meanwhile).
        assertTrue(Scraped.value(ATTEMPTS, "outcome=\"retried\"") >= retried + 2, "two attempts failed, retried");
        assertTrue(Scraped.value(ATTEMPTS, "outcome=\"delivered\"") >= delivered + 1, "the third delivered");
        List<Received> got = at("/flaky/1");
        assertEquals(3, got.size(), "two failed attempts and the one that delivered");
        assertTrue(got.stream().allMatch(r -> r.id().equals(delivery)), "one webhook-id on every attempt");
        assertTrue(got.stream().allMatch(r -> r.body().equals(got.get(0).body())), "one body on every attempt");
        JsonPath listed = deliveries(ana, id);
        assertEquals(List.of(500, 500, 204), listed.getList("[0].attempts.statusCode"));
        given().header("Authorization", ana.bearer())
                .get("/api/v1/webhooks/" + id)
                .then()
                .statusCode(200)
                .body("failuresInARow", equalTo(0));

        given().header("Authorization", ana.bearer())
                .post("/api/v1/webhooks/" + id + "/deliveries/" + delivery + "/redeliver")
                .then()
                .statusCode(202)
                .body("id", equalTo(delivery));
        await().atMost(Duration.ofSeconds(10)).until(() -> at("/flaky/1").size() == 4);
        assertEquals(delivery, at("/flaky/1").get(3).id());
        assertEquals(got.get(0).body(), at("/flaky/1").get(3).body());
    }

    @Test
    void redirects_are_not_followed_and_slow_or_huge_answers_hold_up_no_other_delivery() {
        TestPlayer ana = TestPlayer.signUp("hooks-hostile");
        String redirect = subscribe(ana, base + "/redirect/1", "ping").getString("id");
        String big = subscribe(ana, base + "/big/1", "ping").getString("id");
        String slow = subscribe(ana, base + "/slow/1", "ping").getString("id");
        String ok = subscribe(ana, base + "/ok/hostile", "ping").getString("id");
        ping(ana, slow);
        ping(ana, big);
        ping(ana, redirect);
        ping(ana, ok);
        await().atMost(Duration.ofSeconds(10)).until(() -> !at("/ok/hostile").isEmpty());

        await().atMost(Duration.ofSeconds(10))
                .until(() -> !deliveries(ana, redirect).getList("[0].attempts").isEmpty());
        JsonPath r = deliveries(ana, redirect);
        assertEquals(302, r.getInt("[0].attempts[0].statusCode"));
        assertTrue(r.getString("[0].attempts[0].error").contains("redirects are not followed"));
        assertEquals("pending", r.getString("[0].status"), "a redirect is a failed attempt, retried later");
        assertTrue(at("/redirected").isEmpty(), "the redirect's target is never asked");

        await().atMost(Duration.ofSeconds(10))
                .until(() -> "delivered".equals(deliveries(ana, big).getString("[0].status")));

        await().atMost(Duration.ofSeconds(10))
                .until(() -> !deliveries(ana, slow).getList("[0].attempts").isEmpty());
        JsonPath s = deliveries(ana, slow);
        assertTrue(s.getString("[0].attempts[0].error").contains("no answer within 2000 ms"), s.prettify());
        // The well-behaved receiver, pinged after the slow one, did not wait for the slow attempt to end.
        long slowEnded = java.time.OffsetDateTime.parse(s.getString("[0].attempts[0].at"))
                .toInstant()
                .toEpochMilli();
        assertTrue(
                at("/ok/hostile").get(0).at() < slowEnded,
                "the ok receiver was reached " + (at("/ok/hostile").get(0).at() - slowEnded)
                        + " ms after the slow attempt ended");
        for (String id : List.of(redirect, big, slow, ok)) {
            given().header("Authorization", ana.bearer())
                    .delete("/api/v1/webhooks/" + id)
                    .then()
                    .statusCode(204);
        }
    }

    @Test
    void a_run_of_failures_pauses_the_subscription_with_the_reason_and_resuming_sends_what_waited() {
        TestPlayer ana = TestPlayer.signUp("hooks-paused");
        String id = subscribe(ana, base + "/down/1", "ping").getString("id");
        down = true;
        ping(ana, id);
        ping(ana, id);
        // pause-after is 3 s in tests: two deliveries, retried 200 ms to 1 s apart, all failing, get there.
        await().atMost(Duration.ofSeconds(30))
                .until(() -> given().header("Authorization", ana.bearer())
                        .get("/api/v1/webhooks/" + id)
                        .jsonPath()
                        .getBoolean("paused"));
        JsonPath paused = given().header("Authorization", ana.bearer())
                .get("/api/v1/webhooks/" + id)
                .jsonPath();
        assertTrue(paused.getString("pausedReason").contains("every attempt failed for 3s"), paused.prettify());
        assertTrue(paused.getInt("failuresInARow") >= 3, paused.prettify());
        assertTrue(paused.getString("pausedReason").contains("HTTP 503"), paused.prettify());
        int tried = at("/down/1").size();
        down = false;
        // Paused: nothing more is attempted.
        await().during(Duration.ofMillis(1500))
                .atMost(Duration.ofSeconds(3))
                .until(() -> at("/down/1").size() == tried);

        given().header("Authorization", ana.bearer())
                .contentType(ContentType.JSON)
                .body(Map.of("paused", false))
                .patch("/api/v1/webhooks/" + id)
                .then()
                .statusCode(200)
                .body("paused", equalTo(false))
                .body("failuresInARow", equalTo(0));
        await().atMost(Duration.ofSeconds(10))
                .until(() -> deliveries(ana, id).getList("status").equals(List.of("delivered", "delivered")));
    }

    @Test
    void a_rotated_secret_signs_beside_the_previous_one_for_a_day_and_only_its_owner_rotates_it() throws Exception {
        TestPlayer ana = TestPlayer.signUp("hooks-rotate");
        TestPlayer eve = TestPlayer.signUp("hooks-rotate-other");
        JsonPath created = subscribe(ana, base + "/ok/rotate", "game.ended");
        String id = created.getString("id");
        String old = created.getString("secret");

        given().header("Authorization", eve.bearer())
                .post("/api/v1/webhooks/" + id + "/secret")
                .then()
                .statusCode(404)
                .contentType("application/problem+json");
        assertEquals(
                1,
                stored("SELECT count(*) FROM webhook_subscriptions WHERE id = '" + id + "' AND secret = '" + old
                        + "' AND previous_secret IS NULL"),
                "another player's rotation changed nothing");

        JsonPath rotated = given().header("Authorization", ana.bearer())
                .post("/api/v1/webhooks/" + id + "/secret")
                .then()
                .statusCode(200)
                .body("secret", startsWith("whsec_"))
                .extract()
                .jsonPath();
        String fresh = rotated.getString("secret");
        assertNotEquals(old, fresh);
        Duration overlap =
                Duration.between(Instant.now(), OffsetDateTime.parse(rotated.getString("previousSecretExpiresAt")));
        assertTrue(
                overlap.compareTo(Duration.ofHours(23)) > 0 && overlap.compareTo(Duration.ofHours(25)) < 0,
                overlap.toString());

        String delivery = ping(ana, id);
        await().atMost(Duration.ofSeconds(15)).until(() -> !at("/ok/rotate").isEmpty());
        Received r = at("/ok/rotate").get(0);
        assertEquals(delivery, r.id());
        // Two v1 entries, the new secret's first: a receiver with either one verifies the delivery.
        assertEquals(signature(fresh, r) + " " + signature(old, r), r.signature());

        // Once the overlap is over, the new secret alone signs.
        try (Connection c = TestInfrastructure.postgres().connect("tessera_gateway");
                Statement s = c.createStatement()) {
            s.executeUpdate("UPDATE webhook_subscriptions SET previous_secret_until = now() - interval '1 second'"
                    + " WHERE id = '" + id + "'");
        }
        String second = ping(ana, id);
        await().atMost(Duration.ofSeconds(15)).until(() -> at("/ok/rotate").size() > 1);
        Received r2 = at("/ok/rotate").get(1);
        assertEquals(second, r2.id());
        assertEquals(signature(fresh, r2), r2.signature());
    }

    /** The receiver's check, written here apart from the gateway's code: Standard Webhooks' v1 signature. */
    private static String signature(String secret, Received r) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring("whsec_".length())), "HmacSHA256"));
        return "v1,"
                + Base64.getEncoder()
                        .encodeToString(mac.doFinal(
                                (r.id() + "." + r.timestamp() + "." + r.body()).getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void a_game_start_another_instance_applied_while_its_partition_moved_is_followed_all_the_same() throws Exception {
        TestPlayer ana = TestPlayer.signUp("hooks-overlap");
        subscribe(ana, base + "/ok/overlap", "turn.started");
        String gameId = UUID.randomUUID().toString();
        EventCodec codec = new EventCodec();
        CloudEvent started = codec.envelope(
                        "/tessera/game-service",
                        gameId,
                        1,
                        new GameStarted(gameId, "t", "builders", List.of(ana.id(), "bob"), 42L, Map.of(), null),
                        OffsetDateTime.now())
                .withToAct("bob", null);
        CloudEvent turnEnded = codec.envelope(
                        "/tessera/game-service",
                        gameId,
                        2,
                        new BuildersEvent.TurnEnded("bob", 1, 0, 0, 0, ana.id()),
                        OffsetDateTime.now())
                .withToAct(ana.id(), null);
        // This instance has loaded what is followed (once assigned its partitions, at its first records): a game of
        // ana's that starts and turns to her shows it.
        String before = UUID.randomUUID().toString();
        TestKafka.produce(
                TestInfrastructure.bootstrapServers(),
                Topics.GAME_EVENTS,
                before,
                codec.write(codec.envelope(
                                "/tessera/game-service",
                                before,
                                1,
                                new GameStarted(before, "t", "builders", List.of(ana.id(), "bob"), 42L, Map.of(), null),
                                OffsetDateTime.now())
                        .withToAct(ana.id(), null)));
        await().atMost(Duration.ofSeconds(60)).until(() -> !at("/ok/overlap").isEmpty());
        // Then the instance the partition left applied the other game's start (its mark and the game's row): here,
        // that start is a record applied already.
        try (Connection c = TestInfrastructure.postgres().connect("tessera_gateway");
                Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO processed_events (consumer, event_id) VALUES ('" + WebhookEvents.CONSUMER
                    + "', '" + started.id() + "')");
            s.executeUpdate("INSERT INTO webhook_games (game_id, game, players, last_actor) VALUES ('" + gameId
                    + "', 'builders', ARRAY['" + ana.id() + "', 'bob'], 'bob')");
        }
        TestKafka.produce(TestInfrastructure.bootstrapServers(), Topics.GAME_EVENTS, gameId, codec.write(started));
        TestKafka.produce(TestInfrastructure.bootstrapServers(), Topics.GAME_EVENTS, gameId, codec.write(turnEnded));

        await().atMost(Duration.ofSeconds(30)).until(() -> at("/ok/overlap").size() > 1);
        JsonPath body = JsonPath.from(at("/ok/overlap").get(1).body());
        assertEquals("turn.started", body.getString("type"));
        assertEquals(gameId, body.getString("data.gameId"));
        assertEquals(2, body.getInt("data.version"));
    }

    @Test
    void a_subscription_made_on_another_instance_is_known_to_a_record_newer_than_the_subscribers_held_in_memory()
            throws Exception {
        TestPlayer ana = TestPlayer.signUp("hooks-elsewhere");
        // The subscribers this instance holds are read again (at most every 2 s) while ana has no subscription...
        Thread.sleep(WatchedGames.OWNERS_FOR + 100);
        watched.refresh().await().indefinitely();
        assertFalse(watched.anySubscribed(List.of(ana.id())));
        // ...then another instance makes hers, and a table she sits at starts at once.
        try (Connection c = TestInfrastructure.postgres().connect("tessera_gateway");
                Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO webhook_subscriptions (id, owner, url, events, secret, created_at) VALUES ('"
                    + UUID.randomUUID() + "', '" + ana.id() + "', '" + base + "/ok/elsewhere', ARRAY['turn.started'],"
                    + " 'whsec_x', now())");
        }

        assertTrue(watched.subscribed(List.of("bot-1", ana.id()), System.currentTimeMillis())
                .await()
                .indefinitely());
        assertTrue(watched.anySubscribed(List.of(ana.id())), "learnt from the database");
    }

    @Test
    void a_record_older_than_the_subscribers_held_in_memory_is_answered_from_memory() throws Exception {
        TestPlayer bob = TestPlayer.signUp("hooks-older");
        Thread.sleep(WatchedGames.OWNERS_FOR + 100);
        watched.refresh().await().indefinitely();
        try (Connection c = TestInfrastructure.postgres().connect("tessera_gateway");
                Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO webhook_subscriptions (id, owner, url, events, secret, created_at) VALUES ('"
                    + UUID.randomUUID() + "', '" + bob.id() + "', '" + base + "/ok/older', ARRAY['turn.started'],"
                    + " 'whsec_x', now())");
        }

        // Made before the subscribers were read, and bob had none then: no look-up, so no transaction either.
        assertFalse(watched.subscribed(List.of(bob.id()), System.currentTimeMillis() - 60_000)
                .await()
                .indefinitely());
    }

    @Test
    void another_players_subscription_does_not_exist_for_them() {
        TestPlayer ana = TestPlayer.signUp("hooks-owner");
        TestPlayer eve = TestPlayer.signUp("hooks-other");
        String id = subscribe(ana, base + "/ok/owner", "game.ended").getString("id");
        given().header("Authorization", eve.bearer())
                .get("/api/v1/webhooks/" + id)
                .then()
                .statusCode(404);
        given().header("Authorization", eve.bearer())
                .get("/api/v1/webhooks/" + id + "/deliveries")
                .then()
                .statusCode(404);
        given().header("Authorization", eve.bearer())
                .post("/api/v1/webhooks/" + id + "/ping")
                .then()
                .statusCode(404);
        given().header("Authorization", eve.bearer())
                .contentType(ContentType.JSON)
                .body(Map.of("paused", true))
                .patch("/api/v1/webhooks/" + id)
                .then()
                .statusCode(404);
        given().header("Authorization", eve.bearer())
                .delete("/api/v1/webhooks/" + id)
                .then()
                .statusCode(404);
        given().header("Authorization", eve.bearer())
                .get("/api/v1/webhooks")
                .then()
                .statusCode(200)
                .body("$", hasSize(0));
        assertEquals(0, stored("SELECT count(*) FROM webhook_deliveries WHERE subscription_id = '" + id + "'"));
        assertFalse(given().header("Authorization", ana.bearer())
                .get("/api/v1/webhooks/" + id)
                .jsonPath()
                .getBoolean("paused"));

        given().header("Authorization", ana.bearer())
                .delete("/api/v1/webhooks/" + id)
                .then()
                .statusCode(204);
        given().header("Authorization", ana.bearer())
                .get("/api/v1/webhooks/" + id)
                .then()
                .statusCode(404);
    }

    @Test
    void pausing_needs_a_boolean() {
        TestPlayer ana = TestPlayer.signUp("hooks-patch");
        String id = subscribe(ana, base + "/ok/patch", "ping").getString("id");
        for (String body : List.of("{}", "{\"paused\": null}", "{\"paused\": \"yes\"}", "{\"paused\": 1}")) {
            given().header("Authorization", ana.bearer())
                    .contentType(ContentType.JSON)
                    .body(body)
                    .patch("/api/v1/webhooks/" + id)
                    .then()
                    .statusCode(400)
                    .contentType(startsWith("application/problem+json"))
                    .body("field", equalTo("paused"));
        }
        assertEquals(0, stored("SELECT count(*) FROM webhook_subscriptions WHERE id = '" + id + "' AND paused"));
    }
}
