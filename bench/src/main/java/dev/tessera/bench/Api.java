package dev.tessera.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/** The public API as a third-party client sees it: JSON over HTTP with a bearer token. */
final class Api {
    static final ObjectMapper JSON = new ObjectMapper();

    static {
        // Idle keep-alive connections kept per server (the JDK's default is 5): one per bench thread.
        System.setProperty("http.maxConnections", "256");
    }
    private final String base;

    Api(String base) {
        this.base = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    }

    record Answer(int status, JsonNode body, long nanos) {
    }

    /** Requests the gateway answered 429 (rate-limited) and that were sent again after Retry-After. */
    private final AtomicLong rateLimited = new AtomicLong();

    long rateLimited() {
        return rateLimited.get();
    }

    Answer get(String path, String token) {
        return exchange("GET", path, null, token);
    }

    Answer post(String path, Object body, String token) {
        try {
            return exchange("POST", path, body == null ? new byte[0] : JSON.writeValueAsBytes(body), token);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * As a well-behaved client does with the gateway's rate limit (per player, and per address for anonymous
     * sign-ups): on a 429, wait as long as Retry-After says and send the request again. Bots that act many times
     * a second as one player meet it; the answer's time is the last exchange's, and the waits are counted.
     */
    private Answer exchange(String method, String path, byte[] body, String token) {
        Answer a = send(method, path, body, token);
        for (int tries = 0; a.status() == 429 && tries < 30; tries++) {
            rateLimited.incrementAndGet();
            pause(a.body().path("retryAfter").asLong(1) * 1000);
            a = send(method, path, body, token);
        }
        return a;
    }

    /** Signs a player up and returns their token. */
    Player signUp(String name) {
        Answer a = post("/api/v1/players", Map.of("name", name), null);
        if (a.status() != 201) {
            throw new IllegalStateException("sign-up of " + name + " failed: " + a.status() + " " + a.body());
        }
        return new Player(a.body().get("id").asText(), a.body().get("token").asText());
    }

    record Player(String id, String token) {
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
    private Answer send(String method, String path, byte[] body, String token) {
        long start = System.nanoTime();
        try {
            HttpURLConnection c = (HttpURLConnection) URI.create(base + path).toURL().openConnection();
            c.setRequestMethod(method);
            c.setConnectTimeout(5_000);
            c.setReadTimeout(30_000);
            c.setRequestProperty("Accept", "application/json");
            if (token != null) {
                c.setRequestProperty("Authorization", "Bearer " + token);
            }
            if (body != null) {
                c.setDoOutput(true);
                c.setRequestProperty("Content-Type", "application/json");
                c.setFixedLengthStreamingMode(body.length);
                try (OutputStream out = c.getOutputStream()) {
                    out.write(body);
                }
            }
            int status = c.getResponseCode();
            byte[] bytes;
            // Read to the end and close the stream (not disconnect): the connection goes back to the keep-alive cache.
            try (InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream()) {
                bytes = in == null ? new byte[0] : in.readAllBytes();
            }
            long nanos = System.nanoTime() - start;
            JsonNode json = bytes.length == 0 ? JSON.nullNode() : JSON.readTree(bytes);
            return new Answer(status, json, nanos);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
