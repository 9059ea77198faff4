package dev.tessera.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/** The public API as a third-party client sees it: JSON over HTTP with a bearer token. */
final class Api {
    static final ObjectMapper JSON = new ObjectMapper();

    /**
     * HTTP/1.1 with keep-alive, as most clients speak it. The JDK client otherwise upgrades each connection to
     * HTTP/2 (h2c); the gateway's profile showed its header compression (the change measured within noise).
     */
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;

    Api(String base) {
        this.base = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    }

    record Answer(int status, JsonNode body, long nanos) {
    }

    Answer get(String path, String token) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET(), token);
    }

    Answer post(String path, Object body, String token) {
        try {
            return send(HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body == null ? "" : JSON.writeValueAsString(body))), token);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Signs a player up and returns their token. Sign-ups are anonymous, so many at once from one address
     * meet the gateway's rate limit: as a well-behaved client, wait as long as Retry-After says and retry.
     */
    Player signUp(String name) {
        Answer a = post("/api/v1/players", Map.of("name", name), null);
        for (int tries = 0; a.status() == 429 && tries < 30; tries++) {
            pause(a.body().path("retryAfter").asLong(1) * 1000);
            a = post("/api/v1/players", Map.of("name", name), null);
        }
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

    private Answer send(HttpRequest.Builder request, String token) {
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        request.timeout(Duration.ofSeconds(30));
        long start = System.nanoTime();
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            long nanos = System.nanoTime() - start;
            JsonNode body = response.body().isEmpty() ? JSON.nullNode() : JSON.readTree(response.body());
            return new Answer(response.statusCode(), body, nanos);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
