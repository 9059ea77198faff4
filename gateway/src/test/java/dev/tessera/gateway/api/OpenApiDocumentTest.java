package dev.tessera.gateway.api;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The API document at /q/openapi is complete enough for a client generator: every operation under /api/v1 has
 * an operation id, the schema of what it answers, the schema of the body it takes, and its errors as problems.
 * A new operation that forgets one of them fails here (each failure names the operation and what it lacks).
 */
@QuarkusTest
class OpenApiDocumentTest {
    private static final String PROBLEM_REF = "#/components/schemas/Problem";
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch");
    /** The POST operations that take no body (they act on the resource in their path). */
    private static final Set<String> POSTS_WITHOUT_BODY = Set.of(
            "POST /api/v1/tables/{id}/join",
            "POST /api/v1/tables/{id}/start",
            "POST /api/v1/tables/{id}/leave",
            "POST /api/v1/players/me/tokens",
            "POST /api/v1/players/me/api-keys",
            "POST /api/v1/webhooks/{id}/ping",
            "POST /api/v1/webhooks/{id}/secret",
            "POST /api/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver");

    private Map<String, Object> document;

    @BeforeEach
    void load() {
        document = given().get("/q/openapi?format=json")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getMap("$");
    }

    @Test
    void every_public_operation_is_complete_for_a_client_generator() {
        List<String> problems = new ArrayList<>();
        Set<String> operationIds = new HashSet<>();
        int operations = 0;
        for (Map.Entry<String, Object> path : map(document.get("paths")).entrySet()) {
            if (!path.getKey().startsWith("/api/v1/")) {
                continue;
            }
            for (Map.Entry<String, Object> entry : map(path.getValue()).entrySet()) {
                if (!METHODS.contains(entry.getKey())) {
                    continue;
                }
                operations++;
                String name = entry.getKey().toUpperCase() + " " + path.getKey();
                Map<String, Object> operation = map(entry.getValue());
                Object id = operation.get("operationId");
                if (!(id instanceof String s) || s.isBlank()) {
                    problems.add(name + ": no operationId");
                } else if (!operationIds.add(s)) {
                    problems.add(name + ": operationId " + s + " is used twice");
                }
                if (operation.get("tags") == null) {
                    problems.add(name + ": no tag");
                }
                checkRequestBody(name, operation, problems);
                checkResponses(name, map(operation.get("responses")), problems);
            }
        }
        assertTrue(operations >= 29, "only " + operations + " operations under /api/v1");
        if (!problems.isEmpty()) {
            fail("the API document is incomplete:\n  " + String.join("\n  ", problems));
        }
    }

    private void checkRequestBody(String name, Map<String, Object> operation, List<String> problems) {
        if (!name.startsWith("POST ") || POSTS_WITHOUT_BODY.contains(name)) {
            return;
        }
        for (String code : List.of("413", "415")) {
            if (!map(operation.get("responses")).containsKey(code)) {
                problems.add(name + ": takes a body but declares no " + code);
            }
        }
        Map<String, Object> body = map(operation.get("requestBody"));
        Map<String, Object> json = map(map(body.get("content")).get("application/json"));
        if (!hasSchema(json)) {
            problems.add(name + ": no request body schema under application/json");
        }
        if (json.get("examples") == null && json.get("example") == null && !hasSchemaExamples(json)) {
            problems.add(name + ": no request body example");
        }
    }

    private void checkResponses(String name, Map<String, Object> responses, List<String> problems) {
        boolean success = false;
        Set<String> errors = new HashSet<>();
        for (Map.Entry<String, Object> entry : responses.entrySet()) {
            String code = entry.getKey();
            Map<String, Object> response = resolve(map(entry.getValue()));
            Map<String, Object> content = map(response.get("content"));
            if (code.startsWith("2")) {
                success = true;
                if (code.equals("204") || content.containsKey("text/event-stream")) {
                    continue;
                }
                // An export streams newline-delimited JSON: documented under its own media type.
                String type = content.containsKey("application/x-ndjson") ? "application/x-ndjson" : "application/json";
                Map<String, Object> json = map(content.get(type));
                if (!hasSchema(json)) {
                    problems.add(name + ": " + code + " has no " + type + " schema");
                }
                if (json.get("examples") == null && json.get("example") == null && !hasSchemaExamples(json)) {
                    problems.add(name + ": " + code + " has no example");
                }
            } else if (code.startsWith("4") || code.startsWith("5")) {
                errors.add(code);
                Map<String, Object> problem = map(content.get("application/problem+json"));
                if (!PROBLEM_REF.equals(map(problem.get("schema")).get("$ref"))) {
                    problems.add(name + ": " + code + " is not an application/problem+json Problem");
                }
            }
        }
        if (!success) {
            problems.add(name + ": no 2xx response");
        }
        if (errors.isEmpty()) {
            problems.add(name + ": no problem response");
        }
        // Every caller is rate limited, and a credential that does not verify is refused everywhere.
        // And how it was asked: a path or query that cannot be read, another method, an Accept it cannot answer, a
        // body too large; and a service that cannot answer now (SharedAnswers).
        for (String always : List.of("400", "401", "405", "406", "413", "414", "429", "431", "503")) {
            if (!errors.contains(always)) {
                problems.add(name + ": no " + always + " response");
            }
        }
    }

    @Test
    void the_problem_schema_has_the_members_the_services_emit() {
        Map<String, Object> problem = schema("Problem");
        Set<String> properties = map(problem.get("properties")).keySet();
        assertTrue(
                properties.containsAll(
                        List.of("type", "title", "status", "detail", "instance", "rule", "field", "currentVersion")),
                "Problem has " + properties);
        assertEquals(Boolean.TRUE, problem.get("additionalProperties"), "further extension members are allowed");
    }

    @Test
    void moves_are_typed_objects_with_examples_of_every_game() {
        Map<String, Object> move = schema("Move");
        assertEquals("object", move.get("type"));
        assertTrue(list(move.get("required")).contains("type"), "a move's type is required");
        assertEquals("string", map(map(move.get("properties")).get("type")).get("type"));
        assertEquals(Boolean.TRUE, move.get("additionalProperties"), "a move has game-specific members");
        Set<String> schemaExampleTypes = list(move.get("examples")).stream()
                .map(e -> (String) map(e).get("type"))
                .collect(Collectors.toSet());
        assertTrue(
                schemaExampleTypes.containsAll(Set.of("buy-tile", "build", "send-worker")),
                "examples: " + schemaExampleTypes);

        Map<String, Object> playMove = operation("/api/v1/games/{id}/moves", "post");
        Map<String, Object> examples =
                map(map(map(map(playMove.get("requestBody")).get("content")).get("application/json"))
                        .get("examples"));
        for (String game : List.of("alhambra", "carrara", "builders")) {
            List<Map<String, Object>> ofGame = examples.entrySet().stream()
                    .filter(e -> e.getKey().startsWith(game + "-"))
                    .map(e -> map(map(e.getValue()).get("value")))
                    .toList();
            assertFalse(ofGame.isEmpty(), "no move example for " + game + " among " + examples.keySet());
            for (Map<String, Object> example : ofGame) {
                assertNotNull(example.get("expectedVersion"), game + " example without expectedVersion");
                assertNotNull(map(example.get("move")).get("type"), game + " example move without type");
            }
        }
        Map<String, Object> legal =
                map(map(map(operation("/api/v1/games/{id}/legal-moves", "get").get("responses"))
                                .get("200"))
                        .get("content"));
        assertTrue(map(map(legal.get("application/json")).get("examples"))
                .keySet()
                .containsAll(List.of("alhambra", "carrara", "builders")));
        assertEquals(
                "#/components/schemas/Move",
                map(map(schema("LegalMoves").get("properties")).get("moves")).entrySet().stream()
                        .filter(e -> e.getKey().equals("items"))
                        .map(e -> map(e.getValue()).get("$ref"))
                        .findFirst()
                        .orElse(null));
    }

    @Test
    void the_live_feed_documents_its_stream_its_start_and_how_to_resume() {
        Map<String, Object> live = operation("/api/v1/games/{id}/live", "get");
        assertEquals("followGame", live.get("operationId"));
        Map<String, Object> ok = map(map(live.get("responses")).get("200"));
        Map<String, Object> stream = map(map(ok.get("content")).get("text/event-stream"));
        assertFalse(stream.isEmpty(), "200 is text/event-stream");
        String example = (String)
                map(map(stream.get("examples")).values().iterator().next()).get("value");
        assertTrue(example.contains("id: 1\n") && example.contains("data: {"), example);
        Set<String> parameters = list(live.get("parameters")).stream()
                .map(p -> map(p).get("in") + ":" + map(p).get("name"))
                .collect(Collectors.toSet());
        assertTrue(
                parameters.containsAll(Set.of("path:id", "query:from", "header:Last-Event-ID")),
                "parameters: " + parameters);
    }

    @Test
    void the_tables_feed_documents_its_changes_and_a_started_tables_players() {
        Map<String, Object> properties = map(schema("TableChange").get("properties"));
        assertEquals(Set.of("tableId", "type", "gameId", "players"), properties.keySet());
        Map<String, Object> players = map(properties.get("players"));
        assertEquals(List.of("array", "null"), players.get("type"), "null but for TableStarted: " + players);
        assertFalse(list(schema("TableChange").get("required")).contains("players"));
        Map<String, Object> stream =
                map(map(map(map(operation("/api/v1/tables/live", "get").get("responses"))
                                        .get("200"))
                                .get("content"))
                        .get("text/event-stream"));
        String example = (String)
                map(map(stream.get("examples")).values().iterator().next()).get("value");
        assertTrue(
                example.contains("\"type\":\"tessera.lobby.TableStarted\",\"gameId\":null,\"players\":[\""), example);
    }

    @Test
    void game_views_document_their_common_fields_and_leave_the_state_open() {
        Map<String, Object> view = schema("GameView");
        Map<String, Object> properties = map(view.get("properties"));
        assertTrue(properties
                .keySet()
                .containsAll(List.of("gameId", "tableId", "game", "players", "version", "over", "state", "clock")));
        Map<String, Object> state = map(properties.get("state"));
        assertEquals("object", state.get("type"));
        assertTrue(
                anyValue(state.get("additionalProperties")),
                "state is game-specific: " + state.get("additionalProperties"));
        Map<String, Object> examples =
                map(map(map(map(map(operation("/api/v1/games/{id}", "get").get("responses"))
                                                .get("200"))
                                        .get("content"))
                                .get("application/json"))
                        .get("examples"));
        assertTrue(
                examples.keySet().containsAll(List.of("alhambra", "carrara", "builders")),
                "view examples: " + examples.keySet());
    }

    /** {@code additionalProperties: true}, or the empty schema, which allows any value just the same. */
    private static boolean anyValue(Object additionalProperties) {
        return Boolean.TRUE.equals(additionalProperties) || additionalProperties instanceof Map<?, ?> m && m.isEmpty();
    }

    private Map<String, Object> operation(String path, String method) {
        return map(map(map(document.get("paths")).get(path)).get(method));
    }

    private Map<String, Object> schema(String name) {
        return map(map(map(document.get("components")).get("schemas")).get(name));
    }

    /** A response, or the shared one under components/responses it refers to. */
    private Map<String, Object> resolve(Map<String, Object> response) {
        Object ref = response.get("$ref");
        if (ref instanceof String r && r.startsWith("#/components/responses/")) {
            Map<String, Object> shared = map(map(map(document.get("components")).get("responses"))
                    .get(r.substring("#/components/responses/".length())));
            assertFalse(shared.isEmpty(), "dangling reference " + r);
            return shared;
        }
        return response;
    }

    private static boolean hasSchema(Map<String, Object> mediaType) {
        Map<String, Object> schema = map(mediaType.get("schema"));
        return schema.get("$ref") != null || schema.get("type") != null;
    }

    @Test
    void table_and_quick_play_options_document_the_clock_and_carraras_expansion_with_an_example() {
        for (String name : List.of("OpenTableRequest", "QueueRequest")) {
            Object description =
                    map(map(schema(name).get("properties")).get("options")).get("description");
            assertTrue(
                    description instanceof String d && d.contains("`clock`") && d.contains("`expansion`"),
                    name + ".options: " + description);
        }
        assertTrue(
                map(map(schema("QueueEntry").get("properties")).get("options")).get("description") instanceof String d
                        && d.startsWith("queued and matched"),
                "a queue entry shows its options");
        for (String path : List.of("/api/v1/tables", "/api/v1/matchmaking")) {
            Map<String, Object> examples =
                    map(map(map(map(operation(path, "post").get("requestBody")).get("content"))
                                    .get("application/json"))
                            .get("examples"));
            Map<String, Object> carrara =
                    map(map(examples.get("carrara-expansion")).get("value"));
            assertEquals("carrara", carrara.get("game"), path + " examples: " + examples.keySet());
            assertEquals("true", map(carrara.get("options")).get("expansion"), path);
        }
    }

    /** Examples on the referenced component schema count too. */
    private boolean hasSchemaExamples(Map<String, Object> mediaType) {
        Object ref = map(mediaType.get("schema")).get("$ref");
        return ref instanceof String r
                && schema(r.substring(r.lastIndexOf('/') + 1)).get("examples") != null;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value) {
        return value instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object value) {
        return value instanceof List<?> l ? (List<Object>) l : List.of();
    }
}
