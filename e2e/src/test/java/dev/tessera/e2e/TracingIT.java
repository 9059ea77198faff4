package dev.tessera.e2e;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.infra.TestKafka;
import io.restassured.RestAssured;
import io.restassured.filter.Filter;
import io.restassured.http.ContentType;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Traces, as an operator finds them in Zipkin (issue 39): a platform of its own whose services send their spans to a
 * Zipkin server (the runnable jar from Maven Central, as {@code ./tessera up --observe} runs it), keeping half of the
 * traces ({@code TESSERA_TRACE_RATIO=0.5}). This test's own requests carry a {@code traceparent} whose trace id passes
 * that ratio, so that the traces it looks for are kept; two moves carry one that does not, and one a malformed one.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TracingIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private Process zipkin;
    private String zipkinUrl;
    private Platform platform;
    private List<Filter> filters;

    @BeforeAll
    void start() throws Exception {
        Path root = Path.of(System.getProperty("tessera.root", ".."));
        Path jar = root.resolve("e2e/target/zipkin/zipkin-server.jar");
        assertTrue(Files.exists(jar), jar + " is copied by the e2e module's build (pre-integration-test)");
        int port;
        try (var socket = new java.net.ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        zipkinUrl = "http://127.0.0.1:" + port;
        Path log = Files.createDirectories(root.resolve("e2e/target/e2e-logs-traced"))
                .resolve("zipkin.log");
        ProcessBuilder pb = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx256m",
                        "-jar",
                        jar.toString(),
                        "--server.address=127.0.0.1",
                        "--logging.level.root=WARN")
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        pb.environment().put("QUERY_PORT", String.valueOf(port));
        zipkin = pb.start();
        await().atMost(Duration.ofSeconds(120)).until(() -> status("/health") == 200);
        platform = Platform.named(
                "traced",
                Map.of(
                        "QUARKUS_OTEL_SDK_DISABLED", "false",
                        "TESSERA_ZIPKIN_URL", zipkinUrl,
                        "TESSERA_TRACE_RATIO", "0.5",
                        // Only the 409 below is to be kept against the ratio, not a move slowed by a busy machine.
                        "TESSERA_TRACING_KEEP_SLOWER_THAN", "60s"));
        filters = new ArrayList<>(RestAssured.filters());
        // Every request of this test's own carries a trace the ratio keeps, unless it carries one already.
        RestAssured.filters((request, response, ctx) -> {
            if (!request.getHeaders().hasHeaderWithName("traceparent")) {
                request.header("traceparent", traceparent(true, "01"));
            }
            return ctx.next(request, response);
        });
        Platform.useGateway(platform.gateway());
    }

    @AfterAll
    void stop() {
        RestAssured.replaceFiltersWith(filters);
        if (platform != null) {
            platform.close();
        }
        if (zipkin != null) {
            zipkin.destroy();
        }
    }

    @Test
    void a_move_and_a_valuation_are_each_one_trace_across_the_services_and_kafka() throws Exception {
        String suffix = Long.toString(System.nanoTime(), 36);
        List<Account> players = Tables.signUp("trace-ana-" + suffix, "trace-bob-" + suffix);
        String tableId = Tables.table("carrara", players, Map.of());
        String gameId = Tables.gameOf(tableId);

        // A client's traceparent is the parent of the gateway's span, whatever its sampled flag says (00: not sampled).
        String kept = traceparent(true, "00");
        assertEquals(200, move(gameId, players, kept));
        String keptTrace = kept.substring(3, 35);
        // The flag cannot make the platform record a trace the ratio leaves out.
        String forced = traceparent(false, "01");
        assertEquals(200, move(gameId, players, forced));
        // A conflict is kept although the ratio leaves its trace out: the gateway's part and game-service's.
        String conflict = traceparent(false, "01");
        assertEquals(409, move(gameId, players, conflict, 1L), "a move at a version the game has left");
        // A malformed one is ignored: the move is played.
        assertEquals(200, move(gameId, players, "00-not-a-trace-context-01"));

        // The kept move, from the client's span through both services to Kafka and the game's record.
        List<JsonNode> spans = await().atMost(Duration.ofSeconds(30))
                .until(
                        () -> trace(keptTrace),
                        s -> has(s, "gateway", "SERVER", "post /api/v1/games/{id}/moves")
                                && has(s, "game-service", "PRODUCER", "game-events publish"));
        JsonNode edge = only(spans, "gateway", "SERVER", "post /api/v1/games/{id}/moves");
        assertEquals(kept.substring(36, 52), edge.path("parentId").asText(), "the client's span is the parent");
        JsonNode served = only(spans, "game-service", "SERVER", "post /api/v1/games/{id}/moves");
        assertTrue(descends(spans, served, edge), "game-service's span descends from the gateway's");
        JsonNode published = first(spans, "game-service", "PRODUCER", "game-events publish");
        assertTrue(descends(spans, published, served), "the relay's publication continues the move's trace");
        assertEquals(
                "kafka", published.path("remoteEndpoint").path("serviceName").asText());
        assertTrue(spans.stream().anyMatch(s -> s.path("tags").has("db.statement")), "PostgreSQL statements");

        // The record carries the publication's context in its header and the move's in its CloudEvent.
        ConsumerRecord<String, String> record =
                TestKafka.readKey(platform.bootstrapServers(), "game-events", gameId).stream()
                        .filter(r -> {
                            Header h = r.headers().lastHeader("traceparent");
                            return h != null && new String(h.value(), StandardCharsets.UTF_8).contains(keptTrace);
                        })
                        .findFirst()
                        .orElseThrow(() -> new AssertionError("no record of the kept move carries its trace"));
        String header = new String(record.headers().lastHeader("traceparent").value(), StandardCharsets.UTF_8);
        assertTrue(
                spans.stream()
                        .anyMatch(s -> s.path("id").asText().equals(header.substring(36, 52))
                                && s.path("kind").asText().equals("PRODUCER")),
                "the header names a publication span of the trace");
        String attribute = JSON.readTree(record.value()).path("traceparent").asText();
        assertEquals(keptTrace, attribute.substring(3, 35), "the CloudEvent's traceparent is the move's trace");

        // Play on until a valuation went to scoring-service and came back: one trace holds both ways.
        new Bot(7).playUntil(gameId, players, types -> types.contains("tessera.carrara.ValuationScored"), 400);
        List<JsonNode> round = await().atMost(Duration.ofSeconds(30)).until(this::valuationTrace, s -> !s.isEmpty());
        JsonNode back = first(round, "game-service", "CONSUMER", "game.scoring tessera.carrara.valuationscored");
        JsonNode scored =
                first(round, "scoring-service", "CONSUMER", "scoring.games tessera.carrara.valuationrequested");
        JsonNode move = first(round, "gateway", "SERVER", "post /api/v1/games/{id}/moves");
        assertTrue(descends(round, scored, move), "scoring-service applies the request in the move's trace");
        assertTrue(descends(round, back, scored), "game-service applies the points in the same trace");
        assertTrue(has(round, "scoring-service", "PRODUCER", "scoring-events publish"));

        // The move the ratio left out carries its context on, not sampled (flags 00), so that work downstream can still
        // be kept if it turns out slow or failed.
        String forcedTrace = forced.substring(3, 35);
        assertTrue(
                TestKafka.readKey(platform.bootstrapServers(), "game-events", gameId).stream()
                        .map(r -> r.headers().lastHeader("traceparent"))
                        .filter(h -> h != null)
                        .map(h -> new String(h.value(), StandardCharsets.UTF_8))
                        .anyMatch(h -> h.contains(forcedTrace) && h.endsWith("-00")),
                "the left-out move's records carry its trace, not sampled");
        // The move the ratio left out is nowhere, though every span of the moves after it has arrived.
        assertEquals(List.of(), trace(forcedTrace), "a client's sampled flag forces nothing");
        List<JsonNode> refused = trace(conflict.substring(3, 35));
        for (String service : List.of("gateway", "game-service")) {
            assertEquals(
                    "409",
                    only(refused, service, "SERVER", "post /api/v1/games/{id}/moves")
                            .path("tags")
                            .path("http.response.status_code")
                            .asText(),
                    service + " keeps its part of a 409's trace: " + refused);
        }

        // The table's start: the gateway, lobby-service, Kafka, game-service creating the game, and its first events
        // applied by lobby-service and scoring-service.
        List<JsonNode> start = await().atMost(Duration.ofSeconds(30))
                .until(
                        () -> traces("lobby-service", "post /api/v1/tables/{id}/start").stream()
                                .filter(t -> services(t).size() == 4)
                                .findFirst()
                                .orElse(List.of()),
                        t -> !t.isEmpty());
        JsonNode created = first(start, "game-service", "CONSUMER", "game.tables tessera.lobby.tablestarted");
        // lobby-service's publications in the trace: TableStarted, and PlayBegan once it has applied the game's start.
        assertTrue(
                start.stream()
                        .filter(span("lobby-service", "PRODUCER", "lobby-events publish"))
                        .anyMatch(opened -> descends(start, created, opened)),
                "game-service creates the game in the start's trace");
        assertTrue(
                start.stream()
                        .filter(span("scoring-service", "CONSUMER", "scoring.games tessera.game.gamestarted"))
                        .anyMatch(s -> descends(start, s, created)),
                "scoring-service applies the game's start in the same trace: " + start);
    }

    /**
     * A log line leads to its trace: a gateway that cannot reach game-service answers a move with a 503 and logs a
     * warning, whose context names the move's trace; in Zipkin that trace holds the gateway's failed call.
     */
    @Test
    void a_warning_names_the_trace_of_its_request() throws Exception {
        String suffix = Long.toString(System.nanoTime(), 36);
        List<Account> players = Tables.signUp("trace-cy-" + suffix, "trace-di-" + suffix);
        String gameId = Tables.game("alhambra", players);
        String cutOff = "gateway.2";
        platform.startExtra(cutOff, Map.of("GAME_URL", "http://127.0.0.1:1"));
        try {
            platform.awaitReady(cutOff);
            String kept = traceparent(true, "01");
            players.get(0)
                    .as()
                    .header("traceparent", kept)
                    .contentType(ContentType.JSON)
                    .body(Map.of("expectedVersion", 1, "move", Map.of("type", "take-money")))
                    .post(platform.url(cutOff) + "/api/v1/games/" + gameId + "/moves")
                    .then()
                    .statusCode(503);
            String traceId = kept.substring(3, 35);
            JsonNode warning = await().atMost(Duration.ofSeconds(10))
                    .until(() -> warningAbout(platform.log(cutOff), gameId), w -> w != null);
            assertEquals(traceId, warning.path("mdc").path("traceId").asText(), warning.toString());
            List<JsonNode> spans = await().atMost(Duration.ofSeconds(30))
                    .until(() -> trace(traceId), t -> has(t, "gateway", "SERVER", "post /api/v1/games/{id}/moves"));
            JsonNode served = only(spans, "gateway", "SERVER", "post /api/v1/games/{id}/moves");
            assertEquals(
                    "503", served.path("tags").path("http.response.status_code").asText(), served.toString());
            String spanId = warning.path("mdc").path("spanId").asText();
            assertTrue(
                    spans.stream().anyMatch(span -> span.path("id").asText().equals(spanId)),
                    "the warning names one of the trace's spans: " + warning + " " + spans);
        } finally {
            platform.stop(cutOff);
        }
    }

    /** The first line of {@code log} that is a warning logged in a request about {@code gameId}, or null. */
    private static JsonNode warningAbout(Path log, String gameId) throws IOException {
        for (String line : Files.readAllLines(log)) {
            if (line.startsWith("{")) {
                JsonNode record = JSON.readTree(line);
                if (gameId.equals(record.path("mdc").path("gameId").asText(null))
                        && "WARN".equals(record.path("level").asText())) {
                    return record;
                }
            }
        }
        return null;
    }

    /** POSTs the first legal move of whoever is to act, with {@code traceparent}; the status. */
    private static int move(String gameId, List<Account> players, String traceparent) {
        return move(gameId, players, traceparent, null);
    }

    /** As {@link #move(String, List, String)}, expecting the game at {@code version} when it is not null. */
    private static int move(String gameId, List<Account> players, String traceparent, Long version) {
        for (Account player : players) {
            Map<String, Object> legal = Bot.legal(gameId, player);
            List<?> moves = (List<?>) legal.get("moves");
            if (moves.isEmpty()) {
                continue;
            }
            return player.as()
                    .header("traceparent", traceparent)
                    .contentType(ContentType.JSON)
                    .body(Map.of(
                            "expectedVersion", version != null ? version : legal.get("version"), "move", moves.get(0)))
                    .post("/api/v1/games/" + gameId + "/moves")
                    .statusCode();
        }
        throw new AssertionError("nobody may move in " + gameId);
    }

    /**
     * A W3C traceparent whose trace id passes the platform's ratio of 0.5 or not ({@code kept}): OpenTelemetry's ratio
     * sampler keeps a trace when the id's last 16 hex digits, as a number, are below ratio × Long.MAX_VALUE.
     */
    private static String traceparent(boolean kept, String flags) {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        String high = String.format("%016x", r.nextLong());
        long low = kept ? r.nextLong(1L, 1L << 60) : r.nextLong(0x7000_0000_0000_0000L, Long.MAX_VALUE);
        return "00-" + high + String.format("%016x", low) + "-" + String.format("%016x", r.nextLong(1L, Long.MAX_VALUE))
                + "-" + flags;
    }

    private List<JsonNode> trace(String traceId) throws IOException, InterruptedException {
        HttpResponse<String> r = get("/api/v2/trace/" + traceId);
        if (r.statusCode() == 404) {
            return List.of();
        }
        List<JsonNode> spans = new ArrayList<>();
        JSON.readTree(r.body()).forEach(spans::add);
        return spans;
    }

    /** The traces of {@code service} with a span named {@code span}, each a list of spans. */
    private List<List<JsonNode>> traces(String service, String span) throws IOException, InterruptedException {
        HttpResponse<String> r = get("/api/v2/traces?limit=100&serviceName=" + service + "&spanName="
                + java.net.URLEncoder.encode(span, StandardCharsets.UTF_8));
        List<List<JsonNode>> traces = new ArrayList<>();
        for (JsonNode trace : JSON.readTree(r.body())) {
            List<JsonNode> spans = new ArrayList<>();
            trace.forEach(spans::add);
            traces.add(spans);
        }
        return traces;
    }

    private List<JsonNode> valuationTrace() throws IOException, InterruptedException {
        return traces("game-service", "game.scoring tessera.carrara.valuationscored").stream()
                // Whole: each service sends its spans on its own schedule, so wait until every link has arrived.
                .filter(t -> has(t, "gateway", "SERVER", "post /api/v1/games/{id}/moves")
                        && has(t, "game-service", "PRODUCER", "game-events publish")
                        && has(t, "scoring-service", "CONSUMER", "scoring.games tessera.carrara.valuationrequested")
                        && has(t, "scoring-service", "PRODUCER", "scoring-events publish"))
                .findFirst()
                .orElse(List.of());
    }

    private static Set<String> services(List<JsonNode> spans) {
        Set<String> names = new HashSet<>();
        spans.forEach(s -> names.add(s.path("localEndpoint").path("serviceName").asText()));
        return names;
    }

    private static Predicate<JsonNode> span(String service, String kind, String name) {
        return s -> s.path("localEndpoint").path("serviceName").asText().equals(service)
                && s.path("kind").asText().equals(kind)
                && s.path("name").asText().equals(name);
    }

    private static boolean has(List<JsonNode> spans, String service, String kind, String name) {
        return spans.stream().anyMatch(span(service, kind, name));
    }

    private static JsonNode first(List<JsonNode> spans, String service, String kind, String name) {
        return spans.stream()
                .filter(span(service, kind, name))
                .findFirst()
                .orElseThrow(
                        () -> new AssertionError("no " + kind + " span " + name + " of " + service + ": " + spans));
    }

    private static JsonNode only(List<JsonNode> spans, String service, String kind, String name) {
        List<JsonNode> found = spans.stream().filter(span(service, kind, name)).toList();
        assertEquals(1, found.size(), kind + " spans " + name + " of " + service);
        return found.get(0);
    }

    /** Whether {@code span} has {@code ancestor} among its parents, following parentId within the trace. */
    private static boolean descends(List<JsonNode> spans, JsonNode span, JsonNode ancestor) {
        Map<String, JsonNode> byId = new HashMap<>();
        spans.forEach(s -> byId.put(s.path("id").asText(), s));
        String id = ancestor.path("id").asText();
        for (JsonNode s = span; s != null; s = byId.get(s.path("parentId").asText(""))) {
            if (s.path("parentId").asText("").equals(id)) {
                return true;
            }
        }
        return false;
    }

    private int status(String path) {
        try {
            return get(path).statusCode();
        } catch (IOException | InterruptedException e) {
            return -1;
        }
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create(zipkinUrl + path)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
