package dev.tessera.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The public API as a third-party client sees it: JSON over HTTP with a bearer token, through one gateway or
 * several. With a patience (the chaos load's), the client rides out an outage the way a careful one does: a 503
 * is sent again after Retry-After (or a second), and a connection that is refused or breaks is tried on the next
 * gateway (standing in for a load balancer when there is none), until the patience runs out.
 */
public final class Api {
    static final ObjectMapper JSON = new ObjectMapper();
    /** How much of an unexpected answer's body a report keeps. */
    private static final int EXCERPT = 300;

    static {
        // Idle keep-alive connections kept per server (the JDK's default is 5): one per bench thread.
        System.setProperty("http.maxConnections", "256");
    }

    private final List<String> bases;
    /** The gateway tried first; moves on for everyone when a connection to it fails. */
    private final AtomicInteger current = new AtomicInteger();

    private final long patienceNanos;
    private volatile boolean halted;
    /** Answers retried, by status (429, 503), and connections retried on another gateway or later ("connection"). */
    private final Map<String, AtomicLong> retried = new ConcurrentHashMap<>();

    /** One gateway; a 429 is waited out, and anything else (a 503, a failed connection) goes to the caller at once. */
    public Api(String base) {
        this(List.of(base), Duration.ZERO);
    }

    /** Several gateways, tried in turn when a connection fails; 503s and failed connections retried within {@code patience}. */
    public Api(List<String> bases, Duration patience) {
        if (bases.isEmpty()) {
            throw new IllegalArgumentException("no gateway to talk to");
        }
        this.bases = bases.stream()
                .map(b -> b.endsWith("/") ? b.substring(0, b.length() - 1) : b)
                .toList();
        this.patienceNanos = patience.toNanos();
    }

    /**
     * An answer: its status and JSON body (a text node holding the start of a body that is not JSON), its time, and
     * its Retry-After in seconds (0 when it has none).
     */
    public record Answer(String method, String path, int status, JsonNode body, long nanos, long retryAfter) {
        /** The body as a report shows it. */
        public String excerpt() {
            String text = body.isTextual() ? body.asText() : body.toString();
            return text.length() <= EXCERPT ? text : text.substring(0, EXCERPT) + "…";
        }
    }

    /** The request could not be served by any gateway within the patience. */
    public static final class Unreachable extends UncheckedIOException {
        private final String method;
        private final String path;

        Unreachable(String method, String path, String what, IOException last) {
            super(method + " " + path + ": " + what, last);
            this.method = method;
            this.path = path;
        }

        public String method() {
            return method;
        }

        public String path() {
            return path;
        }
    }

    /** A request after {@link #halt()}, or a retry it cut short: given up, not failed. */
    public static final class Halted extends RuntimeException {
        Halted(String what) {
            super(what);
        }
    }

    /** Requests the gateway answered 429 (rate-limited) and that were sent again after Retry-After. */
    long rateLimited() {
        return retried("429");
    }

    /** How many answers of {@code what} ("429", "503", "connection") were retried. */
    public long retried(String what) {
        AtomicLong n = retried.get(what);
        return n == null ? 0 : n.get();
    }

    /** Every retry count, by what was retried. */
    public Map<String, Long> retried() {
        Map<String, Long> all = new TreeMap<>();
        retried.forEach((k, v) -> all.put(k, v.get()));
        return all;
    }

    /** Counts a retry the caller made itself (a 409 on a move, say). */
    public void countRetry(String what) {
        retried.computeIfAbsent(what, k -> new AtomicLong()).incrementAndGet();
    }

    /**
     * From now on no request is sent or retried (each throws {@link Halted}); exchanges under way end as they
     * would have. How a load stops without waiting out a platform that is down.
     */
    public void halt() {
        halted = true;
    }

    public Answer get(String path, String token) {
        return exchange("GET", path, null, token);
    }

    public Answer post(String path, Object body, String token) {
        try {
            return exchange("POST", path, body == null ? new byte[0] : JSON.writeValueAsBytes(body), token);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /**
     * A GET whose 200 answer is read line by line (an NDJSON export), each line handed to {@code each} as it
     * arrives. Retried as any request until its answer starts; a connection that breaks in the middle fails it
     * (lines already handed over cannot be taken back). Any other status is answered as usual, nothing handed over.
     */
    public Answer lines(String path, String token, Consumer<String> each) {
        return retrying("GET", path, () -> {
            long start = System.nanoTime();
            HttpURLConnection c = open("GET", path, token, base(), "application/x-ndjson, application/problem+json");
            int status = c.getResponseCode();
            if (status != 200) {
                return answer("GET", path, c, status, start);
            }
            try (BufferedReader in =
                    new BufferedReader(new InputStreamReader(c.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    if (!line.isBlank()) {
                        each.accept(line);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("GET " + path + " broke off: " + e.getMessage(), e);
            }
            return new Answer("GET", path, 200, JSON.nullNode(), System.nanoTime() - start, 0);
        });
    }

    /**
     * One request, sent again as a well-behaved client does: after a 429 (the gateway's rate limit, per player and
     * per address for anonymous sign-ups) as long as Retry-After says, and with a patience after a 503 or a failed
     * connection too. The answer's time is the last exchange's; the retries are counted.
     */
    private Answer exchange(String method, String path, byte[] body, String token) {
        return retrying(method, path, () -> send(method, path, body, token));
    }

    private interface Exchange {
        Answer run() throws IOException;
    }

    /**
     * The retry policy around one exchange: 429 always (up to 30 times without a patience, as the load benchmark
     * always did), and with a patience 503 and failed connections too, until it runs out.
     */
    private Answer retrying(String method, String path, Exchange exchange) {
        long deadline = System.nanoTime() + patienceNanos;
        int failedInARow = 0;
        for (int tries = 0; ; tries++) {
            if (halted) {
                throw new Halted(method + " " + path);
            }
            Answer a;
            try {
                a = exchange.run();
                failedInARow = 0;
            } catch (IOException e) {
                if (patienceNanos == 0) {
                    throw new UncheckedIOException(method + " " + path + ": " + e.getMessage(), e);
                }
                if (System.nanoTime() > deadline) {
                    throw new Unreachable(
                            method,
                            path,
                            "no gateway answered within "
                                    + Duration.ofNanos(patienceNanos).toSeconds() + " s (last: " + e + ")",
                            e);
                }
                countRetry("connection");
                // Every gateway failed once in a row: wait a little before the next round.
                if (++failedInARow % bases.size() == 0) {
                    pause(1000);
                }
                next();
                continue;
            }
            boolean again =
                    a.status() == 429 ? patienceNanos > 0 || tries < 30 : a.status() == 503 && patienceNanos > 0;
            if (!again || (patienceNanos > 0 && System.nanoTime() > deadline)) {
                return a;
            }
            countRetry(Integer.toString(a.status()));
            pause(Math.max(1, a.retryAfter()) * 1000);
        }
    }

    private String base() {
        return bases.get(Math.floorMod(current.get(), bases.size()));
    }

    private void next() {
        current.incrementAndGet();
    }

    /** Signs a player up and returns their token. */
    public Player signUp(String name) {
        Answer a = post("/api/v1/players", Map.of("name", name), null);
        if (a.status() != 201) {
            throw new IllegalStateException("sign-up of " + name + " failed: " + a.status() + " " + a.body());
        }
        return Player.of(a);
    }

    public record Player(String id, String token) {
        /** The player a sign-up's answer (201) introduces. */
        public static Player of(Answer signedUp) {
            return new Player(
                    signedUp.body().get("id").asText(),
                    signedUp.body().get("token").asText());
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * One blocking HTTP/1.1 exchange on a kept-alive connection. {@link HttpURLConnection} rather than the JDK's
     * {@code HttpClient}: the bench calls from one thread per game and waits anyway, and the asynchronous
     * client's machinery (selector thread, futures, hand-offs) took CPU from the platform being measured.
     */
    private Answer send(String method, String path, byte[] body, String token) throws IOException {
        long start = System.nanoTime();
        HttpURLConnection c = open(method, path, token, base(), "application/json");
        if (body != null) {
            c.setDoOutput(true);
            c.setRequestProperty("Content-Type", "application/json");
            c.setFixedLengthStreamingMode(body.length);
            try (OutputStream out = c.getOutputStream()) {
                out.write(body);
            }
        }
        return answer(method, path, c, c.getResponseCode(), start);
    }

    private static HttpURLConnection open(String method, String path, String token, String base, String accept)
            throws IOException {
        HttpURLConnection c =
                (HttpURLConnection) URI.create(base + path).toURL().openConnection();
        c.setRequestMethod(method);
        c.setConnectTimeout(5_000);
        c.setReadTimeout(30_000);
        c.setRequestProperty("Accept", accept);
        if (token != null) {
            c.setRequestProperty("Authorization", "Bearer " + token);
        }
        return c;
    }

    private static Answer answer(String method, String path, HttpURLConnection c, int status, long start)
            throws IOException {
        byte[] bytes;
        // Read to the end and close the stream (not disconnect): the connection goes back to the keep-alive cache.
        try (InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream()) {
            bytes = in == null ? new byte[0] : in.readAllBytes();
        }
        long nanos = System.nanoTime() - start;
        JsonNode json = parse(bytes);
        String header = c.getHeaderField("Retry-After");
        long retryAfter = header != null && header.matches("\\d+")
                ? Long.parseLong(header)
                : json.path("retryAfter").asLong(0);
        return new Answer(method, path, status, json, nanos, retryAfter);
    }

    /** The body as JSON; one that is not (a proxy's error page, a cut answer) is kept as text for the report. */
    private static JsonNode parse(byte[] bytes) {
        if (bytes.length == 0) {
            return JSON.nullNode();
        }
        try {
            return JSON.readTree(bytes);
        } catch (IOException e) {
            String text = new String(bytes, 0, Math.min(bytes.length, EXCERPT * 2), StandardCharsets.UTF_8);
            return TextNode.valueOf(text);
        }
    }
}
