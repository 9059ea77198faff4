package dev.tessera.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Whole games of each title verify; a changed event, move or seed is found and named by its line. */
class VerifierTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @ParameterizedTest
    @ValueSource(strings = {"alhambra", "carrara", "builders"})
    void whole_games_decided_again_from_their_seed_and_moves_are_verified(String title) throws IOException {
        List<String> lines = new ArrayList<>();
        for (int g = 0; g < 3; g++) {
            lines.addAll(PlayedGames.game(title, title + "-" + g, 1000L * g - 7));
        }
        Report report = verify(lines);
        assertNull(report.badLine());
        assertEquals(3, report.games().size());
        report.games().forEach(v -> assertEquals(Verdict.Outcome.VERIFIED, v.outcome(), v.describe()));
        assertTrue(report.passed());
    }

    @ParameterizedTest
    @ValueSource(strings = {"alhambra", "carrara", "builders"})
    void an_event_changed_in_the_export_is_found_at_its_line(String title) throws IOException {
        List<String> lines = PlayedGames.game(title, "g", 42);
        // The first event after the start that a move produced and that holds a number: its first number, one more.
        int at = first(lines, 5, node -> !node.has("move") && numberIn(node.get("data")) != null);
        ObjectNode changed = (ObjectNode) JSON.readTree(lines.get(at));
        bump(changed.get("data"));
        lines.set(at, JSON.writeValueAsString(changed));

        Verdict verdict = verify(lines).games().get(0);
        assertEquals(Verdict.Outcome.DIFFERS, verdict.outcome(), verdict.describe());
        assertEquals(at + 1, verdict.line(), verdict.describe());
        assertEquals(changed.get("streamversion").asLong(), verdict.version());
    }

    @Test
    void a_changed_tile_is_found() throws IOException {
        List<String> lines = PlayedGames.game("alhambra", "g", 7);
        int at = first(lines, 1, node -> node.path("data").path("tile").has("type"));
        ObjectNode changed = (ObjectNode) JSON.readTree(lines.get(at));
        ObjectNode tile = (ObjectNode) changed.get("data").get("tile");
        tile.put("type", "tower".equals(tile.get("type").asText()) ? "garden" : "tower");
        lines.set(at, JSON.writeValueAsString(changed));

        Verdict verdict = verify(lines).games().get(0);
        assertEquals(Verdict.Outcome.DIFFERS, verdict.outcome());
        assertEquals(at + 1, verdict.line(), verdict.describe());
        assertTrue(verdict.detail().contains("the rules give"), verdict.detail());
    }

    @Test
    void a_changed_move_is_found_at_its_line() throws IOException {
        List<String> lines = PlayedGames.game("builders", "g", 11);
        int at = first(lines, 3, node -> node.has("move"));
        int next = first(lines, at + 1, node -> node.has("move"));
        ObjectNode changed = (ObjectNode) JSON.readTree(lines.get(at));
        changed.put("move", JSON.readTree(lines.get(next)).get("move").asText());
        lines.set(at, JSON.writeValueAsString(changed));

        Verdict verdict = verify(lines).games().get(0);
        assertEquals(Verdict.Outcome.DIFFERS, verdict.outcome());
        assertTrue(verdict.line() >= at + 1, verdict.describe());
    }

    /** A move the rules cannot even read whole (a field left out) differs at its line; the verifier goes on. */
    @Test
    void a_move_with_a_field_left_out_differs_at_its_line() throws IOException {
        List<String> lines = PlayedGames.game("alhambra", "g", 13);
        int at = first(lines, 1, node -> node.has("move"));
        ObjectNode changed = (ObjectNode) JSON.readTree(lines.get(at));
        ObjectNode move = (ObjectNode) JSON.readTree(changed.get("move").asText());
        List<String> fields = new ArrayList<>();
        move.fieldNames().forEachRemaining(fields::add);
        fields.stream().filter(f -> !f.equals("type")).forEach(move::remove);
        changed.put("move", JSON.writeValueAsString(move));
        lines.set(at, JSON.writeValueAsString(changed));
        lines.addAll(PlayedGames.game("alhambra", "h", 14));

        Report report = verify(lines);
        Verdict verdict = report.games().get(0);
        assertEquals(Verdict.Outcome.DIFFERS, verdict.outcome(), verdict.describe());
        assertEquals(at + 1, verdict.line(), verdict.describe());
        assertEquals(
                Verdict.Outcome.VERIFIED,
                report.games().get(1).outcome(),
                report.games().get(1).describe());
    }

    /** An undo may not go back past something revealed: a platform could otherwise draw again until it liked a draw. */
    @Test
    void an_undo_back_past_a_draw_is_found() throws IOException {
        List<String> lines = PlayedGames.game("alhambra", "g", 9);
        int at = 30;
        ObjectNode undo = (ObjectNode) JSON.readTree(lines.get(at));
        undo.remove("movedby");
        undo.remove("move");
        undo.put("type", "tessera.game.MovesTakenBack");
        undo.put("dataschema", "https://tessera.dev/schemas/events/tessera.game.MovesTakenBack/v1.json");
        undo.set(
                "data",
                JSON.createObjectNode()
                        .put("gameId", "g")
                        .put("player", "ana")
                        .put("toVersion", 1)
                        .put("moves", 1));
        List<String> spliced = new ArrayList<>(lines.subList(0, at));
        spliced.add(JSON.writeValueAsString(undo));
        for (String line : lines.subList(at, lines.size())) {
            ObjectNode later = (ObjectNode) JSON.readTree(line);
            later.put("streamversion", later.get("streamversion").asLong() + 1);
            spliced.add(JSON.writeValueAsString(later));
        }

        Verdict verdict = verify(spliced).games().get(0);
        assertEquals(Verdict.Outcome.DIFFERS, verdict.outcome(), verdict.describe());
        assertEquals(at + 1, verdict.line(), verdict.describe());
        assertTrue(verdict.detail().contains("undo"), verdict.detail());
    }

    @Test
    void a_seed_other_than_the_committed_one_is_found() throws IOException {
        List<String> lines = PlayedGames.game("carrara", "g", 5);
        int last = lines.size() - 1;
        ObjectNode revealed = (ObjectNode) JSON.readTree(lines.get(last));
        ((ObjectNode) revealed.get("data")).put("seed", 6);
        lines.set(last, JSON.writeValueAsString(revealed));

        Verdict verdict = verify(lines).games().get(0);
        assertEquals(Verdict.Outcome.DIFFERS, verdict.outcome());
        assertEquals(lines.size(), verdict.line());
        assertTrue(verdict.detail().contains("commitment"), verdict.detail());
    }

    @Test
    void a_game_without_a_commitment_or_not_ended_is_not_verifiable_and_not_a_failure() throws IOException {
        List<String> old = PlayedGames.game("alhambra", "old", 3);
        ObjectNode started = (ObjectNode) JSON.readTree(old.get(0));
        ((ObjectNode) started.get("data")).remove("commitment");
        started.put("dataschema", "https://tessera.dev/schemas/events/tessera.game.GameStarted/v2.json");
        old.set(0, JSON.writeValueAsString(started));
        List<String> running = PlayedGames.game("alhambra", "running", 4).subList(0, 40);
        List<String> both = new ArrayList<>(old);
        both.addAll(running);

        Report report = verify(both);
        assertEquals(2, report.count(Verdict.Outcome.NOT_VERIFIABLE), report.summary());
        assertTrue(
                report.games().get(0).detail().contains("no commitment"),
                report.games().get(0).detail());
        assertTrue(
                report.games().get(1).detail().contains("not ended"),
                report.games().get(1).detail());
        assertTrue(report.passed());
    }

    @Test
    void a_file_that_is_not_an_export_is_refused_naming_its_first_bad_line() throws IOException {
        List<String> lines =
                new ArrayList<>(PlayedGames.game("builders", "g", 1).subList(0, 3));
        lines.add("{\"name\": \"ana\"}");
        Report report = verify(lines);
        assertFalse(report.passed());
        assertTrue(report.badLine().startsWith("line 4 "), report.badLine());
        assertTrue(verify(List.of("not json")).badLine().startsWith("line 1 "));
        assertEquals("it holds no event", verify(List.of()).badLine());
    }

    private static Report verify(List<String> lines) throws IOException {
        return Verifier.verify(new StringReader(String.join("\n", lines)));
    }

    private static int first(List<String> lines, int from, Predicate<JsonNode> wanted) throws IOException {
        for (int i = from; i < lines.size(); i++) {
            if (wanted.test(JSON.readTree(lines.get(i)))) {
                return i;
            }
        }
        throw new AssertionError("no such line");
    }

    private static JsonNode numberIn(JsonNode node) {
        if (node.isInt()) {
            return node;
        }
        for (JsonNode child : node) {
            JsonNode found = numberIn(child);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    /** Adds one to the first number in {@code node}, depth first. */
    private static boolean bump(JsonNode node) {
        var fields = node.isObject() ? node.fieldNames() : null;
        if (fields != null) {
            while (fields.hasNext()) {
                String name = fields.next();
                JsonNode child = node.get(name);
                if (child.isInt()) {
                    ((ObjectNode) node).put(name, child.asInt() + 1);
                    return true;
                }
                if (bump(child)) {
                    return true;
                }
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                JsonNode child = node.get(i);
                if (child.isInt()) {
                    ((com.fasterxml.jackson.databind.node.ArrayNode) node).set(i, child.asInt() + 1);
                    return true;
                }
                if (bump(child)) {
                    return true;
                }
            }
        }
        return false;
    }
}
