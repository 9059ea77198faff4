package dev.tessera.e2e;

import static dev.tessera.e2e.Tables.signUp;
import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.tessera.infra.TestKafka;
import io.restassured.http.ContentType;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Webhooks while two bots play a game of each title (issue 38): a receiver on localhost checks the signature of every
 * delivery; each player hears of every turn of theirs once (one webhook-id per turn), just before their first move of
 * it, of the table's join and start, and of the game's end with its standings. In the Carrara game the receiver is
 * down for 30 s in the middle: everything made meanwhile arrives once it is back, and no webhook-id ever comes with two
 * different bodies.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WebhooksIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> EVENTS =
            List.of("turn.started", "game.ended", "table.joined", "table.started", "player.timed-out");
    private static final Duration OUTAGE = Duration.ofSeconds(30);

    private volatile HttpServer receiver;
    private int port;
    /** Every request received, by path (/p/{player}). */
    private final Map<String, List<Received>> received = new ConcurrentHashMap<>();
    /** Each subscription's secret, by its path. */
    private final Map<String, String> secrets = new ConcurrentHashMap<>();

    record Received(String id, String timestamp, String signature, String body) {}

    @BeforeAll
    void start() throws IOException {
        Platform.useGateway();
        receiver = listen(0);
        port = receiver.getAddress().getPort();
    }

    @AfterAll
    void stop() {
        if (receiver != null) {
            receiver.stop(0);
        }
    }

    private HttpServer listen(int at) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", at), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/", this::handle);
        server.start();
        return server;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            received.computeIfAbsent(exchange.getRequestURI().getPath(), p -> new CopyOnWriteArrayList<>())
                    .add(new Received(
                            exchange.getRequestHeaders().getFirst("webhook-id"),
                            exchange.getRequestHeaders().getFirst("webhook-timestamp"),
                            exchange.getRequestHeaders().getFirst("webhook-signature"),
                            new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)));
            exchange.sendResponseHeaders(204, -1);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"alhambra", "carrara", "builders"})
    void each_player_hears_of_each_turn_of_theirs_and_of_the_end_by_signed_deliveries(String title) throws Exception {
        List<Account> players = signUp("hook-" + title + "-ana", "hook-" + title + "-bob");
        Map<String, String> subscriptions = new HashMap<>();
        for (Account p : players) {
            String path = "/p/" + p.id();
            var created = p.as().contentType(ContentType.JSON)
                    .body(Map.of("url", "http://127.0.0.1:" + port + path, "events", EVENTS))
                    .post("/api/v1/webhooks")
                    .then()
                    .statusCode(201)
                    .extract()
                    .jsonPath();
            secrets.put(path, created.getString("secret"));
            subscriptions.put(p.id(), created.getString("id"));
        }
        String tableId = Tables.table(title, players, Map.of());
        String gameId = Tables.gameOf(tableId);

        boolean outage = title.equals("carrara");
        int[] moves = {0};
        long[] downAt = {0};
        new Bot(title.length() + 17)
                .watching(() -> {
                    moves[0]++;
                    if (outage && moves[0] == 12) {
                        receiver.stop(0);
                        downAt[0] = System.currentTimeMillis();
                    }
                    if (downAt[0] > 0 && receiver != null) {
                        if (System.currentTimeMillis() - downAt[0] >= OUTAGE.toMillis()) {
                            try {
                                receiver = listen(port);
                            } catch (IOException e) {
                                throw new IllegalStateException("the receiver cannot listen again on " + port, e);
                            }
                            downAt[0] = -1;
                        } else {
                            // Slowly while the receiver is down, so that the game goes on through the outage.
                            sleep(150);
                        }
                    }
                })
                .playUntil(gameId, players, types -> types.contains("tessera.game.SeedRevealed"), 3000);
        if (downAt[0] > 0) {
            // The game ended during the outage: the receiver comes back once it is over.
            sleep(Math.max(0, OUTAGE.toMillis() - (System.currentTimeMillis() - downAt[0])));
            receiver = listen(port);
        }

        // Everything made has arrived once the game's end has, the last delivery made for it (a delivery is made up to
        // a second after its event: its consumer fetches a second's records at a time, ADR 0007), and no delivery of
        // either subscription is pending any more.
        for (Account p : players) {
            String path = "/p/" + p.id();
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                for (Received r : received.getOrDefault(path, List.of())) {
                    JsonNode body = JSON.readTree(r.body());
                    if (body.get("type").asText().equals("game.ended")
                            && body.at("/data/gameId").asText().equals(gameId)) {
                        return true;
                    }
                }
                return false;
            });
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> p
                            .as()
                            .get("/api/v1/webhooks/" + subscriptions.get(p.id()) + "/deliveries?limit=100")
                            .then()
                            .statusCode(200)
                            .extract()
                            .jsonPath()
                            .getList("status")
                            .stream()
                            .allMatch("delivered"::equals));
        }

        List<JsonNode> events = events(gameId);
        Map<String, Integer> turns = turnsPlayed(events);
        JsonNode ended = events.stream()
                .filter(e -> e.get("type").asText().equals("tessera.game.GameEnded"))
                .findFirst()
                .orElseThrow();
        for (Account p : players) {
            String path = "/p/" + p.id();
            List<Received> got = received.getOrDefault(path, List.of());
            Map<String, List<JsonNode>> byType = distinct(path, got).values().stream()
                    .collect(Collectors.groupingBy(
                            b -> b.get("type").asText(), LinkedHashMap::new, Collectors.toList()));
            List<JsonNode> started = byType.getOrDefault("turn.started", List.of()).stream()
                    .filter(b -> b.at("/data/gameId").asText().equals(gameId))
                    .toList();
            assertTrue(turns.getOrDefault(p.id(), 0) >= 3, p.name() + " played " + turns + " turns");
            assertEquals(
                    turns.getOrDefault(p.id(), 0),
                    started.size(),
                    p.name() + ": one turn.started per turn of theirs in " + title);
            for (JsonNode s : started) {
                assertEquals(p.id(), s.at("/data/player").asText());
                // The tables play with the default clock (72 hours a move): each turn says until when.
                assertFalse(s.at("/data/deadline").isNull(), "no deadline in " + s);
                assertEquals(
                        p.id(),
                        firstMoverAfter(events, s.at("/data/version").asLong()),
                        "the first move after a turn.started at version " + s.at("/data/version") + " is theirs");
            }
            List<JsonNode> end = byType.getOrDefault("game.ended", List.of()).stream()
                    .filter(b -> b.at("/data/gameId").asText().equals(gameId))
                    .toList();
            assertEquals(1, end.size(), p.name() + ": one game.ended");
            assertEquals(ended.at("/data/standings"), end.get(0).at("/data/standings"));
            assertEquals(
                    1,
                    byType.getOrDefault("table.started", List.of()).stream()
                            .filter(b -> b.at("/data/tableId").asText().equals(tableId))
                            .count());
        }
        // The table's stream ends with its game's start and end, which lobby-service published when it changed the
        // table's status; they are not webhooks (none above but for the table's join and start).
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            List<JsonNode> table = new ArrayList<>();
            for (var record : TestKafka.readKey(Platform.shared().bootstrapServers(), "lobby-events", tableId)) {
                table.add(JSON.readTree(record.value()));
            }
            assertEquals(
                    List.of("tessera.lobby.PlayBegan " + gameId, "tessera.lobby.TableFinished " + gameId),
                    table.subList(Math.max(0, table.size() - 2), table.size()).stream()
                            .map(e -> e.get("type").asText() + " "
                                    + e.at("/data/gameId").asText())
                            .toList());
        });
        // The host heard of Bob's joining; Bob, who joined, did not hear of himself.
        List<JsonNode> joined =
                distinct(
                                "/p/" + players.get(0).id(),
                                received.get("/p/" + players.get(0).id()))
                        .values()
                        .stream()
                        .filter(b -> b.get("type").asText().equals("table.joined"))
                        .toList();
        assertEquals(1, joined.size());
        assertEquals(players.get(1).id(), joined.get(0).at("/data/player").asText());

        if (outage) {
            // Some deliveries met the receiver down and arrived on a later attempt.
            String anas = subscriptions.get(players.get(0).id());
            List<Map<String, Object>> deliveries = players.get(0)
                    .as()
                    .get("/api/v1/webhooks/" + anas + "/deliveries?limit=100")
                    .then()
                    .extract()
                    .jsonPath()
                    .getList("");
            assertTrue(
                    deliveries.stream().anyMatch(d -> ((List<?>) d.get("attempts")).size() > 1),
                    "no delivery needed a second attempt: the outage was not in the middle of the game");
        }
    }

    /**
     * The bodies received at {@code path} by webhook-id, each checked against its signature; a webhook-id that came
     * again (at least once) must come with the very same body.
     */
    private Map<String, JsonNode> distinct(String path, List<Received> got) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        String secret = secrets.get(path);
        mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring("whsec_".length())), "HmacSHA256"));
        Map<String, String> bodies = new LinkedHashMap<>();
        Map<String, JsonNode> parsed = new LinkedHashMap<>();
        for (Received r : got) {
            String expected = "v1,"
                    + Base64.getEncoder()
                            .encodeToString(mac.doFinal(
                                    (r.id() + "." + r.timestamp() + "." + r.body()).getBytes(StandardCharsets.UTF_8)));
            assertEquals(expected, r.signature(), "signature of " + r.id());
            String before = bodies.putIfAbsent(r.id(), r.body());
            if (before != null) {
                assertEquals(before, r.body(), r.id() + " came with two different bodies");
            }
            parsed.putIfAbsent(r.id(), JSON.readTree(r.body()));
        }
        return parsed;
    }

    /**
     * Each player's turns in the game's stream, counted from the moves themselves: a turn is a run of one player's
     * moves ({@code movedby}), which another player's move or a turn's end ({@code *.TurnEnded}) closes.
     */
    private static Map<String, Integer> turnsPlayed(List<JsonNode> events) {
        Map<String, Integer> turns = new HashMap<>();
        String last = null;
        boolean ended = false;
        for (JsonNode e : events) {
            String mover = e.path("movedby").asText(null);
            if (mover != null) {
                if (!mover.equals(last) || ended) {
                    turns.merge(mover, 1, Integer::sum);
                }
                last = mover;
                ended = false;
            }
            if (e.get("type").asText().endsWith(".TurnEnded")) {
                ended = true;
            }
        }
        return turns;
    }

    private static String firstMoverAfter(List<JsonNode> events, long version) {
        return events.stream()
                .filter(e -> e.get("streamversion").asLong() > version && e.hasNonNull("movedby"))
                .map(e -> e.get("movedby").asText())
                .findFirst()
                .orElse(null);
    }

    private static List<JsonNode> events(String gameId) throws IOException {
        JsonNode all = JSON.readTree(given().get("/api/v1/games/" + gameId + "/events?from=0")
                .then()
                .statusCode(200)
                .extract()
                .asString());
        List<JsonNode> list = new ArrayList<>();
        all.forEach(list::add);
        return list;
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
