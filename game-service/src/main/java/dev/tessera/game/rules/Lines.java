package dev.tessera.game.rules;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The words of a game's history that every title shares: an event no title words is "&lt;player&gt;: &lt;its type in
 * words&gt;" ("ana: seat taken by bot"), and the helpers the titles' {@code History} use on an event's published JSON.
 */
public final class Lines {
    private Lines() {}

    /** The line of an event no title words: its player, if it names one, and its type in words. */
    public static String generic(String name, JsonNode data) {
        String who = text(data, "player");
        return (who.isEmpty() ? "" : who + ": ") + words(name);
    }

    /** "SeatTakenByBot" → "seat taken by bot". */
    public static String words(String name) {
        return name.replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(java.util.Locale.ROOT);
    }

    /** Each item of a JSON array in words, joined with ", " ("" for none). */
    public static String join(JsonNode items, Function<JsonNode, String> words) {
        List<String> each = new ArrayList<>();
        items.forEach(i -> each.add(words.apply(i)));
        return String.join(", ", each);
    }

    /** A text member of {@code data}, or "" when it has none. */
    public static String text(JsonNode data, String field) {
        JsonNode v = data.path(field);
        return v.isNull() || v.isMissingNode() ? "" : v.asText();
    }
}
