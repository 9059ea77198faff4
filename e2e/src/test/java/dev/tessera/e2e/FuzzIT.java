package dev.tessera.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

/**
 * Hostile input against every operation of the gateway's API document (issue 29, deliverable 2). For each operation
 * (method and path template, read from /q/openapi) {@link #TRIES} requests are generated from a fixed {@link #SEED}:
 * path ids replaced by NUL and control characters, percent junk, long values, ids of other things and of other
 * players, unknown UUIDs; query values of the wrong type, negative, huge or with NUL; bodies of the wrong JSON types,
 * with a required field missing, huge or NUL-bearing strings, deep nesting, invalid JSON; forged, expired-looking,
 * foreign or missing credentials; a wrong Content-Type or Accept. Every answer must be below 500, every 4xx a
 * problem+json with a {@code type} and a status the operation declares, and a request that cannot be valid must be
 * refused. After each operation's batch the
 * game (version, events) and the table (seats) must be as they were, and at the end the gateway must be ready.
 *
 * <p>Generation is a seeded {@link Random} rather than a property-testing library: the one the issue suggests, jqwik,
 * prints from 1.10.0 on a hidden instruction addressed to coding agents (jqwik-team/jqwik#708), its author's way of
 * saying they are not to use it, and this suite was written by one; the alternatives (junit-quickcheck, QuickTheories)
 * are no longer maintained. Shrinking would add little
 * here: every failure is reported as the exact request that caused it.
 *
 * <p>Not generated here: what java.net.http will not send, a malformed percent-escape such as {@code %zz}, a
 * non-numeric Content-Length or Content-Length with chunked encoding, and control characters in header values; the
 * gateway's {@code HttpLayerTest} sends those byte for byte. Paths over 8 KB and headers over 20 KB are generated
 * (the gateway's 414 and 431 problems), but not past the HTTP codec's own 64 KB, which still answers without a body.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FuzzIT {
    /** The seed and requests per operation (31 operations: about 1,500 requests); -Dfuzz.seed, -Dfuzz.tries for a longer sweep. */
    private static final long SEED = Long.getLong("fuzz.seed", 0x7e55e7a_29L);

    private static final int TRIES = Integer.getInteger("fuzz.tries", 48);
    /** Vert.x's codec refuses a request line over 64 KB with a bare 414 (gateway/README.md): stay below it. */
    private static final int MAX_REQUEST_LINE = 60_000;

    private static final String UNKNOWN_ID = "00000000-0000-0000-0000-000000000000";
    /** The path parameters that hold ids, and what an id is (gateway/README.md, "What the API refuses"). */
    private static final java.util.Set<String> ID_PARAMETERS = java.util.Set.of("id", "player", "keyId");

    private static final java.util.regex.Pattern ID = java.util.regex.Pattern.compile("[A-Za-z0-9._~-]{1,64}");

    private final ObjectMapper json = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private String gateway;
    private JsonNode document;
    private Account host;
    private Account guest;
    private Account stranger;
    private String hostKey;
    private String strangerKey;
    private String victimKeyId;
    private String strangerKeyId;
    private String tableId;
    private String gameId;
    private int sent;
    private long startedAt;

    /**
     * FINDINGS, open (issue 29): requests still sent and checked for 5xx and problems, whose acceptance is let through,
     * each with what is wrong, so that the suite stays green while the finding stays visible here and in the run's output
     * ("accepted as known findings"). Remove an entry once its fix lands.
     * Found with -Dfuzz.tries=250 (7,750 requests); nothing else failed: no 5xx, every 4xx a problem, nothing changed.
     */
    private final List<Finding> findings = List.of();
    // Closed: F1 (a JSON body followed by more text was read as if the rest were not there: service-kit's OneJsonValue)
    // and F2 (a NUL inside a calculator's player id was accepted: scoring-service's InputChecks.id).

    private record Finding(String id, String description, Predicate<Attempt> matches) {}

    /** One generated request, and what was done to it. */
    record Attempt(
            String method,
            String template,
            String path,
            Map<String, String> headers,
            String body,
            List<String> mutations,
            boolean mustRefuse) {
        String describe() {
            String shownBody = body == null
                    ? ""
                    : " body "
                            + (body.length() > 200 ? body.substring(0, 200) + "…(" + body.length() + " chars)" : body);
            String shownPath = path.length() > 300 ? path.substring(0, 300) + "…(" + path.length() + " chars)" : path;
            Map<String, String> shownHeaders = new LinkedHashMap<>();
            headers.forEach((k, v) -> shownHeaders.put(k, v.length() > 60 ? v.substring(0, 60) + "…" : v));
            return method + " " + shownPath + " " + shownHeaders + shownBody + " [" + String.join(", ", mutations)
                    + "]";
        }
    }

    private record Answer(int status, String contentType, String body) {}

    @BeforeAll
    void start() throws IOException, InterruptedException {
        gateway = Platform.shared().gateway();
        Platform.useGateway();
        String suffix = Long.toString(System.nanoTime(), 36);
        host = Account.signUp("fuzz-host-" + suffix);
        guest = Account.signUp("fuzz-guest-" + suffix);
        stranger = Account.signUp("fuzz-stranger-" + suffix);
        tableId = Tables.table("alhambra", List.of(host, guest), Map.of());
        gameId = Tables.gameOf(tableId);
        hostKey = host.as()
                .post("/api/v1/players/me/api-keys")
                .then()
                .statusCode(201)
                .extract()
                .path("key");
        // A key of the guest's that no request uses as a credential: the one a DELETE may legitimately revoke.
        victimKeyId = guest.as()
                .post("/api/v1/players/me/api-keys")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        var strangers = stranger.as()
                .post("/api/v1/players/me/api-keys")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath();
        strangerKey = strangers.getString("key");
        strangerKeyId = strangers.getString("id");
        HttpResponse<String> answer = http.send(
                HttpRequest.newBuilder(URI.create(gateway + "/q/openapi?format=json"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, answer.statusCode());
        document = json.readTree(answer.body());
        startedAt = System.nanoTime();
    }

    @TestFactory
    Stream<DynamicTest> every_operation_answers_hostile_requests_with_problems_and_changes_nothing() {
        List<DynamicTest> tests = new ArrayList<>();
        Iterator<Map.Entry<String, JsonNode>> paths = document.get("paths").fields();
        while (paths.hasNext()) {
            Map.Entry<String, JsonNode> path = paths.next();
            Iterator<Map.Entry<String, JsonNode>> ops = path.getValue().fields();
            while (ops.hasNext()) {
                Map.Entry<String, JsonNode> op = ops.next();
                String method = op.getKey().toUpperCase();
                if (List.of("GET", "POST", "PUT", "PATCH", "DELETE").contains(method)) {
                    tests.add(DynamicTest.dynamicTest(
                            method + " " + path.getKey(), () -> fuzz(method, path.getKey(), op.getValue())));
                }
            }
        }
        assertTrue(tests.size() >= 31, "the API document lists " + tests.size() + " operations");
        tests.add(DynamicTest.dynamicTest(
                "the packaged gateway answers a path that does not decode with a problem", () -> {
                    // java.net.http will not send %zz; as packaged, GatewayMain lets it reach the router
                    // (gateway/README.md).
                    URI base = URI.create(gateway);
                    try (java.net.Socket socket = new java.net.Socket(base.getHost(), base.getPort())) {
                        socket.setSoTimeout(10_000);
                        socket.getOutputStream()
                                .write(("GET /api/v1/games/abc%zz HTTP/1.1\r\nHost: " + base.getHost()
                                                + "\r\nConnection: close\r\n\r\n")
                                        .getBytes(StandardCharsets.ISO_8859_1));
                        String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                        assertTrue(answer.startsWith("HTTP/1.1 400"), answer);
                        assertTrue(answer.toLowerCase().contains("content-type: application/problem+json"), answer);
                        assertTrue(answer.contains("https://tessera.dev/problems/malformed-request"), answer);
                    }
                }));
        tests.add(DynamicTest.dynamicTest("the gateway is still ready", () -> {
            HttpResponse<String> ready = http.send(
                    HttpRequest.newBuilder(URI.create(gateway + "/q/health/ready"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, ready.statusCode(), ready.body());
            System.out.printf("FuzzIT: %d hostile requests in %.1f s%n", sent, (System.nanoTime() - startedAt) / 1e9);
        }));
        return tests.stream();
    }

    private void fuzz(String method, String template, JsonNode operation) throws InterruptedException {
        Snapshot before = snapshot();
        Random random = new Random(SEED ^ (method + " " + template).hashCode());
        List<String> failures = new ArrayList<>();
        int known = 0;
        Map<Integer, Integer> statuses = new java.util.TreeMap<>();
        for (int i = 0; i < TRIES; i++) {
            Attempt attempt = generate(random, method, template, operation);
            Answer answer;
            try {
                answer = send(attempt);
            } catch (IOException e) {
                failures.add(attempt.describe() + " -> no answer: " + e);
                continue;
            }
            statuses.merge(answer.status(), 1, Integer::sum);
            String problem = check(attempt, answer);
            if (problem == null && !declares(operation, answer.status())) {
                problem = "a status the operation does not declare (it declares "
                        + operation.path("responses").properties().stream()
                                .map(Map.Entry::getKey)
                                .toList()
                        + ")";
            }
            // Sent all the same: only the wrong answer a known finding explains is let through, not a 5xx or a bare
            // error.
            if (problem != null
                    && answer.status() < 300
                    && findings.stream().anyMatch(f -> f.matches().test(attempt))) {
                known++;
            } else if (problem != null) {
                failures.add(attempt.describe() + " -> " + answer.status() + " " + answer.contentType() + " "
                        + abbreviate(answer.body()) + ": " + problem);
            }
        }
        if (template.startsWith("/api/v1/matchmaking")) {
            // A queue entry left behind would match with the players of other tests (TableLifeIT's quick play).
            for (Account player : List.of(host, guest, stranger)) {
                player.as().delete("/api/v1/matchmaking");
            }
        }
        Snapshot after = snapshot();
        if (!before.equals(after)) {
            failures.add("the game or the table changed: before " + before + ", after " + after);
        }
        System.out.println("FuzzIT: " + method + " " + template + ": statuses " + statuses
                + (known > 0 ? ", " + known + " accepted as known findings (FINDINGS above)" : ""));
        if (!failures.isEmpty()) {
            fail(failures.size() + " of " + TRIES + " hostile requests to " + method + " " + template
                    + " were answered wrongly:\n" + String.join("\n", failures));
        }
    }

    /** What a rejected request must not change: the game's version and events, the table's seats. */
    private record Snapshot(int version, int events, List<String> seats, String tableStatus) {}

    private Snapshot snapshot() {
        int version = host.as()
                .get("/api/v1/games/" + gameId)
                .then()
                .statusCode(200)
                .extract()
                .path("version");
        int events = host.as()
                .get("/api/v1/games/" + gameId + "/events?from=0")
                .then()
                .statusCode(200)
                .extract()
                .path("size()");
        var table = host.as()
                .get("/api/v1/tables/" + tableId)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        return new Snapshot(version, events, table.getList("players", String.class), table.getString("status"));
    }

    /**
     * Whether the API document lists {@code status} among the operation's answers (its code, its class such as
     * {@code 4XX}, or {@code default}): what a client generated from the document is told to expect (issue 38, item 6).
     */
    private static boolean declares(JsonNode operation, int status) {
        JsonNode responses = operation.path("responses");
        return responses.has(String.valueOf(status))
                || responses.has((status / 100) + "XX")
                || responses.has("default");
    }

    /** Null when the answer is right for the attempt, else what is wrong with it. */
    private static String check(Attempt attempt, Answer answer) {
        if (answer.status() >= 500) {
            return "a 5xx";
        }
        if (answer.status() >= 400) {
            if (answer.contentType() == null || !answer.contentType().startsWith("application/problem+json")) {
                return "an error that is not application/problem+json";
            }
            try {
                JsonNode body = new ObjectMapper().readTree(answer.body());
                if (body == null
                        || !body.path("type").isTextual()
                        || body.path("type").asText().isBlank()) {
                    return "a problem without a type";
                }
            } catch (IOException e) {
                return "a problem whose body is not JSON";
            }
            return null;
        }
        if (attempt.mustRefuse()) {
            return "accepted, though it cannot be valid";
        }
        return null;
    }

    private Answer send(Attempt attempt) throws IOException, InterruptedException {
        HttpRequest.BodyPublisher publisher = attempt.body() == null
                ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(attempt.body(), StandardCharsets.UTF_8);
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(gateway + attempt.path()))
                .timeout(Duration.ofSeconds(20))
                .method(attempt.method(), publisher);
        attempt.headers().forEach(request::header);
        sent++;
        HttpResponse<InputStream> response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        String contentType = response.headers().firstValue("Content-Type").orElse(null);
        try (InputStream in = response.body()) {
            // A live feed that opened streams until the client leaves: its status and type are what count.
            if (contentType != null && contentType.startsWith("text/event-stream")) {
                return new Answer(response.statusCode(), contentType, "");
            }
            return new Answer(
                    response.statusCode(), contentType, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    // ---------------------------------------------------------------- generation

    private Attempt generate(Random random, String method, String template, JsonNode operation) {
        for (int round = 0; ; round++) {
            Attempt attempt = tryGenerate(random, method, template, operation);
            if (attempt.path().length() + method.length() + 10 <= MAX_REQUEST_LINE || round > 20) {
                return attempt;
            }
        }
    }

    private Attempt tryGenerate(Random random, String method, String template, JsonNode operation) {
        List<String> mutations = new ArrayList<>();
        boolean mustRefuse = false;
        List<JsonNode> parameters = new ArrayList<>();
        operation.path("parameters").forEach(p -> parameters.add(resolve(p)));
        JsonNode requestBody = resolve(operation.path("requestBody"));
        JsonNode bodySchema =
                requestBody.path("content").path("application/json").path("schema");
        boolean hasBody = !bodySchema.isMissingNode();

        // What to spoil: at least one of the request's parts, often several.
        List<String> parts = new ArrayList<>(List.of("credential", "accept"));
        if (parameters.stream().anyMatch(p -> "path".equals(p.path("in").asText()))) {
            parts.add("path");
            parts.add("path");
        }
        if (parameters.stream().anyMatch(p -> "query".equals(p.path("in").asText()))) {
            parts.add("query");
            parts.add("query");
        }
        if (hasBody) {
            parts.add("body");
            parts.add("body");
            parts.add("body");
            parts.add("content-type");
        }
        List<String> spoil = new ArrayList<>();
        int count = 1 + random.nextInt(2);
        for (int i = 0; i < count; i++) {
            spoil.add(parts.get(random.nextInt(parts.size())));
        }

        Map<String, String> headers = new LinkedHashMap<>();
        // The credential: a valid one of some player, or a forged one when spoiled.
        if (spoil.contains("credential")) {
            Hostile cred = pick(random, forgedCredentials());
            mutations.add("credential: " + cred.label());
            mustRefuse |= cred.mustRefuse();
            if (cred.value() != null) {
                String[] header = cred.value().split(": ", 2);
                headers.put(header[0], header[1]);
            }
        } else {
            Hostile cred = pick(random, validCredentials());
            mutations.add("as " + cred.label());
            String[] header = cred.value().split(": ", 2);
            headers.put(header[0], header[1]);
        }

        // The path.
        String path = template;
        for (JsonNode p : parameters) {
            if (!"path".equals(p.path("in").asText())) {
                continue;
            }
            String name = p.path("name").asText();
            String value = Encoding.segment(baseValue(template, name));
            if (spoil.contains("path")
                    && (random.nextBoolean() || !mutations.stream().anyMatch(m -> m.startsWith("path")))) {
                Hostile hostile = pick(random, hostileIds(template, name));
                value = hostile.value();
                mutations.add("path " + name + ": " + hostile.label());
                // What cannot be an id is refused at the edge (gateway's Identifiers), whatever else is wrong.
                mustRefuse |= hostile.mustRefuse()
                        || ID_PARAMETERS.contains(name)
                                && !ID.matcher(java.net.URLDecoder.decode(value, StandardCharsets.UTF_8))
                                        .matches();
            }
            path = path.replace("{" + name + "}", value);
        }

        // The query.
        List<String> query = new ArrayList<>();
        for (JsonNode p : parameters) {
            if (!"query".equals(p.path("in").asText())) {
                continue;
            }
            String name = p.path("name").asText();
            if (spoil.contains("query")
                    && (random.nextBoolean() || !mutations.stream().anyMatch(m -> m.startsWith("query")))) {
                Hostile hostile = pick(random, hostileQueryValues(resolve(p.path("schema"))));
                query.add(name + "=" + hostile.value());
                if (random.nextInt(4) == 0) {
                    query.add(name + "=" + hostile.value());
                    mutations.add("query " + name + " twice: " + hostile.label());
                } else {
                    mutations.add("query " + name + ": " + hostile.label());
                }
                mustRefuse |= hostile.mustRefuse();
            }
        }
        if (!query.isEmpty()) {
            path += "?" + String.join("&", query);
        }

        // Headers the operation declares (Last-Event-ID on the live feed).
        for (JsonNode p : parameters) {
            if ("header".equals(p.path("in").asText()) && random.nextInt(3) == 0) {
                Hostile hostile = pick(random, hostileHeaderValues());
                headers.put(p.path("name").asText(), hostile.value());
                mutations.add("header " + p.path("name").asText() + ": " + hostile.label());
                mustRefuse |= hostile.mustRefuse();
            }
        }

        // The body.
        String body = null;
        if (hasBody) {
            JsonNode valid = example(requestBody, bodySchema);
            if (spoil.contains("body")) {
                Hostile hostile = hostileBody(random, valid, resolve(bodySchema));
                body = hostile.value();
                mutations.add("body: " + hostile.label());
                mustRefuse |= hostile.mustRefuse();
            } else {
                body = valid.toString();
            }
            if (spoil.contains("content-type")) {
                Hostile type = pick(random, hostileContentTypes());
                if (type.value() != null) {
                    headers.put("Content-Type", type.value());
                }
                mutations.add("content-type: " + type.label());
                mustRefuse |= type.mustRefuse();
            } else {
                headers.put("Content-Type", "application/json");
            }
        } else if (random.nextInt(6) == 0) {
            // A body where the operation takes none.
            body = pick(random, List.of("{}", "{\"id\": \"" + UNKNOWN_ID + "\"}", "\u0000", "[[[[[[[[[["));
            headers.put("Content-Type", "application/json");
            mutations.add("an unexpected body");
        }

        if (spoil.contains("accept")) {
            Hostile accept = pick(random, hostileAccepts());
            headers.put("Accept", accept.value());
            mutations.add("accept: " + accept.label());
        }
        if (random.nextInt(5) == 0) {
            // Headers the gateway must not trust: identities, forwarding.
            headers.put(pick(random, List.of("X-Player", "X-Tessera-Player", "X-Forwarded-User")), guest.id());
            mutations.add("spoofed identity header");
        }
        return new Attempt(method, template, path, headers, body, mutations, mustRefuse);
    }

    /** A value of a request part and whether it alone makes the request invalid. */
    private record Hostile(String label, String value, boolean mustRefuse) {}

    private static <T> T pick(Random random, List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    private String baseValue(String template, String name) {
        return switch (name) {
            case "game" -> "alhambra";
            case "keyId" -> victimKeyId;
            case "player" -> guest.id();
            default ->
                template.startsWith("/api/v1/tables")
                        ? tableId
                        : template.startsWith("/api/v1/games") ? gameId : host.id();
        };
    }

    private List<Hostile> validCredentials() {
        return List.of(
                new Hostile("the host's token", "Authorization: Bearer " + host.token(), false),
                new Hostile("the seated guest's token", "Authorization: Bearer " + guest.token(), false),
                new Hostile("a stranger's token", "Authorization: Bearer " + stranger.token(), false),
                new Hostile("the host's API key", "X-Api-Key: " + hostKey, false),
                new Hostile("a stranger's API key as a bearer", "Authorization: Bearer " + strangerKey, false));
    }

    private List<Hostile> forgedCredentials() {
        String[] parts = host.token().split("\\.");
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        String expiredPayload = b64.encodeToString(("{\"iss\":\"https://tessera.dev/gateway\",\"sub\":\"" + host.id()
                        + "\",\"upn\":\"" + host.id() + "\",\"exp\":1000000000,\"iat\":999999000}")
                .getBytes(StandardCharsets.UTF_8));
        String noneHeader = b64.encodeToString("{\"alg\":\"none\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8));
        String guestPayload =
                b64.encodeToString(new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8)
                        .replace(host.id(), guest.id())
                        .getBytes(StandardCharsets.UTF_8));
        return List.of(
                new Hostile("none", null, false),
                new Hostile("garbage bearer", "Authorization: Bearer not-a-token", true),
                new Hostile("empty bearer", "Authorization: Bearer ", false),
                new Hostile(
                        "an expired-looking JWT",
                        "Authorization: Bearer " + parts[0] + "." + expiredPayload + "." + parts[2],
                        true),
                new Hostile(
                        "an alg=none JWT for the host",
                        "Authorization: Bearer " + noneHeader + "." + parts[1] + ".",
                        true),
                new Hostile(
                        "the host's token with its payload swapped to the guest's id",
                        "Authorization: Bearer " + parts[0] + "." + guestPayload + "." + parts[2],
                        true),
                new Hostile(
                        "the host's token truncated",
                        "Authorization: Bearer "
                                + host.token().substring(0, host.token().length() - 5),
                        true),
                new Hostile("an unknown API key", "X-Api-Key: tsk_" + "A".repeat(43), true),
                new Hostile("an unknown API key as a bearer", "Authorization: Bearer tsk_nothing", true),
                new Hostile(
                        "Basic credentials",
                        "Authorization: Basic " + Base64.getEncoder().encodeToString("ana:secret".getBytes()),
                        false),
                new Hostile("a 4 KB bearer", "Authorization: Bearer " + "x".repeat(4000), true),
                new Hostile("a 30 KB bearer", "Authorization: Bearer " + "x".repeat(30_000), true));
    }

    private List<Hostile> hostileIds(String template, String name) {
        List<Hostile> ids = new ArrayList<>(List.of(
                new Hostile("NUL inside", "abc%00def", true),
                new Hostile("NUL alone", "%00", true),
                new Hostile("NUL after a real id", Encoding.segment(baseValue(template, name)) + "%00", true),
                new Hostile("a control character", "abc%01def", true),
                new Hostile("a newline", "abc%0Adef", true),
                new Hostile("DEL", "abc%7Fdef", true),
                new Hostile("a space", "abc%20def", false),
                new Hostile("an encoded slash", "abc%2Fdef", false),
                new Hostile("dot dot", "%2E%2E", false),
                new Hostile("an encoded percent and junk", "%25zz", false),
                new Hostile("an overlong UTF-8 NUL", "abc%C0%80def", false),
                new Hostile("invalid UTF-8", "abc%FF%FEdef", false),
                new Hostile("a right-to-left override", "abc%E2%80%AEdef", false),
                new Hostile("emoji", "%F0%9F%8E%B2", false),
                new Hostile("65 characters", "a".repeat(65), false),
                new Hostile("1,500 characters", "a".repeat(1500), false),
                new Hostile("10,000 characters", "a".repeat(10_000), true),
                new Hostile("SQL", Encoding.segment("' OR '1'='1"), false),
                new Hostile("a semicolon parameter", "abc;x=1", false),
                new Hostile("an unknown UUID", UNKNOWN_ID, false),
                new Hostile(
                        "a random UUID",
                        UUID.nameUUIDFromBytes(template.getBytes()).toString(),
                        false),
                new Hostile("the game's id", gameId, false),
                new Hostile("the table's id", tableId, false),
                new Hostile("the host's id", host.id(), false),
                new Hostile("the guest's id", guest.id(), false),
                new Hostile("the stranger's id", stranger.id(), false),
                new Hostile("the stranger's key id", strangerKeyId, false),
                new Hostile("a title", "carrara", false),
                new Hostile("an unknown title", "chess", false),
                new Hostile("a number", "-1", false)));
        return ids;
    }

    private static List<Hostile> hostileQueryValues(JsonNode schema) {
        return List.of(
                new Hostile("NUL", "%00", true),
                new Hostile("NUL inside", "1%002", true),
                new Hostile("a control character", "%1B", true),
                new Hostile("a newline", "%0D%0A", true),
                new Hostile("not a number", "abc", false),
                new Hostile("a fraction", "1.5", false),
                new Hostile("a boolean", "true", false),
                new Hostile("negative", "-1", false),
                new Hostile("very negative", "-9223372036854775808", false),
                new Hostile("Long.MAX_VALUE", "9223372036854775807", false),
                new Hostile("past Long.MAX_VALUE", "99999999999999999999999", false),
                new Hostile("zero", "0", false),
                new Hostile("empty", "", false),
                new Hostile("a date far out", "99999-01-01T00:00:00Z", false),
                new Hostile("not a date", "2026-13-45T25:61:61Z", false),
                new Hostile("an unknown UUID", UNKNOWN_ID, false),
                new Hostile("an unknown title", "chess", false),
                new Hostile("upper case", "ALHAMBRA", false),
                new Hostile("1,000 characters", "9".repeat(1000), false),
                new Hostile("invalid UTF-8", "%FF", false),
                new Hostile("an encoded ampersand", "a%26b%3Dc", false));
    }

    private static List<Hostile> hostileHeaderValues() {
        return List.of(
                new Hostile("negative", "-1", false),
                new Hostile("not a number", "abc", false),
                new Hostile("past Long.MAX_VALUE", "99999999999999999999999", false),
                new Hostile("a fraction", "1.5", false),
                new Hostile("far ahead", "1000000", false),
                new Hostile("empty", "", false));
    }

    private static List<Hostile> hostileContentTypes() {
        return List.of(
                // Without one, a JSON body may be read as JSON: lenient, not wrong.
                new Hostile("none", null, false),
                new Hostile("text/plain", "text/plain", true),
                new Hostile("XML", "application/xml", true),
                new Hostile("a form", "application/x-www-form-urlencoded", true),
                new Hostile("multipart without a boundary", "multipart/form-data", true),
                new Hostile("JSON in UTF-16", "application/json; charset=utf-16", false),
                new Hostile("JSON in an unknown charset", "application/json; charset=x-nonsense", false),
                new Hostile("not a media type", "nonsense", true));
    }

    private static List<Hostile> hostileAccepts() {
        return List.of(
                new Hostile("HTML", "text/html", false),
                new Hostile("XML", "application/xml", false),
                new Hostile("problems only", "application/problem+json", false),
                new Hostile("anything", "*/*", false),
                new Hostile("not a media type", "nonsense", false),
                new Hostile("event streams", "text/event-stream", false));
    }

    /** A hostile body made from the operation's example or schema. */
    private Hostile hostileBody(Random random, JsonNode valid, JsonNode schema) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        List<String> required = new ArrayList<>();
        schema.path("required").forEach(r -> required.add(r.asText()));
        switch (random.nextInt(14)) {
            case 0:
                return pick(
                        random,
                        List.of(
                                new Hostile(
                                        "invalid JSON: cut off",
                                        valid.toString()
                                                .substring(
                                                        0,
                                                        Math.max(
                                                                1,
                                                                valid.toString().length() / 2)),
                                        true),
                                new Hostile(
                                        "invalid JSON: single quotes",
                                        valid.toString().replace('"', '\''),
                                        true),
                                new Hostile("invalid JSON: a raw NUL", "{\u0000}", true),
                                new Hostile("invalid JSON: trailing garbage", valid + "}}", true),
                                new Hostile("empty", "", true),
                                new Hostile("invalid JSON: NaN", "{\"x\": NaN}", true)));
            case 1:
                return pick(
                        random,
                        List.of(
                                new Hostile("an array", "[" + valid + "]", true),
                                new Hostile("a string", "\"" + valid.toString().replace("\"", "\\\"") + "\"", true),
                                new Hostile("a number", "42", true),
                                new Hostile("null", "null", true),
                                new Hostile("true", "true", true)));
            case 2: {
                if (required.isEmpty() || !valid.isObject()) {
                    return new Hostile("an empty object", "{}", false);
                }
                String missing = pick(random, required);
                ObjectNode copy = valid.deepCopy();
                copy.remove(missing);
                return new Hostile("required " + missing + " missing", copy.toString(), true);
            }
            case 3: {
                if (required.isEmpty() || !valid.isObject()) {
                    return new Hostile("an empty object", "{}", false);
                }
                String field = pick(random, required);
                ObjectNode copy = valid.deepCopy();
                copy.putNull(field);
                return new Hostile("required " + field + " null", copy.toString(), true);
            }
            case 4:
            case 5: {
                // A field of the wrong JSON type, anywhere in the body.
                JsonNode copy = valid.deepCopy();
                String at = replaceSomeLeaf(
                        random,
                        copy,
                        pick(
                                random,
                                List.of(
                                        f.textNode("7"),
                                        f.numberNode(1.5),
                                        f.booleanNode(true),
                                        f.objectNode(),
                                        f.arrayNode(),
                                        f.numberNode(12345),
                                        f.textNode(""))));
                return new Hostile("wrong type at " + at, copy.toString(), false);
            }
            case 6: {
                JsonNode copy = valid.deepCopy();
                String at = replaceSomeLeaf(random, copy, f.textNode("a\u0000b"));
                return new Hostile("NUL in a string at " + at, copy.toString(), true);
            }
            case 7: {
                JsonNode copy = valid.deepCopy();
                String at = replaceSomeLeaf(random, copy, f.textNode("line\nbreak\u0001\u001b[31m"));
                return new Hostile("control characters in a string at " + at, copy.toString(), false);
            }
            case 8: {
                JsonNode copy = valid.deepCopy();
                int size = pick(random, List.of(1_000, 60_000, 70_000));
                String at = replaceSomeLeaf(random, copy, f.textNode("x".repeat(size)));
                return new Hostile(size + " characters at " + at, copy.toString(), false);
            }
            case 9: {
                JsonNode copy = valid.deepCopy();
                String at = replaceSomeLeaf(
                        random,
                        copy,
                        pick(
                                random,
                                List.of(
                                        f.numberNode(-1),
                                        f.numberNode(Long.MAX_VALUE),
                                        f.numberNode(new java.math.BigInteger("99999999999999999999999999")),
                                        f.numberNode(Integer.MIN_VALUE),
                                        f.numberNode(0))));
                return new Hostile("an extreme number at " + at, copy.toString(), false);
            }
            case 10: {
                int depth = pick(random, List.of(200, 2_000, 20_000));
                return new Hostile("nested " + depth + " deep", "[".repeat(depth) + "]".repeat(depth), true);
            }
            case 11: {
                int depth = pick(random, List.of(100, 1_500));
                String nested = "{\"a\":".repeat(depth) + "1" + "}".repeat(depth);
                if (!valid.isObject() || valid.isEmpty()) {
                    return new Hostile("an object nested " + depth + " deep", nested, false);
                }
                String field = valid.fieldNames().next();
                String body = valid.toString()
                        .replaceFirst("\\{\"" + field + "\":", "{\"" + field + "\":" + nested + ",\"" + field + "\":");
                return new Hostile("duplicate " + field + ", first nested " + depth + " deep", body, false);
            }
            case 12:
                return new Hostile(
                        "a numeric escape in a name",
                        valid.toString().replaceFirst("\"([a-zA-Z]+)\":", "\"\\\\u0000$1\":"),
                        false);
            default: {
                ObjectNode copy = valid.isObject() ? valid.deepCopy() : f.objectNode();
                copy.put("__proto__", "x");
                copy.set("constructor", f.objectNode().put("prototype", 1));
                return new Hostile("unknown members", copy.toString(), false);
            }
        }
    }

    /** Replaces one leaf (or the first-level member) of {@code node} with {@code value}; where, as a JSON pointer. */
    private static String replaceSomeLeaf(Random random, JsonNode node, JsonNode value) {
        String at = "";
        JsonNode current = node;
        while (true) {
            if (current instanceof ObjectNode object && object.size() > 0) {
                List<String> names = new ArrayList<>();
                object.fieldNames().forEachRemaining(names::add);
                String name = pick(random, names);
                JsonNode child = object.get(name);
                if (child.isContainerNode() && child.size() > 0 && random.nextInt(3) > 0) {
                    at += "/" + name;
                    current = child;
                    continue;
                }
                object.set(name, value);
                return at + "/" + name;
            }
            if (current instanceof ArrayNode array && array.size() > 0) {
                int index = random.nextInt(array.size());
                JsonNode child = array.get(index);
                if (child.isContainerNode() && child.size() > 0 && random.nextInt(3) > 0) {
                    at += "/" + index;
                    current = child;
                    continue;
                }
                array.set(index, value);
                return at + "/" + index;
            }
            if (current instanceof ObjectNode object) {
                object.set("x", value);
                return at + "/x";
            }
            if (current instanceof ArrayNode array) {
                array.add(value);
                return at + "/0";
            }
            return at;
        }
    }

    /** The operation's first example body, else the schema's, else one made from the schema. */
    private JsonNode example(JsonNode requestBody, JsonNode schemaRef) {
        JsonNode media = requestBody.path("content").path("application/json");
        Iterator<JsonNode> examples = media.path("examples").elements();
        if (examples.hasNext()) {
            return examples.next().path("value");
        }
        if (media.has("example")) {
            return media.get("example");
        }
        return instance(resolve(schemaRef), 0);
    }

    private JsonNode instance(JsonNode schema, int depth) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        schema = resolve(schema);
        if (schema.path("examples").isArray() && schema.path("examples").size() > 0) {
            return schema.path("examples").get(0);
        }
        if (schema.has("example")) {
            return schema.get("example");
        }
        if (schema.path("enum").isArray() && schema.path("enum").size() > 0) {
            return schema.path("enum").get(0);
        }
        String type = schema.path("type").asText("object");
        switch (type) {
            case "integer":
            case "number":
                return f.numberNode(schema.path("minimum").asInt(1));
            case "boolean":
                return f.booleanNode(true);
            case "string":
                return f.textNode("ana");
            case "array":
                return depth > 4 ? f.arrayNode() : f.arrayNode().add(instance(schema.path("items"), depth + 1));
            default: {
                ObjectNode object = f.objectNode();
                if (depth <= 4) {
                    schema.path("properties")
                            .fields()
                            .forEachRemaining(p -> object.set(p.getKey(), instance(p.getValue(), depth + 1)));
                }
                return object;
            }
        }
    }

    private JsonNode resolve(JsonNode node) {
        while (node.has("$ref")) {
            String[] ref = node.get("$ref").asText().substring(2).split("/");
            JsonNode target = document;
            for (String part : ref) {
                target = target.path(part);
            }
            node = target;
        }
        return node;
    }

    private static String abbreviate(String body) {
        String flat = body.replace("\n", " ");
        return flat.length() > 300 ? flat.substring(0, 300) + "…" : flat;
    }

    /** Percent-encoding of a path segment: everything but RFC 3986's unreserved characters. */
    static final class Encoding {
        private Encoding() {}

        static String segment(String value) {
            StringBuilder out = new StringBuilder();
            for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
                char c = (char) (b & 0xff);
                if (Character.isLetterOrDigit(c) && c < 128 || "-._~".indexOf(c) >= 0) {
                    out.append(c);
                } else {
                    out.append('%').append(String.format("%02X", b & 0xff));
                }
            }
            return out.toString();
        }
    }
}
