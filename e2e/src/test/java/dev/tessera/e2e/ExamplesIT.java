package dev.tessera.e2e;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

/**
 * The gateway's documented examples ({@code Examples}, shown to third-party developers in the API document) checked
 * against what the platform really answers: for every answer example the real request that produces it, compared
 * by shape ({@link JsonShapes}); every request example sent (ids and versions made real) and accepted. The examples
 * are read by reflection from the gateway's build output, so that a new example without a check in {@link #checks}
 * fails this test.
 *
 * <p>Three are checked more simply. PROBLEM_RATE_LIMITED: the shared platform lets a caller send 10,000 requests a
 * second (the bots need it), so no test can reach the limit; PROBLEM_SERVICE_UNAVAILABLE: a real one needs a service
 * stopped, and restarting it would cost every later test class its time. Both are compared with a real problem
 * (a 404's fields) plus the extension members the gateway's code adds. LIVE_FEED and TABLE_CHANGES are read for real,
 * but only as server-sent events: each example event's fields, name and data against the real event of the same type
 * on the feed (the tables' while a table is opened, joined and started).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExamplesIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String EXAMPLES = "dev.tessera.gateway.api.model.Examples";

    /** Fields an answer leaves out when their value is null (or empty), so an example may show or leave them out. */
    private static final Map<String, String> OMITTED_WHEN_NULL = Map.ofEntries(
            Map.entry("rule", "a problem names a rule only when a game or lobby rule was broken (Problem is NON_NULL)"),
            Map.entry("field", "a problem names a field only for bad input (Problem is NON_NULL)"),
            Map.entry("position", "a matched entry has no place in line (EntryView is NON_NULL)"),
            Map.entry("waiting", "a matched entry has no place in line (EntryView is NON_NULL)"),
            Map.entry("tableId", "a queued entry has no table yet (EntryView is NON_NULL)"),
            Map.entry("matchedAt", "a queued entry was not matched yet (EntryView is NON_NULL)"),
            Map.entry("expansion", "Carrara's view leaves the expansion's board out of a basic game"),
            Map.entry("categoriesValued", "Carrara's view leaves the expansion's player parts out of a basic game"),
            Map.entry("upgrades", "Carrara's view leaves the expansion's player parts out of a basic game"),
            Map.entry("objectsTaken", "a valuation lists the objects taken only when there are some (NON_EMPTY)"),
            Map.entry("movedby", "only the first event of a move's events records the move (CloudEvent is NON_NULL)"),
            Map.entry("move", "only the first event of a move's events records the move (CloudEvent is NON_NULL)"),
            Map.entry("toact", "only the last event of an append says whose turn it is (CloudEvent is NON_NULL)"),
            Map.entry(
                    "deadline",
                    "only the last event of an append says until when, with a clock (CloudEvent is NON_NULL)"));
    /** Fields null in some states of a game and not in others (the games played here reach either). */
    private static final Map<String, String> NULLABLE = Map.of(
            "tile", "Alhambra: a market slot is empty (null) from a purchase until the refill at the end of the turn",
            "supplies", "The Builders: a building card supplies resources (as a machine) only if it is one",
            "declaredBy", "Carrara: null until a player declares the end",
            "endTriggeredBy", "The Builders: null until a player triggers the end",
            "buildingDeckTop", "The Builders: null once the building deck is empty",
            "workerDeckTop", "The Builders: null once the worker deck is empty");
    /** Objects whose field names are data, not schema. */
    private static final Map<String, String> DATA_KEYED = Map.of(
            "objects", "Carrara: a player's objects by kind, only the kinds they hold",
            "citiesValued", "Carrara: the cities valued so far, by city",
            "sentThisTurn", "The Builders: what was sent this turn, by worker",
            "byType", "the Alhambra calculator's points by building type, only the types scored");
    /** Members whose content is free-form. */
    private static final Map<String, String> FREE_FORM = Map.of(
            "initialState",
            "GameStarted's initial state is the whole game as a spectator sees it (shown at length by"
                    + " the VIEW_ examples); its example is cut short");

    private static final JsonShapes SHAPES = new JsonShapes(OMITTED_WHEN_NULL, NULLABLE, DATA_KEYED, FREE_FORM);

    @FunctionalInterface
    private interface Check {
        void run(String name, String example) throws Exception;
    }

    private final Map<String, Check> checks = new LinkedHashMap<>();
    private final Map<String, Object> fixtures = new LinkedHashMap<>();
    private final String run = Long.toString(System.nanoTime() % 1_000_000_000L, 36);

    @BeforeAll
    void start() {
        Platform.useGateway();
        problems();
        players();
        tables();
        games();
        calculators();
        webhooks();
    }

    @TestFactory
    Stream<DynamicTest> every_example_matches_what_the_platform_answers() throws Exception {
        Map<String, String> examples = examples();
        assertTrue(examples.size() > 50, "read only " + examples.size() + " examples");
        return examples.entrySet().stream()
                .map(e -> DynamicTest.dynamicTest(e.getKey(), () -> {
                    Check check = checks.get(e.getKey());
                    assertNotNull(check, e.getKey() + " has no check: add one to ExamplesIT's checks");
                    check.run(e.getKey(), e.getValue());
                }));
    }

    @Test
    void every_check_names_an_example() throws Exception {
        Set<String> stale = new TreeSet<>(checks.keySet());
        stale.removeAll(examples().keySet());
        assertEquals(Set.of(), stale, "checks for examples that no longer exist");
    }

    /** Examples' public static final String fields, by name, read from the gateway's compiled classes. */
    private static Map<String, String> examples() throws Exception {
        Path classes = Path.of(System.getProperty("tessera.root", "..")).resolve("gateway/target/classes");
        assertTrue(Files.isDirectory(classes), classes + " is missing: package the gateway first");
        Map<String, String> examples = new LinkedHashMap<>();
        try (URLClassLoader loader =
                new URLClassLoader(new URL[] {classes.toUri().toURL()}, null)) {
            for (Field f : Class.forName(EXAMPLES, false, loader).getDeclaredFields()) {
                int m = f.getModifiers();
                if (Modifier.isPublic(m) && Modifier.isStatic(m) && f.getType() == String.class) {
                    examples.put(f.getName(), (String) f.get(null));
                }
            }
        }
        return examples;
    }

    // --- problems ----------------------------------------------------------------------------------

    private void problems() {
        checks.put(
                "PROBLEM_INVALID_FIELD",
                (n, ex) -> same(
                        n,
                        ex,
                        answer(
                                player("host")
                                        .as()
                                        .contentType(ContentType.JSON)
                                        .body("{\"game\": \"alhambra\"}")
                                        .post("/api/v1/tables"),
                                400)));
        checks.put(
                "PROBLEM_UNAUTHENTICATED",
                (n, ex) -> same(n, ex, answer(Platform.anonymously(() -> given().get("/api/v1/tables")), 401)));
        checks.put(
                "PROBLEM_NOT_HOST",
                (n, ex) -> same(
                        n, ex, answer(player("guest").as().post("/api/v1/tables/" + fullTable() + "/start"), 403)));
        checks.put("PROBLEM_NOT_FOUND", (n, ex) -> same(n, ex, notFound()));
        checks.put(
                "PROBLEM_TABLE_FULL",
                (n, ex) ->
                        same(n, ex, answer(player("late").as().post("/api/v1/tables/" + fullTable() + "/join"), 409)));
        checks.put(
                "PROBLEM_NAME_TAKEN",
                (n, ex) -> same(
                        n,
                        ex,
                        answer(
                                given().contentType(ContentType.JSON)
                                        .body(Map.of("name", player("host").name()))
                                        .post("/api/v1/players"),
                                409)));
        checks.put("PROBLEM_VERSION_CONFLICT", (n, ex) -> {
            Exploration game = alhambra();
            Mover mover = game.mover();
            assertTrue(mover.version() > 1, "the game moved on");
            same(n, ex, answer(game.post(mover.player(), 1, mover.moves().get(0)), 409));
        });
        checks.put(
                "PROBLEM_PAYLOAD_TOO_LARGE",
                (n, ex) -> same(
                        n,
                        ex,
                        answer(
                                player("host")
                                        .as()
                                        .contentType(ContentType.JSON)
                                        .body("{\"game\": \"alhambra\", \"seats\": 2, \"pad\": \"" + "x".repeat(70_000)
                                                + "\"}")
                                        .post("/api/v1/tables"),
                                413)));
        checks.put("PROBLEM_ILLEGAL_MOVE", (n, ex) -> {
            Exploration game = alhambra();
            Mover mover = game.mover();
            Account other = game.players.stream()
                    .filter(p -> p != mover.player())
                    .findFirst()
                    .orElseThrow();
            same(n, ex, answer(game.post(other, mover.version(), mover.moves().get(0)), 422));
        });
        checks.put("PROBLEM_RATE_LIMITED", (n, ex) -> same(n, ex, problemWith(Map.of("retryAfter", 1))));
        checks.put("PROBLEM_SERVICE_UNAVAILABLE", (n, ex) -> same(n, ex, problemWith(Map.of())));
    }

    /** A real problem with the base members only (a 404's), plus {@code extensions} as the gateway adds them. */
    private JsonNode problemWith(Map<String, Object> extensions) {
        ObjectNode problem = notFound().deepCopy();
        extensions.forEach((k, v) -> problem.set(k, JSON.valueToTree(v)));
        return problem;
    }

    private JsonNode notFound() {
        return answer(given().get("/api/v1/games/" + UUID.randomUUID()), 404);
    }

    // --- players -----------------------------------------------------------------------------------

    private void players() {
        checks.put("SIGN_UP", (n, ex) -> signedUp(ex));
        checks.put("SIGNED_UP", (n, ex) -> same(n, ex, signedUp(example("SIGN_UP"))));
        checks.put("PLAYER", (n, ex) -> same(n, ex, answer(player("host").as().get("/api/v1/players/me"), 200)));
        checks.put("PLAYER_NAMES", (n, ex) -> {
            Account ana = player("host");
            Account bob = player("queue-none");
            JsonNode names =
                    answer(ana.as().get("/api/v1/players?ids=" + ana.id() + ",bot-alhambra-1," + bob.id()), 200);
            same(n, ex, names);
            assertEquals(
                    List.of(ana.name(), bob.name()),
                    List.of(
                            names.path(0).path("name").asText(),
                            names.path(1).path("name").asText()));
        });
        checks.put("TOKEN", (n, ex) -> same(n, ex, answer(player("host").as().post("/api/v1/players/me/tokens"), 201)));
        checks.put("NEW_API_KEY", (n, ex) -> same(n, ex, newApiKey()));
        checks.put("API_KEYS", (n, ex) -> {
            newApiKey();
            same(n, ex, answer(player("host").as().get("/api/v1/players/me/api-keys"), 200));
        });
        checks.put("PROFILE", (n, ex) -> {
            Account first = finishedBuilders().players.get(0);
            same(
                    n,
                    ex,
                    awaitAnswer(
                            () -> given().get("/api/v1/players/" + first.id()),
                            a -> !a.path("ratings").isEmpty()));
        });
        checks.put("PLAYED_GAMES", (n, ex) -> {
            Account first = finishedBuilders().players.get(0);
            same(
                    n,
                    ex,
                    awaitAnswer(
                            () -> given().get("/api/v1/players/" + first.id() + "/games"),
                            a -> a.path(0).path("ratingAfter").isNumber()));
        });
        checks.put("LEADERBOARD", (n, ex) -> {
            finishedBuilders();
            same(
                    n,
                    ex,
                    awaitAnswer(
                            () -> given().get("/api/v1/leaderboards/builders"),
                            a -> a.path("entries").size() >= 2));
        });
    }

    /** The answer to SIGN_UP (the first example sent, whichever asks first), its name made unique. */
    private JsonNode signedUp(String example) {
        return fixture("signed-up", () -> {
            ObjectNode request = (ObjectNode) read(example);
            request.put("name", "examples-signup-" + run);
            return answer(
                    given().contentType(ContentType.JSON)
                            .body(request.toString())
                            .post("/api/v1/players"),
                    201);
        });
    }

    private JsonNode newApiKey() {
        return fixture("api-key", () -> answer(player("host").as().post("/api/v1/players/me/api-keys"), 201));
    }

    // --- webhooks ----------------------------------------------------------------------------------

    /**
     * The webhook examples against a subscription of the host's to a receiver on loopback (the e2e platform runs for
     * local development, which allows http there): the request example as it is but for its URL, which the platform
     * would look up and refuse (no public address is reachable here).
     */
    private void webhooks() {
        checks.put("CREATE_WEBHOOK", (n, ex) -> {
            ObjectNode request = (ObjectNode) read(ex);
            assertEquals(Set.of("url", "events"), Set.copyOf(fieldNames(request)));
            request.put("url", receiver() + "/create-webhook");
            answer(
                    player("host")
                            .as()
                            .contentType(ContentType.JSON)
                            .body(request.toString())
                            .post("/api/v1/webhooks"),
                    201);
        });
        checks.put("NEW_WEBHOOK", (n, ex) -> same(n, ex, newWebhook()));
        checks.put(
                "WEBHOOK",
                (n, ex) -> same(
                        n,
                        ex,
                        answer(
                                player("host")
                                        .as()
                                        .get("/api/v1/webhooks/"
                                                + newWebhook().path("id").asText()),
                                200)));
        checks.put("WEBHOOK_DELIVERY", (n, ex) -> {
            String id = newWebhook().path("id").asText();
            answer(player("host").as().post("/api/v1/webhooks/" + id + "/ping"), 202);
            JsonNode delivered = awaitAnswer(
                    () -> player("host").as().get("/api/v1/webhooks/" + id + "/deliveries"),
                    list -> list.path(0).path("status").asText().equals("delivered"));
            same(n, ex, delivered.get(0));
        });
        checks.put(
                "WEBHOOK_SECRET",
                (n, ex) -> same(
                        n,
                        ex,
                        answer(
                                player("host")
                                        .as()
                                        .post("/api/v1/webhooks/"
                                                + newWebhook().path("id").asText() + "/secret"),
                                200)));
        checks.put(
                "PROBLEM_WEBHOOK_ADDRESS",
                (n, ex) -> same(
                        n,
                        ex,
                        answer(
                                player("host")
                                        .as()
                                        .contentType(ContentType.JSON)
                                        .body(Map.of(
                                                "url",
                                                "https://169.254.169.254/latest/meta-data/",
                                                "events",
                                                List.of("ping")))
                                        .post("/api/v1/webhooks"),
                                400)));
    }

    private JsonNode newWebhook() {
        return fixture(
                "webhook",
                () -> answer(
                        player("host")
                                .as()
                                .contentType(ContentType.JSON)
                                .body(Map.of(
                                        "url", receiver() + "/hooks", "events", List.of("turn.started", "game.ended")))
                                .post("/api/v1/webhooks"),
                        201));
    }

    /** A receiver on loopback that answers every delivery 204; its base URL. */
    private String receiver() {
        return fixture("receiver", () -> {
            try {
                com.sun.net.httpserver.HttpServer server =
                        com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress("127.0.0.1", 0), 0);
                server.createContext("/", exchange -> {
                    try (exchange) {
                        exchange.getRequestBody().readAllBytes();
                        exchange.sendResponseHeaders(204, -1);
                    }
                });
                server.start();
                return "http://127.0.0.1:" + server.getAddress().getPort();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    // --- tables and matchmaking --------------------------------------------------------------------

    private void tables() {
        checks.put("OPEN_TABLE", (n, ex) -> openTable(n, ex, "host"));
        checks.put("OPEN_TABLE_REALTIME", (n, ex) -> openTable(n, ex, "realtime"));
        checks.put("OPEN_TABLE_CARRARA_EXPANSION", (n, ex) -> openTable(n, ex, "expansion-ana"));
        checks.put("TABLE_OPEN", (n, ex) -> same(n, ex, openTable("OPEN_TABLE", example("OPEN_TABLE"), "host")));
        checks.put(
                "TABLE_OPEN_CARRARA_EXPANSION",
                (n, ex) -> same(
                        n,
                        ex,
                        openTable(
                                "OPEN_TABLE_CARRARA_EXPANSION",
                                example("OPEN_TABLE_CARRARA_EXPANSION"),
                                "expansion-ana")));
        checks.put(
                "TABLE_PLAYING",
                (n, ex) -> same(n, ex, answer(given().get("/api/v1/tables/" + alhambra().tableId), 200)));
        checks.put("TABLES", (n, ex) -> {
            alhambra();
            same(n, ex, answer(given().get("/api/v1/tables?game=alhambra&status=playing"), 200));
        });
        checks.put("QUEUE", (n, ex) -> queued("QUEUE", ex, "queue-1", 202));
        checks.put("QUEUE_CARRARA_EXPANSION", (n, ex) -> queued("QUEUE_CARRARA_EXPANSION", ex, "queue-x", 202));
        checks.put("QUEUED", (n, ex) -> same(n, ex, queued("QUEUE", example("QUEUE"), "queue-1", 202)));
        checks.put("QUEUED_CARRARA_EXPANSION", (n, ex) -> {
            same(n, ex, queued("QUEUE_CARRARA_EXPANSION", example("QUEUE_CARRARA_EXPANSION"), "queue-x", 202));
            // Out of the queue again: a later test's carrara players must not be matched with this one.
            player("queue-x").as().delete("/api/v1/matchmaking").then().statusCode(204);
        });
        checks.put(
                "NOT_QUEUED",
                (n, ex) -> same(n, ex, answer(player("queue-none").as().get("/api/v1/matchmaking"), 200)));
        checks.put("MATCHED", (n, ex) -> {
            queued("QUEUE", example("QUEUE"), "queue-1", 202);
            queued("QUEUE", example("QUEUE"), "queue-2", 202);
            JsonNode matched = queued("QUEUE", example("QUEUE"), "queue-3", 201);
            same(n, ex, matched);
            same(n, ex, answer(player("queue-1").as().get("/api/v1/matchmaking"), 200));
        });
    }

    /** Sends an OPEN_TABLE example as {@code host} (once per example): 201, the answer. */
    private JsonNode openTable(String name, String example, String host) {
        return fixture(
                name,
                () -> answer(
                        player(host)
                                .as()
                                .contentType(ContentType.JSON)
                                .body(example)
                                .post("/api/v1/tables"),
                        201));
    }

    /** A table of two seats, both taken, not started: the realtime example's, joined by a guest. */
    private String fullTable() {
        return fixture("full-table", () -> {
            String id = openTable("OPEN_TABLE_REALTIME", example("OPEN_TABLE_REALTIME"), "realtime")
                    .path("id")
                    .asText();
            player("guest").as().post("/api/v1/tables/" + id + "/join").then().statusCode(200);
            return id;
        });
    }

    /** Sends a QUEUE example as {@code player} (once per player): the status expected, the answer. */
    private JsonNode queued(String name, String example, String player, int status) {
        return fixture(
                name + "/" + player,
                () -> answer(
                        player(player)
                                .as()
                                .contentType(ContentType.JSON)
                                .body(example)
                                .post("/api/v1/matchmaking"),
                        status));
    }

    // --- games: moves, legal moves, events, views --------------------------------------------------

    private void games() {
        checks.put("MOVE_ALHAMBRA", (n, ex) -> sameMove(n, ex, alhambra()));
        checks.put("MOVE_CARRARA", (n, ex) -> sameMove(n, ex, carrara()));
        checks.put("MOVE_CARRARA_RENOVATE", (n, ex) -> sameMove(n, ex, carraraExpansion()));
        checks.put("MOVE_BUILDERS", (n, ex) -> sameMove(n, ex, builders()));
        checks.put("MOVE_REQUEST_ALHAMBRA_TAKE_MONEY", (n, ex) -> accepted(n, alhambra()));
        checks.put("MOVE_REQUEST_ALHAMBRA_BUY_TILE", (n, ex) -> accepted(n, alhambra()));
        checks.put("MOVE_REQUEST_ALHAMBRA_PLACE_TILE", (n, ex) -> accepted(n, alhambra()));
        checks.put("MOVE_REQUEST_CARRARA", (n, ex) -> accepted(n, carrara()));
        checks.put("MOVE_REQUEST_BUILDERS", (n, ex) -> accepted(n, builders()));
        checks.put("LEGAL_MOVES_ALHAMBRA", (n, ex) -> sameLegalMoves(n, ex, alhambra()));
        checks.put("LEGAL_MOVES_CARRARA", (n, ex) -> sameLegalMoves(n, ex, carrara()));
        checks.put("LEGAL_MOVES_BUILDERS", (n, ex) -> sameLegalMoves(n, ex, builders()));
        checks.put("LEGAL_MOVES_NONE", (n, ex) -> same(n, ex, alhambra().notMover()));
        checks.put("MOVE_RESULT", (n, ex) -> same(n, ex, alhambra().answers.get("MOVE_REQUEST_ALHAMBRA_TAKE_MONEY")));
        checks.put(
                "EVENT_GAME_STARTED", (n, ex) -> same(n, ex, alhambra().events().get(0)));
        checks.put("EVENT_GAME_ENDED", (n, ex) -> {
            JsonNode events = finishedBuilders().events();
            // The game's last event reveals its seed; GameEnded comes right before it.
            assertEquals(
                    "tessera.game.SeedRevealed",
                    events.get(events.size() - 1).path("type").asText());
            same(n, ex, events.get(events.size() - 2));
        });
        checks.put("EVENTS", (n, ex) -> same(n, ex, alhambra().events()));
        checks.put("FORK_REQUEST", (n, ex) -> {
            Exploration finished = finishedBuilders();
            JsonNode fork = answer(
                    finished.players
                            .get(0)
                            .as()
                            .contentType(ContentType.JSON)
                            .body(ex)
                            .post("/api/v1/games/" + finished.gameId + "/forks"),
                    201);
            assertEquals(
                    read(ex).path("at").asLong(), fork.path("version").asLong(), n + ": the fork is at its version");
        });
        checks.put("UNDO_REQUEST", (n, ex) -> undo().get(n));
        checks.put("UNDO_RESULT", (n, ex) -> same(n, ex, undo().get("UNDO_REQUEST")));
        checks.put("PROBLEM_INFORMATION_REVEALED", (n, ex) -> same(n, ex, undo().get(n)));
        checks.put(
                "HISTORY",
                (n, ex) -> same(
                        n, ex, answer(given().get("/api/v1/games/" + alhambra().gameId + "/history?from=0"), 200)));
        checks.put("LIVE_FEED", (n, ex) -> sameFeed(n, ex, alhambra()));
        checks.put("TABLE_CHANGES", this::sameTableChanges);
        checks.put("VIEW_ALHAMBRA", (n, ex) -> same(n, ex, alhambra().view));
        checks.put("VIEW_CARRARA", (n, ex) -> same(n, ex, carrara().view));
        checks.put("VIEW_BUILDERS", (n, ex) -> same(n, ex, builders().view));
    }

    /** A Move example against a real legal move of its type. */
    private void sameMove(String name, String example, Exploration game) {
        JsonNode move = read(example);
        JsonNode real = game.seen.get(move.path("type").asText());
        assertNotNull(real, name + ": no legal move of type " + move.path("type") + " in " + game.seen.keySet());
        same(name, example, real);
    }

    /** A move request example: sent during the game's exploration (its move one of the legal moves), and accepted. */
    private void accepted(String name, Exploration game) {
        JsonNode answer = game.answers.get(name);
        assertNotNull(answer, name + " was never sent: its move was not legal in " + game.moves + " moves");
        assertTrue(
                game.differences.get(name).isEmpty(),
                name + "'s move differs from the real legal move:\n  "
                        + String.join("\n  ", game.differences.get(name)));
    }

    /** A legal-moves example: its members against a real answer, its moves against real moves of their types. */
    private void sameLegalMoves(String name, String example, Exploration game) {
        Set<String> types = new TreeSet<>();
        read(example).path("moves").forEach(m -> types.add(m.path("type").asText()));
        assertTrue(
                game.seen.keySet().containsAll(types),
                name + ": moves of types " + types + " were not all legal in the game, only " + game.seen.keySet());
        ObjectNode real = game.legal.deepCopy();
        real.set("moves", JSON.valueToTree(game.seen.values()));
        same(name, example, real);
    }

    /** Each example event of the live feed against the real event of its type, read from the real feed. */
    private void sameFeed(String name, String example, Exploration game) throws Exception {
        sameEvents(
                name,
                example,
                "/api/v1/games/" + game.gameId + "/live?from=0",
                game.players.get(0).token(),
                () -> {});
    }

    /**
     * The tables' live feed: followed while a table is opened, joined and started (its game created), each example
     * event against the real one of its type.
     */
    private void sameTableChanges(String name, String example) throws Exception {
        sameEvents(name, example, "/api/v1/tables/live", player("changes-host").token(), () -> {
            String id = player("changes-host")
                    .as()
                    .contentType(ContentType.JSON)
                    .body(Map.of("game", "alhambra", "seats", 2))
                    .post("/api/v1/tables")
                    .then()
                    .statusCode(201)
                    .extract()
                    .path("id");
            player("changes-guest")
                    .as()
                    .post("/api/v1/tables/" + id + "/join")
                    .then()
                    .statusCode(200);
            player("changes-host")
                    .as()
                    .post("/api/v1/tables/" + id + "/start")
                    .then()
                    .statusCode(200);
        });
    }

    /**
     * Each example event of a server-sent event stream against the real event of its type, read from the real stream
     * at {@code path}; {@code then} runs once the stream has answered (and makes the events, where they are new).
     */
    private void sameEvents(String name, String example, String path, String token, Runnable then) throws Exception {
        List<Map<String, String>> expected = new ArrayList<>();
        sse(new BufferedReader(new StringReader(example)), expected, read -> false);
        assertTrue(expected.size() >= 2, name + ": " + expected);
        Set<String> types = expected.stream().map(e -> e.get("event")).collect(Collectors.toSet());
        HttpResponse<InputStream> feed = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .build()
                .send(
                        HttpRequest.newBuilder(URI.create(Platform.shared().gateway() + path))
                                .header("Accept", "text/event-stream")
                                .header("Authorization", "Bearer " + token)
                                .build(),
                        HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, feed.statusCode());
        then.run();
        // The feed stays open: read on another thread until each example type came, for 30 seconds at most.
        List<Map<String, String>> real = new CopyOnWriteArrayList<>();
        CompletableFuture<Void> reading = CompletableFuture.runAsync(() -> {
            try (BufferedReader lines =
                    new BufferedReader(new InputStreamReader(feed.body(), StandardCharsets.UTF_8))) {
                sse(
                        lines,
                        real,
                        read -> read.stream()
                                .map(e -> e.get("event"))
                                .collect(Collectors.toSet())
                                .containsAll(types));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        try {
            reading.get(30, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            feed.body().close();
            fail(name + ": the real feed did not send each of " + types + " within 30 s; it sent " + real);
        }
        for (Map<String, String> event : expected) {
            Map<String, String> counterpart = real.stream()
                    .filter(r -> event.get("event").equals(r.get("event")))
                    .findFirst()
                    .orElseThrow();
            assertEquals(counterpart.keySet(), event.keySet(), name + ": the SSE fields of " + event.get("event"));
            assertTrue(
                    !event.containsKey("id") || event.get("id").matches("\\d+"),
                    name + ": an SSE id is a stream version");
            List<String> diffs = SHAPES.differences(read(event.get("data")), read(counterpart.get("data")));
            assertTrue(
                    diffs.isEmpty(),
                    name + " differs from the real feed in " + event.get("event") + "'s data:\n  "
                            + String.join("\n  ", diffs) + "\nreal: " + counterpart.get("data"));
        }
    }

    /** Reads server-sent events (each its fields by name) into {@code events} until {@code done} or the end. */
    private static void sse(
            BufferedReader lines, List<Map<String, String>> events, Predicate<List<Map<String, String>>> done)
            throws IOException {
        Map<String, String> event = new LinkedHashMap<>();
        for (String line = done.test(events) ? null : lines.readLine();
                line != null;
                line = done.test(events) ? null : lines.readLine()) {
            if (line.isEmpty()) {
                if (!event.isEmpty()) {
                    events.add(event);
                }
                event = new LinkedHashMap<>();
            } else if (!line.startsWith(":")) {
                int colon = line.indexOf(':');
                event.put(line.substring(0, colon), line.substring(colon + 1).replaceFirst("^ ", ""));
            }
        }
        if (!event.isEmpty() && !done.test(events)) {
            events.add(event);
        }
    }

    // --- calculators -------------------------------------------------------------------------------

    private void calculators() {
        calculator("alhambra/scoring", "ALHAMBRA_SCORING_REQUEST", "ALHAMBRA_SCORING_RESULT");
        calculator("alhambra/wall", "ALHAMBRA_WALL_REQUEST", "ALHAMBRA_WALL_RESULT");
        calculator("alhambra/placement", "ALHAMBRA_PLACEMENT_REQUEST", "ALHAMBRA_PLACEMENT_RESULT");
        calculator("builders/final", "BUILDERS_FINAL_REQUEST", "BUILDERS_FINAL_RESULT");
        calculator("carrara/valuation", "CARRARA_VALUATION_REQUEST", "CARRARA_VALUATION_RESULT");
        checks.put(
                "CARRARA_VALUATION_REQUEST_CATEGORY",
                (n, ex) -> same(
                        "CARRARA_VALUATION_RESULT",
                        example("CARRARA_VALUATION_RESULT"),
                        calculate("carrara/valuation", ex)));
    }

    /** The request is accepted; the result example has the shape of the answer to the request example. */
    private void calculator(String path, String request, String result) {
        checks.put(request, (n, ex) -> calculate(path, ex));
        checks.put(result, (n, ex) -> same(n, ex, calculate(path, example(request))));
    }

    private JsonNode calculate(String path, String request) {
        return answer(given().contentType(ContentType.JSON).body(request).post("/api/v1/calculators/" + path), 200);
    }

    // --- the games played for the checks -----------------------------------------------------------

    /**
     * Alhambra for two, played until each move kind of the examples was legal, each move request example sent, and
     * the first player's view shows a tile in her Alhambra, money in her hand and Dirk's tiles.
     */
    private Exploration alhambra() {
        return fixture(
                "alhambra",
                () -> new Exploration("alhambra", Map.of(), "alh-ana", "alh-bob")
                        .requests(
                                "MOVE_REQUEST_ALHAMBRA_TAKE_MONEY",
                                "MOVE_REQUEST_ALHAMBRA_BUY_TILE",
                                "MOVE_REQUEST_ALHAMBRA_PLACE_TILE")
                        .until(
                                types("LEGAL_MOVES_ALHAMBRA", "MOVE_ALHAMBRA"),
                                view -> {
                                    JsonNode me =
                                            view.path("state").path("players").path(0);
                                    return !me.path("alhambra").isEmpty()
                                            && !me.path("hand").isEmpty()
                                            && !view.path("state").path("dirk").isEmpty();
                                },
                                1500));
    }

    /** Carrara for two, played until the example's moves were legal and its first player has built. */
    private Exploration carrara() {
        return fixture(
                "carrara",
                () -> new Exploration("carrara", Map.of(), "car-ana", "car-bob")
                        .requests("MOVE_REQUEST_CARRARA")
                        .until(
                                types("LEGAL_MOVES_CARRARA", "MOVE_CARRARA"),
                                view -> {
                                    JsonNode me =
                                            view.path("state").path("players").path(0);
                                    return !me.path("buildings").isEmpty()
                                            && !me.path("objects").isEmpty();
                                },
                                3000));
    }

    /** Carrara with the expansion, at the table OPEN_TABLE_CARRARA_EXPANSION opened, until a renovation is legal. */
    private Exploration carraraExpansion() {
        return fixture("carrara-expansion", () -> {
            String tableId = openTable(
                            "OPEN_TABLE_CARRARA_EXPANSION", example("OPEN_TABLE_CARRARA_EXPANSION"), "expansion-ana")
                    .path("id")
                    .asText();
            return new Exploration(
                            tableId, List.of(player("expansion-ana"), player("expansion-bob"), player("expansion-cyd")))
                    .until(Set.of("renovate"), view -> true, 3000);
        });
    }

    /** The Builders for two, until the example's moves were legal and the first player has a site and a worker. */
    private Exploration builders() {
        return fixture(
                "builders",
                () -> new Exploration("builders", Map.of(), "bld-ana", "bld-bob")
                        .requests("MOVE_REQUEST_BUILDERS")
                        .until(
                                types("LEGAL_MOVES_BUILDERS", "MOVE_BUILDERS"),
                                view -> {
                                    JsonNode me =
                                            view.path("state").path("players").path(0);
                                    return !me.path("sites").isEmpty()
                                            && !me.path("freeWorkers").isEmpty();
                                },
                                1500));
    }

    /**
     * A game of The Builders whose first player took coins and sent the undo request example (its answer under
     * UNDO_REQUEST), then recruited a worker, which draws a card, and was refused an undo (under
     * PROBLEM_INFORMATION_REVEALED).
     */
    private Map<String, JsonNode> undo() {
        return fixture("undo", () -> {
            Exploration game = new Exploration("builders", Map.of(), "undo-ana", "undo-bob");
            Account first = game.players.stream()
                    .filter(p -> !game.legalMoves(p).path("moves").isEmpty())
                    .findFirst()
                    .orElseThrow();
            long version = firstMove(game, first, "take-coins");
            ObjectNode body = (ObjectNode) read(example("UNDO_REQUEST"));
            body.put("expectedVersion", version);
            JsonNode undone = answer(
                    first.as()
                            .contentType(ContentType.JSON)
                            .body(body.toString())
                            .post(undoPath(game)),
                    200);
            version = firstMove(game, first, "recruit-worker");
            body.put("expectedVersion", version);
            JsonNode refused = answer(
                    first.as()
                            .contentType(ContentType.JSON)
                            .body(body.toString())
                            .post(undoPath(game)),
                    422);
            return Map.of("UNDO_REQUEST", undone, "PROBLEM_INFORMATION_REVEALED", refused);
        });
    }

    private static String undoPath(Exploration game) {
        return "/api/v1/games/" + game.gameId + "/undo";
    }

    /** {@code player} plays their first legal move of {@code type}: the game's version after it. */
    private static long firstMove(Exploration game, Account player, String type) {
        JsonNode legal = game.legalMoves(player);
        for (JsonNode move : legal.path("moves")) {
            if (type.equals(move.path("type").asText())) {
                return answer(game.post(player, legal.path("version").asLong(), move), 200)
                        .path("version")
                        .asLong();
            }
        }
        throw new AssertionError(player + " has no " + type + " move in " + legal);
    }

    /** The same Builders game played to its end. */
    private Exploration finishedBuilders() {
        return fixture("builders-finished", () -> builders().untilEnded(5000));
    }

    /** The move types an example lists (its moves, or itself when it is a move). */
    private Set<String> types(String... names) {
        Set<String> types = new TreeSet<>();
        for (String name : names) {
            JsonNode example = read(example(name));
            if (example.has("moves")) {
                example.path("moves").forEach(m -> types.add(m.path("type").asText()));
            } else {
                types.add(example.path("type").asText());
            }
        }
        return types;
    }

    private record Mover(Account player, long version, List<JsonNode> moves) {}

    /**
     * A game played by random moves (a random kind of move, then one of that kind) until the move kinds wanted were
     * legal at some point, each with the first real legal move seen; the move request examples given are sent as soon
     * as their kind is legal, their moves' values taken from that real move and their version the real one.
     */
    private final class Exploration {
        final String tableId;
        final String gameId;
        final List<Account> players;
        final Map<String, JsonNode> seen = new LinkedHashMap<>();
        final Map<String, JsonNode> answers = new LinkedHashMap<>();
        final Map<String, List<String>> differences = new LinkedHashMap<>();
        private final Map<String, String> requests = new LinkedHashMap<>();
        private final Random random = new Random(20260601L);
        /** The first player's view and a legal-moves answer with moves, as they were when the exploration ended. */
        JsonNode view;

        ObjectNode legal;
        int moves;

        Exploration(String title, Map<String, String> options, String... roles) {
            this(Tables.table(title, names(roles), options), names(roles));
        }

        Exploration(String tableId, List<Account> players) {
            this.tableId = tableId;
            this.players = players;
            if (players.size() > 1 && !started(tableId)) {
                for (Account p : players.subList(1, players.size())) {
                    p.as().post("/api/v1/tables/" + tableId + "/join").then().statusCode(200);
                }
                players.get(0)
                        .as()
                        .post("/api/v1/tables/" + tableId + "/start")
                        .then()
                        .statusCode(200);
            }
            this.gameId = Tables.gameOf(tableId);
        }

        Exploration requests(String... names) {
            for (String name : names) {
                requests.put(name, example(name));
            }
            return this;
        }

        Exploration until(Set<String> types, Predicate<JsonNode> viewReady, int maxMoves) {
            for (; moves < maxMoves; moves++) {
                view = answer(players.get(0).as().get("/api/v1/games/" + gameId), 200);
                // A game that waits for nobody: someone is to act and their clock runs, as the examples show.
                boolean playing =
                        view.path("toAct").isTextual() && view.path("clock").isObject();
                if (seen.keySet().containsAll(types)
                        && requests.isEmpty()
                        && playing
                        && viewReady.test(view)
                        && legal != null) {
                    return this;
                }
                if (!moveOnce()) {
                    sleep();
                }
            }
            throw new AssertionError("game " + gameId + ": after " + maxMoves + " moves, seen " + seen.keySet() + " of "
                    + types + ", unsent " + requests.keySet() + ", the first player's view " + view);
        }

        Exploration untilEnded(int maxMoves) {
            for (int m = 0; m < maxMoves; m++) {
                JsonNode events = events();
                // GameEnded comes with the game's last event, SeedRevealed, in one append.
                if (events.get(events.size() - 1).path("type").asText().equals("tessera.game.SeedRevealed")) {
                    return this;
                }
                if (!moveOnce()) {
                    sleep();
                }
            }
            throw new AssertionError("game " + gameId + " did not end within " + maxMoves + " moves");
        }

        /** One move by whoever may move: a pending request example if its kind is legal, else a random move. */
        private boolean moveOnce() {
            Mover mover = mover();
            if (mover == null) {
                return false;
            }
            mover.moves().forEach(m -> seen.putIfAbsent(m.path("type").asText(), m));
            legal = (ObjectNode) legalMoves(mover.player());
            for (Map.Entry<String, String> request : requests.entrySet()) {
                ObjectNode sent = (ObjectNode) read(request.getValue());
                String type = sent.path("move").path("type").asText();
                JsonNode real = mover.moves().stream()
                        .filter(m -> m.path("type").asText().equals(type))
                        .findFirst()
                        .orElse(null);
                if (real != null) {
                    differences.put(request.getKey(), SHAPES.differences(sent.path("move"), real));
                    sent.put("expectedVersion", mover.version());
                    ObjectNode move = (ObjectNode) sent.path("move");
                    for (String field : fieldNames(move)) {
                        if (real.has(field)) {
                            move.set(field, real.get(field));
                        }
                    }
                    Response answer = mover.player()
                            .as()
                            .contentType(ContentType.JSON)
                            .body(sent.toString())
                            .post("/api/v1/games/" + gameId + "/moves");
                    assertTrue(
                            answer.statusCode() / 100 == 2,
                            request.getKey() + " as " + sent + " was refused: " + answer.statusCode() + " "
                                    + answer.asString());
                    answers.put(request.getKey(), read(answer.asString()));
                    requests.remove(request.getKey());
                    return true;
                }
            }
            Map<String, List<JsonNode>> kinds = mover.moves().stream()
                    .collect(Collectors.groupingBy(
                            m -> m.path("type").asText(), LinkedHashMap::new, Collectors.toList()));
            List<JsonNode> kind = new ArrayList<>(kinds.values()).get(random.nextInt(kinds.size()));
            int status = post(mover.player(), mover.version(), kind.get(random.nextInt(kind.size())))
                    .statusCode();
            // 409: the game moved on meanwhile (a scoring service's answer was recorded); the next round asks again.
            assertTrue(status == 200 || status == 409, "a legal move was refused: " + status);
            return true;
        }

        /** Whoever may move now, with their legal moves; null when nobody may. */
        Mover mover() {
            for (Account p : players) {
                JsonNode legalMoves = legalMoves(p);
                if (!legalMoves.path("moves").isEmpty()) {
                    List<JsonNode> list = new ArrayList<>();
                    legalMoves.path("moves").forEach(list::add);
                    return new Mover(p, legalMoves.path("version").asLong(), list);
                }
            }
            return null;
        }

        /** The legal-moves answer of a player who may not move now while another may. */
        JsonNode notMover() {
            return await().atMost(Duration.ofSeconds(30))
                    .until(
                            () -> {
                                Mover mover = mover();
                                if (mover == null) {
                                    return null;
                                }
                                return players.stream()
                                        .filter(p -> p != mover.player())
                                        .findFirst()
                                        .map(this::legalMoves)
                                        .orElse(null);
                            },
                            a -> a != null && a.path("moves").isEmpty());
        }

        JsonNode legalMoves(Account player) {
            return answer(player.as().get("/api/v1/games/" + gameId + "/legal-moves"), 200);
        }

        Response post(Account player, long version, JsonNode move) {
            ObjectNode body = JSON.createObjectNode();
            body.put("expectedVersion", version);
            body.set("move", move);
            return player.as()
                    .contentType(ContentType.JSON)
                    .body(body.toString())
                    .post("/api/v1/games/" + gameId + "/moves");
        }

        JsonNode events() {
            return answer(given().get("/api/v1/games/" + gameId + "/events?from=0"), 200);
        }

        private boolean started(String table) {
            return !"open"
                    .equals(given().get("/api/v1/tables/" + table)
                            .then()
                            .extract()
                            .path("status"));
        }
    }

    private static List<String> fieldNames(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static void sleep() {
        try {
            Thread.sleep(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    // --- helpers -----------------------------------------------------------------------------------

    /** Fails naming the example and every path where its shape differs from {@code real}. */
    private static void same(String name, String example, JsonNode real) {
        List<String> diffs = SHAPES.differences(read(example), real);
        if (!diffs.isEmpty()) {
            String text = real.toString();
            fail(name + " differs from the real answer:\n  " + String.join("\n  ", diffs) + "\nthe real answer: "
                    + (text.length() > 4000 ? text.substring(0, 4000) + "..." : text));
        }
    }

    private static JsonNode answer(Response response, int status) {
        assertEquals(status, response.statusCode(), response.asString());
        return read(response.asString());
    }

    /** Asks until the answer (a 200) satisfies {@code ready}: the lobby learns of a game's end through Kafka. */
    private static JsonNode awaitAnswer(Supplier<Response> request, Predicate<JsonNode> ready) {
        return await().atMost(Duration.ofSeconds(60)).until(() -> answer(request.get(), 200), ready);
    }

    private static JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String example(String name) {
        try {
            return examples().get(name);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** A player of this test by role, signed up once ("examples-host-…"). */
    private Account player(String role) {
        return fixture("player/" + role, () -> Account.signUp("ex-" + role + "-" + run));
    }

    private List<Account> names(String... roles) {
        return Arrays.stream(roles).map(this::player).toList();
    }

    @SuppressWarnings("unchecked")
    private <T> T fixture(String key, Supplier<T> make) {
        Object value = fixtures.get(key);
        if (value == null) {
            value = make.get();
            fixtures.put(key, value);
        }
        return (T) value;
    }
}
