package dev.tessera.e2e;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.client.ApiClient;
import dev.tessera.client.ApiException;
import dev.tessera.client.api.GamesApi;
import dev.tessera.client.api.PlayersApi;
import dev.tessera.client.api.TablesApi;
import dev.tessera.client.model.CloudEvent;
import dev.tessera.client.model.GameView;
import dev.tessera.client.model.LegalMoves;
import dev.tessera.client.model.Move;
import dev.tessera.client.model.MoveRequest;
import dev.tessera.client.model.MoveResult;
import dev.tessera.client.model.OpenTableRequest;
import dev.tessera.client.model.Problem;
import dev.tessera.client.model.SignUpRequest;
import dev.tessera.client.model.SignedUp;
import dev.tessera.client.model.Table;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A client generated from the gateway's API document (gateway/target/openapi/openapi.json, by
 * openapi-generator-maven-plugin in this module's build) plays a whole Alhambra game for three: sign-up,
 * table, moves, the scoring rounds scoring-service answers, the final standings. Every call goes through the
 * generated classes; only the live feed (server-sent events, which generated clients do not stream) is read
 * with java.net.http, at the path and with the header names the document gives.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GeneratedClientIT {
    private static final String GAME_STARTED = "tessera.game.GameStarted";
    private static final String GAME_ENDED = "tessera.game.GameEnded";
    private static final int MAX_MOVES = 5000;

    private final ObjectMapper json = ApiClient.createDefaultObjectMapper();
    private String gateway;
    private String watcher;

    /** A player as the client holds them: the id, and the generated APIs acting with their token. */
    private record Seat(String id, String name, TablesApi tables, GamesApi games) {}

    @BeforeAll
    void start() {
        gateway = Platform.shared().gateway();
    }

    @Test
    void a_generated_client_plays_a_whole_alhambra_game_and_the_live_feed_delivers_it() throws Exception {
        long started = System.nanoTime();
        PlayersApi signUp = new PlayersApi(client(null));
        List<Seat> seats = new ArrayList<>();
        for (String name : List.of("client-ana", "client-bob", "client-cyd")) {
            SignedUp player = signUp.signUp(new SignUpRequest().name(name));
            assertEquals(name, player.getName());
            ApiClient asPlayer = client(player.getToken());
            assertEquals(player.getId(), new PlayersApi(asPlayer).getMe().getId());
            seats.add(new Seat(player.getId().toString(), name, new TablesApi(asPlayer), new GamesApi(asPlayer)));
        }

        // A registered player at no table: the spectator that watches the lobby, the game and its feed.
        watcher = signUp.signUp(new SignUpRequest().name("client-watcher")).getToken();

        Seat host = seats.get(0);
        Table table = host.tables()
                .openTable(new OpenTableRequest()
                        .game(OpenTableRequest.GameEnum.ALHAMBRA)
                        .seats(3));
        assertEquals(Table.StatusEnum.OPEN, table.getStatus());
        for (Seat guest : seats.subList(1, seats.size())) {
            guest.tables().joinTable(table.getId());
        }
        assertEquals(
                seats.stream().map(Seat::id).toList(),
                host.tables().startTable(table.getId()).getPlayers());
        TablesApi lobby = new TablesApi(client(watcher));
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> lobby.getTable(table.getId()).getGameId() != null);
        String gameId = lobby.getTable(table.getId()).getGameId();

        try (LiveFeed feed = LiveFeed.open(http(), gateway, json.readTree(document()), gameId, watcher)) {
            Played played = play(gameId, seats);

            GamesApi spectator = new GamesApi(client(watcher));
            List<CloudEvent> events = spectator.getGameEvents(gameId, 0L);
            long last = events.get(events.size() - 1).getStreamversion();
            for (int i = 0; i < events.size(); i++) {
                assertEquals(i + 1L, events.get(i).getStreamversion(), "the stream is numbered from 1 without gaps");
            }
            assertEquals(GAME_ENDED, events.get(events.size() - 2).getType(), "GameEnded comes before the last event");
            assertEquals(
                    "tessera.game.SeedRevealed",
                    events.get(events.size() - 1).getType(),
                    "the last event reveals the seed");
            assertTrue(played.moves() > 100, "a whole game takes more than " + played.moves() + " moves");
            assertEquals(
                    3,
                    events.stream()
                            .filter(e -> e.getType().equals("tessera.alhambra.PointsAwarded"))
                            .count(),
                    "scoring-service scored the three rounds");

            // The final standings: every player once, best first, ranks from 1.
            Map<String, Object> ended = events.get(events.size() - 2).getData();
            List<Map<String, Object>> standings = listOfMaps(ended.get("standings"));
            assertEquals(
                    Set.copyOf(seats.stream().map(Seat::id).toList()),
                    standings.stream().map(s -> (String) s.get("player")).collect(Collectors.toSet()));
            assertEquals(1, ((Number) standings.get(0).get("rank")).intValue());
            for (int i = 1; i < standings.size(); i++) {
                assertTrue(
                        ((Number) standings.get(i - 1).get("score")).intValue()
                                >= ((Number) standings.get(i).get("score")).intValue(),
                        "best first: " + standings);
            }
            GameView view = host.games().getGame(gameId, null, null, null);
            assertTrue(view.getOver());
            assertEquals(last, view.getVersion());
            await().atMost(Duration.ofSeconds(30))
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> lobby.getTable(table.getId()).getStatus() == Table.StatusEnum.FINISHED);

            // The live feed, open since before the first move: every event once, in order, as the events endpoint has
            // it.
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> feed.received().size() >= last || feed.failure() != null);
            assertEquals(null, feed.failure(), "the live feed failed");
            List<LiveFeed.Event> received = List.copyOf(feed.received());
            assertEquals(events.size(), received.size(), "the feed delivered each event once");
            for (int i = 0; i < events.size(); i++) {
                CloudEvent expected = events.get(i);
                LiveFeed.Event got = received.get(i);
                assertEquals(
                        String.valueOf(expected.getStreamversion()), got.id(), "SSE id = stream version, in order");
                assertEquals(expected.getType(), got.name());
                JsonNode data = json.readTree(got.data());
                assertEquals(expected.getId(), data.path("id").asText(), "the same event as the events endpoint's");
                assertEquals(
                        expected.getStreamversion().longValue(),
                        data.path("streamversion").asLong());
                assertEquals(expected.getType(), data.path("type").asText());
            }
            // Nothing a player should not see: the seed every draw derives from is not in GameStarted.
            JsonNode start = json.readTree(received.get(0).data());
            assertEquals(GAME_STARTED, start.path("type").asText());
            assertFalse(start.path("data").has("seed"), "GameStarted carries no seed on the live feed");
            assertFalse(
                    events.get(0).getData().containsKey("seed"), "GameStarted carries no seed on the events endpoint");
            assertEquals(
                    seats.stream().map(Seat::id).toList(),
                    events.get(0).getData().get("players"));

            System.out.printf(
                    "GeneratedClientIT: %d moves (%d asked again after a 409), %d events, in %d s%n",
                    played.moves(),
                    played.conflicts(),
                    events.size(),
                    Duration.ofNanos(System.nanoTime() - started).toSeconds());
        }
    }

    private record Played(int moves, int conflicts) {}

    /**
     * Whoever has legal moves plays one of them, with the version it saw, until the game has ended. A random
     * kind of move first, then one of that kind (so plentiful kinds do not crowd out the others), redesigns
     * only now and then: they rearrange an Alhambra without moving the game on.
     */
    private Played play(String gameId, List<Seat> seats) throws ApiException, InterruptedException {
        Random random = new Random(20260601L);
        GamesApi spectator = new GamesApi(client(watcher));
        int moves = 0;
        int conflicts = 0;
        int next = 0;
        long seen = 0;
        long waitingSince = 0;
        while (moves < MAX_MOVES) {
            boolean moved = false;
            for (int k = 0; k < seats.size() && !moved; k++) {
                Seat seat = seats.get((next + k) % seats.size());
                // No minVersion: this loop polls each seat until the game moves on, so it asks for the game now.
                LegalMoves legal = seat.games().getLegalMoves(gameId, null);
                if (legal.getMoves().isEmpty()) {
                    continue;
                }
                Move move = choose(legal.getMoves(), random);
                try {
                    MoveResult result = seat.games()
                            .playMove(
                                    gameId,
                                    new MoveRequest()
                                            .expectedVersion(legal.getVersion())
                                            .move(move));
                    assertTrue(result.getVersion() > legal.getVersion());
                    assertFalse(result.getEvents().isEmpty());
                    // The generated model carries the mover's next moves exactly when they act again.
                    assertEquals(
                            seat.id().equals(result.getToAct()),
                            result.getLegalMoves() != null
                                    && !result.getLegalMoves().isEmpty(),
                            "legalMoves " + result.getLegalMoves() + " for toAct " + result.getToAct());
                    moves++;
                } catch (ApiException e) {
                    if (e.getCode() != 409) {
                        throw new AssertionError(
                                "move " + move + " at version " + legal.getVersion() + " was refused: " + e.getCode()
                                        + " " + e.getResponseBody(),
                                e);
                    }
                    // The game moved on meanwhile (a scoring round's points were recorded): ask again.
                    Problem problem = readProblem(e);
                    assertEquals("version-conflict", problem.getRule(), e.getResponseBody());
                    conflicts++;
                }
                next = (next + k) % seats.size();
                moved = true;
            }
            if (!moved) {
                // Nobody may move: the game waits for scoring-service (a scoring round, the final standings), or it has
                // ended.
                List<CloudEvent> newer = spectator.getGameEvents(gameId, seen);
                if (!newer.isEmpty()) {
                    seen = newer.get(newer.size() - 1).getStreamversion();
                }
                if (newer.stream().anyMatch(e -> e.getType().equals(GAME_ENDED))) {
                    return new Played(moves, conflicts);
                }
                if (!newer.isEmpty()) {
                    waitingSince = 0;
                } else if (waitingSince == 0) {
                    waitingSince = System.nanoTime();
                } else if (System.nanoTime() - waitingSince
                        > Duration.ofSeconds(60).toNanos()) {
                    throw new AssertionError("game " + gameId + " waited a minute with nobody to move and nothing new: "
                            + spectator.getGame(gameId, null, null, null));
                } else {
                    Thread.sleep(100);
                }
            } else {
                waitingSince = 0;
            }
        }
        throw new AssertionError("game " + gameId + " did not end within " + MAX_MOVES + " moves");
    }

    private static Move choose(List<Move> moves, Random random) {
        Map<String, List<Move>> kinds =
                moves.stream().collect(Collectors.groupingBy(Move::getType, LinkedHashMap::new, Collectors.toList()));
        List<String> progressing =
                kinds.keySet().stream().filter(k -> !k.startsWith("redesign-")).toList();
        List<String> pool =
                progressing.isEmpty() || random.nextInt(10) == 0 ? List.copyOf(kinds.keySet()) : progressing;
        List<Move> kind = kinds.get(pool.get(random.nextInt(pool.size())));
        return kind.get(random.nextInt(kind.size()));
    }

    private Problem readProblem(ApiException e) {
        try {
            return json.readValue(e.getResponseBody(), Problem.class);
        } catch (IOException io) {
            throw new AssertionError("a 409 that is not a problem: " + e.getResponseBody(), io);
        }
    }

    /** The generated ApiClient against the gateway, sending {@code token} as a bearer token when there is one. */
    private ApiClient client(String token) {
        ApiClient client = new ApiClient();
        client.updateBaseUri(gateway);
        if (token != null) {
            client.setRequestInterceptor(request -> request.header("Authorization", "Bearer " + token));
        }
        return client;
    }

    private static HttpClient http() {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    /** The API document, as a client developer would read it. */
    private String document() throws IOException, InterruptedException {
        HttpResponse<String> answer = http().send(
                        HttpRequest.newBuilder(URI.create(gateway + "/q/openapi?format=json"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertEquals(200, answer.statusCode());
        return answer.body();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> listOfMaps(Object value) {
        assertNotNull(value);
        return (List<Map<String, Object>>) value;
    }

    /**
     * GET /api/v1/games/{id}/live read as server-sent events: each event's id, name and data, as they arrive,
     * on a thread of its own. The path, the {@code from} parameter and the resume header are taken from the
     * document's {@code followGame} operation.
     */
    static final class LiveFeed implements AutoCloseable {
        record Event(String id, String name, String data) {}

        private final List<Event> received = new CopyOnWriteArrayList<>();
        private volatile InputStream body;
        private volatile Throwable failure;
        private volatile boolean closed;

        static LiveFeed open(HttpClient http, String gateway, JsonNode document, String gameId, String token)
                throws IOException, InterruptedException {
            String path = null;
            JsonNode operation = null;
            for (Iterator<Map.Entry<String, JsonNode>> paths =
                            document.path("paths").fields();
                    paths.hasNext() && operation == null; ) {
                Map.Entry<String, JsonNode> p = paths.next();
                if ("followGame"
                        .equals(p.getValue().path("get").path("operationId").asText())) {
                    path = p.getKey();
                    operation = p.getValue().path("get");
                }
            }
            assertNotNull(operation, "the document has no followGame operation");
            String from = null;
            String resumeHeader = null;
            for (JsonNode parameter : operation.path("parameters")) {
                switch (parameter.path("in").asText()) {
                    case "path" ->
                        path = path.replace(
                                "{" + parameter.path("name").asText() + "}",
                                URLEncoder.encode(gameId, StandardCharsets.UTF_8));
                    case "query" -> from = parameter.path("name").asText();
                    case "header" -> resumeHeader = parameter.path("name").asText();
                    default -> {}
                }
            }
            assertEquals("from", from);
            assertEquals("Last-Event-ID", resumeHeader);
            assertTrue(operation.path("responses").path("200").path("content").has("text/event-stream"));

            HttpResponse<InputStream> answer = http.send(
                    HttpRequest.newBuilder(URI.create(gateway + path + "?" + from + "=0"))
                            .header("Accept", "text/event-stream")
                            .header("Authorization", "Bearer " + token)
                            .build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            assertEquals(200, answer.statusCode());
            assertTrue(answer.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream"));
            LiveFeed feed = new LiveFeed();
            feed.body = answer.body();
            Thread reader = new Thread(feed::read, "live-feed-" + gameId);
            reader.setDaemon(true);
            reader.start();
            return feed;
        }

        /** The SSE format: fields id, event and data, one per line; an empty line ends an event; ':' starts a comment. */
        private void read() {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8))) {
                String id = null;
                String name = null;
                StringBuilder data = null;
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    if (line.isEmpty()) {
                        if (data != null) {
                            received.add(new Event(id, name, data.toString()));
                        }
                        id = null;
                        name = null;
                        data = null;
                    } else if (!line.startsWith(":")) {
                        int colon = line.indexOf(':');
                        String field = colon < 0 ? line : line.substring(0, colon);
                        String value =
                                colon < 0 ? "" : line.substring(colon + 1).replaceFirst("^ ", "");
                        switch (field) {
                            case "id" -> id = value;
                            case "event" -> name = value;
                            case "data" ->
                                data = data == null
                                        ? new StringBuilder(value)
                                        : data.append('\n').append(value);
                            default -> {}
                        }
                    }
                }
            } catch (IOException | UncheckedIOException e) {
                if (!closed) {
                    failure = e;
                }
            }
        }

        List<Event> received() {
            return received;
        }

        Throwable failure() {
            return failure;
        }

        @Override
        public void close() throws IOException {
            closed = true;
            body.close();
        }
    }
}
