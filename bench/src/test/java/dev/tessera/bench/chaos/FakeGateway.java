package dev.tessera.bench.chaos;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * A stand-in for the gateway with just enough of the public API for the bots: sign-up, tables, and a game in which
 * each player in turn has one legal move until {@link #MOVES} moves are made, after which it is over and its events
 * end with a GameEnded; and statistics and exports as a test sets them. Faults are injected per request: {@link #failWith} answers a status instead, {@link #drop}
 * closes the connection without an answer, and {@link #applyThenFail} applies a move and answers 503 all the same.
 */
final class FakeGateway implements AutoCloseable {
    static final int MOVES = 6;
    private static final ObjectMapper JSON = new ObjectMapper();

    private record Game(List<String> players, AtomicInteger version) {}

    private final HttpServer server;
    private final Map<String, String> tables = new ConcurrentHashMap<>(); // table id -> game id, once started
    private final Map<String, List<String>> seated = new ConcurrentHashMap<>();
    private final Map<String, Game> games = new ConcurrentHashMap<>();
    final AtomicInteger applied = new AtomicInteger();
    /** Requests (method and path) answered with a status instead of being served, and that status. */
    volatile Predicate<String> failWith = r -> false;

    volatile int failStatus = 503;
    volatile Predicate<String> drop = r -> false;
    volatile Predicate<String> applyThenFail = r -> false;
    /** What GET /api/v1/stats/{title} answers, and the lines of GET /api/v1/exports/events?game={title}, by title. */
    final Map<String, JsonNode> stats = new ConcurrentHashMap<>();

    final Map<String, List<String>> exports = new ConcurrentHashMap<>();

    FakeGateway() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newFixedThreadPool(8));
        server.createContext("/", this::handle);
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private void handle(HttpExchange x) throws IOException {
        String request = x.getRequestMethod() + " " + x.getRequestURI();
        byte[] body = x.getRequestBody().readAllBytes();
        if (drop.test(request)) {
            x.close(); // no answer: the client sees the connection end
            return;
        }
        if (failWith.test(request)) {
            answer(
                    x,
                    failStatus,
                    JSON.createObjectNode().put("status", failStatus).put("detail", "injected"));
            return;
        }
        String[] p = x.getRequestURI().getPath().split("/"); // "", api, v1, what, id, action
        String player = auth(x);
        ObjectNode out = JSON.createObjectNode();
        switch (p[3]) {
            case "players" -> {
                String id = UUID.randomUUID().toString();
                answer(x, 201, out.put("id", id).put("token", id));
            }
            case "tables" -> table(x, p, player, out);
            case "games" -> game(x, request, p, player, body, out);
            case "stats" -> answer(x, 200, stats.get(p[4]));
            case "exports" -> {
                byte[] lines = String.join(
                                "\n",
                                exports.get(java.util.Arrays.stream(
                                                x.getRequestURI().getQuery().split("&"))
                                        .filter(q -> q.startsWith("game="))
                                        .findFirst()
                                        .orElse("game=")
                                        .substring("game=".length())))
                        .getBytes(StandardCharsets.UTF_8);
                x.getResponseHeaders().add("Content-Type", "application/x-ndjson");
                x.sendResponseHeaders(200, lines.length);
                try (OutputStream o = x.getResponseBody()) {
                    o.write(lines);
                }
            }
            default -> answer(x, 404, out.put("status", 404));
        }
    }

    private void table(HttpExchange x, String[] p, String player, ObjectNode out) throws IOException {
        if (p.length == 4) {
            String id = UUID.randomUUID().toString();
            seated.put(id, new java.util.concurrent.CopyOnWriteArrayList<>(List.of(player)));
            answer(x, 201, out.put("id", id));
        } else if (p.length == 5) {
            answer(x, 200, out.put("id", p[4]).put("gameId", tables.get(p[4])));
        } else if (p[5].equals("join")) {
            boolean already = seated.get(p[4]).contains(player);
            seated.get(p[4]).add(player);
            answer(x, already ? 409 : 200, already ? out.put("rule", "already-seated") : out);
        } else {
            String game = "game-" + p[4];
            games.putIfAbsent(game, new Game(List.copyOf(seated.get(p[4])), new AtomicInteger(1)));
            tables.put(p[4], game);
            answer(x, 200, out);
        }
    }

    private void game(HttpExchange x, String request, String[] p, String player, byte[] body, ObjectNode out)
            throws IOException {
        Game g = games.get(p[4]);
        int version = g.version().get();
        int moves = version - 1;
        String toAct = moves < MOVES ? g.players().get(moves % g.players().size()) : null;
        if (p.length == 5) {
            answer(x, 200, out.put("over", moves >= MOVES).put("version", version));
        } else if (p[5].equals("legal-moves")) {
            out.put("version", version).put("toAct", toAct);
            if (player.equals(toAct)) {
                out.putArray("moves").addObject().put("type", "step");
            } else {
                out.putArray("moves");
            }
            answer(x, 200, out);
        } else if (p[5].equals("events")) {
            var events = JSON.createArrayNode();
            if (moves >= MOVES) {
                events.addObject().put("type", "tessera.game.GameEnded");
            }
            answer(x, 200, events);
        } else {
            JsonNode move = JSON.readTree(body);
            if (!player.equals(toAct)
                    || move.path("expectedVersion").asInt() != version
                    || !g.version().compareAndSet(version, version + 1)) {
                answer(x, 409, out.put("currentVersion", version));
                return;
            }
            applied.incrementAndGet();
            if (applyThenFail.test(request)) {
                answer(x, 503, out.put("status", 503));
                return;
            }
            answer(x, 200, out.put("version", version + 1));
        }
    }

    private static String auth(HttpExchange x) {
        String header = x.getRequestHeaders().getFirst("Authorization");
        return header == null ? "" : header.substring("Bearer ".length());
    }

    private static void answer(HttpExchange x, int status, JsonNode body) throws IOException {
        byte[] bytes = JSON.writeValueAsString(body).getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().add("Content-Type", "application/json");
        x.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = x.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
