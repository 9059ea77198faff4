package dev.tessera.gateway;

import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Stands in for lobby-service and game-service in the gateway's tests: a tiny HTTP server that answers
 * every request with what it received (method, path and query, and the player header), so a test can
 * see exactly what the gateway forwards. scoring-service stays unreachable, for the 503 path.
 */
@QuarkusTestResource(FakeUpstreams.class)
public class FakeUpstreams implements QuarkusTestResourceLifecycleManager {
    private static HttpServer server;

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
        server.createContext("/", exchange -> {
            String player = exchange.getRequestHeaders().getFirst("X-Tessera-Player");
            String json = "{\"method\": " + quote(exchange.getRequestMethod())
                    + ", \"uri\": " + quote(exchange.getRequestURI().toString())
                    + ", \"player\": " + (player == null ? "null" : quote(player))
                    + ", \"playerHeaders\": " + exchange.getRequestHeaders().getOrDefault("X-Tessera-Player", java.util.List.of()).size()
                    + "}";
            byte[] body = json.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> server.stop(0), "fake-upstreams-stop"));
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    @Override
    public void stop() {
        // Shared by the whole test JVM, like the infrastructure: stopped by the shutdown hook.
    }
}
