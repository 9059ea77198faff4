package dev.tessera.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Bots that know only the public API: they choose among the legal moves the server lists, never
 * construct a move themselves. Third-party developers can start from them.
 */
public final class Bots {
    private Bots() {}

    public interface Bot {
        JsonNode choose(String game, List<JsonNode> legal, Random random);
    }

    /** The bot of that name: "greedy", else the random one. */
    public static Bot named(String name) {
        return "greedy".equals(name) ? GREEDY : RANDOM;
    }

    /**
     * Random: first a kind of move, then one of that kind, so that kinds with many variants (redesigns,
     * payments) do not crowd out the ones that move the game on.
     */
    public static final Bot RANDOM = (game, legal, random) -> {
        List<List<JsonNode>> kinds = new ArrayList<>(byKind(legal).values());
        List<JsonNode> kind = kinds.get(random.nextInt(kinds.size()));
        return kind.get(random.nextInt(kind.size()));
    };

    /**
     * Kinds a greedy player prefers, best first, per game; anything else comes after, at random. A Builders machine
     * works for no wage, so it goes before any worker; Carrara's expansion moves (cost-8 buildings, renovations,
     * category valuations) rank beside the basic moves they resemble.
     */
    private static final Map<String, List<String>> PREFERENCES = Map.of(
            "alhambra", List.of("place-tile", "buy-tile", "take-money"),
            "builders", List.of("send-machine", "send-worker", "start-construction", "take-coins", "recruit-worker"),
            "carrara",
                    List.of(
                            "value-type",
                            "value-city",
                            "value-category",
                            "build-large",
                            "build",
                            "renovate",
                            "buy-stones"));

    /**
     * Greedy: the most preferred kind available, and within it the move that takes the most (cards,
     * stones, action points), as a simple stand-in for "the most now".
     */
    public static final Bot GREEDY = (game, legal, random) -> {
        Map<String, List<JsonNode>> kinds = byKind(legal);
        for (String preferred : PREFERENCES.getOrDefault(game, List.of())) {
            List<JsonNode> moves = kinds.get(preferred);
            if (moves != null) {
                return moves.stream().max(Comparator.comparingInt(Bots::size)).orElseThrow();
            }
        }
        return RANDOM.choose(game, legal, random);
    };

    /** How much a move takes: its cards or stones, or the action points it spends on coins. */
    private static int size(JsonNode move) {
        int size = move.path("actionPoints").asInt(0);
        for (JsonNode field : move) {
            size += field.isArray() ? field.size() : 0;
        }
        return size;
    }

    private static Map<String, List<JsonNode>> byKind(List<JsonNode> legal) {
        Map<String, List<JsonNode>> kinds = new LinkedHashMap<>();
        legal.forEach(m -> kinds.computeIfAbsent(m.get("type").asText(), k -> new ArrayList<>())
                .add(m));
        return kinds;
    }
}
