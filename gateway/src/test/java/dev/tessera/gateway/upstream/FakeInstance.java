package dev.tessera.gateway.upstream;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One instance of a service, in the style of {@code FakeUpstreams}: a real HTTP server that answers every request
 * with its own name and what it received, and counts the requests it got by method and path. A path or query that
 * contains {@code hang-up} is read and then the connection closed without an answer (the instance died
 * mid-request); {@code stall} is never answered until {@link #release()}; {@code busy} is the service's own 503
 * problem with {@code Retry-After: 7}, and {@code out-of-reach-<its name>} the same from this instance only; a query parameter whose value is {@code invalid} is the service's 400 problem
 * naming it as the {@code field}. Exports ({@code /api/v1/exports/events}) answer two NDJSON lines. {@link #down()}
 * closes its port (a connection is refused, as to an instance that died) until {@link #up()} opens it again.
 */
final class FakeInstance {
    private final String name;
    private final int port;
    private volatile HttpServer server;
    private final Map<String, AtomicInteger> received = new ConcurrentHashMap<>();
    private final CountDownLatch released = new CountDownLatch(1);

    FakeInstance(String name) {
        this.name = name;
        server = listen(0);
        port = server.getAddress().getPort();
    }

    private HttpServer listen(int port) {
        HttpServer created;
        try {
            created = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // A thread per exchange: a stalled request must not hold up the others.
        created.setExecutor(Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "fake-" + name);
            t.setDaemon(true);
            return t;
        }));
        created.createContext("/", this::handle);
        created.start();
        return created;
    }

    String url() {
        return "http://127.0.0.1:" + port;
    }

    /** The address the gateway knows it by, as {@link Affinity} reads it. */
    String address() {
        return "127.0.0.1:" + port;
    }

    /** Closes the port and every connection to it: the instance died. */
    synchronized void down() {
        if (server != null) {
            server.stop(0);
            server = null;
        }
    }

    /** Listens on the same port again, counting on from before: the instance is back. */
    synchronized void up() {
        if (server == null) {
            server = listen(port);
        }
    }

    String name() {
        return name;
    }

    /** How many requests {@code method} on a path that starts with {@code pathPrefix} reached this instance. */
    int received(String method, String pathPrefix) {
        return received.entrySet().stream()
                .filter(e -> e.getKey().startsWith(method + " " + pathPrefix))
                .mapToInt(e -> e.getValue().get())
                .sum();
    }

    /** The name of the first query parameter whose value is {@code invalid}; null when none is. */
    private static String invalidParameter(String query) {
        if (query == null) {
            return null;
        }
        for (String pair : query.split("&")) {
            if (pair.endsWith("=invalid")) {
                return pair.substring(0, pair.length() - "=invalid".length());
            }
        }
        return null;
    }

    void release() {
        released.countDown();
    }

    void stop() {
        release();
        down();
    }

    private void handle(HttpExchange exchange) throws IOException {
        String uri = exchange.getRequestURI().toString();
        received.computeIfAbsent(
                        exchange.getRequestMethod() + " "
                                + exchange.getRequestURI().getPath(),
                        k -> new AtomicInteger())
                .incrementAndGet();
        exchange.getRequestBody().readAllBytes();
        if (uri.contains("hang-up")) {
            exchange.close();
            return;
        }
        if (uri.contains("stall")) {
            try {
                released.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
            return;
        }
        // "out-of-reach-game-1": only that instance answers 503, as one whose database is cut off.
        if (uri.contains("busy") || uri.contains("out-of-reach-" + name)) {
            byte[] problem =
                    ("{\"type\": \"https://tessera.dev/problems/service-unavailable\", \"status\": 503, \"instance\": \""
                                    + name + "\"}")
                            .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/problem+json");
            exchange.getResponseHeaders().add("Retry-After", "7");
            boolean export = exchange.getRequestURI().getPath().equals("/api/v1/exports/events");
            exchange.sendResponseHeaders(503, export ? 0 : problem.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(problem);
            }
            return;
        }
        String invalid = invalidParameter(exchange.getRequestURI().getRawQuery());
        if (invalid != null) {
            byte[] problem = ("{\"type\": \"https://tessera.dev/problems/invalid-field\", \"title\": \"Invalid request "
                            + "field\", \"status\": 400, \"detail\": \"" + invalid + " is invalid\", \"field\": \""
                            + invalid
                            + "\", \"instance\": \"" + name + "\"}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/problem+json");
            exchange.sendResponseHeaders(400, problem.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(problem);
            }
            return;
        }
        String json = "{\"instance\": \"" + name + "\", \"method\": \"" + exchange.getRequestMethod()
                + "\", \"uri\": \"" + uri.replace("\"", "%22") + "\"}";
        if (exchange.getRequestURI().getPath().equals("/api/v1/exports/events")) {
            exchange.getResponseHeaders().add("Content-Type", "application/x-ndjson");
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write((json + "\n" + json + "\n").getBytes(StandardCharsets.UTF_8));
            }
            return;
        }
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }
}
