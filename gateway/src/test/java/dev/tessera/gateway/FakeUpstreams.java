package dev.tessera.gateway;

import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Stands in for lobby-service and game-service in the gateway's tests: a tiny HTTP server that answers
 * every request with what it received (method, path and query, and the player header), so a test can
 * see exactly what the gateway forwards; and the events of games a test declared with {@link #history}.
 * scoring-service stays unreachable, for the 503 path.
 */
@QuarkusTestResource(FakeUpstreams.class)
public class FakeUpstreams implements QuarkusTestResourceLifecycleManager {
    private static HttpServer server;
    private static final Map<String, List<String>> HISTORY = new java.util.concurrent.ConcurrentHashMap<>();
    private static final Map<String, String> ANSWERS = new java.util.concurrent.ConcurrentHashMap<>();

    @Override
    public Map<String, String> start() {
        startOnce();
        String url = "http://127.0.0.1:" + server.getAddress().getPort();
        return Map.of("tessera.upstream.lobby", url, "tessera.upstream.game", url);
    }

    private static synchronized void startOnce() {
        if (server != null) {
            return;
        }
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/api/v1/games/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            if (!path.endsWith("/events")) {
                echo(exchange);
                return;
            }
            String gameId = path.substring("/api/v1/games/".length(), path.length() - "/events".length());
            String query = exchange.getRequestURI().getQuery();
            long from = query != null && query.startsWith("from=") ? Long.parseLong(query.substring(5)) : 0;
            List<String> events = HISTORY.getOrDefault(gameId, List.of());
            String json =
                    "[" + String.join(",", events.subList((int) Math.min(from, events.size()), events.size())) + "]";
            byte[] body = json.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(HISTORY.containsKey(gameId) ? 200 : 404, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.createContext("/", exchange -> {
            String json = ANSWERS.get(exchange.getRequestMethod() + " " + exchange.getRequestURI());
            if (json == null) {
                echo(exchange);
                return;
            }
            byte[] body = json.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> server.stop(0), "fake-upstreams-stop"));
    }

    /** The stream game-service would answer for {@code gameId}: event JSON in version order, version 1 first. */
    public static void history(String gameId, List<String> eventsJson) {
        HISTORY.put(gameId, List.copyOf(eventsJson));
    }

    /** What the service answers to {@code method} on {@code pathAndQuery} instead of the echo. */
    public static void answer(String method, String pathAndQuery, String json) {
        ANSWERS.put(method + " " + pathAndQuery, json);
    }

    private static void echo(com.sun.net.httpserver.HttpExchange exchange) throws IOException {
        {
            String player = exchange.getRequestHeaders().getFirst("X-Tessera-Player");
            String json = "{\"method\": " + quote(exchange.getRequestMethod())
                    + ", \"uri\": " + quote(exchange.getRequestURI().toString())
                    + ", \"player\": " + (player == null ? "null" : quote(player))
                    + ", \"playerHeaders\": "
                    + exchange.getRequestHeaders()
                            .getOrDefault("X-Tessera-Player", java.util.List.of())
                            .size()
                    + "}";
            byte[] body = json.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        }
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    @Override
    public void stop() {
        // Shared by the whole test JVM, like the infrastructure: stopped by the shutdown hook.
    }
}
