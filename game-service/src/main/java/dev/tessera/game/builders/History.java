package dev.tessera.game.builders;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.game.rules.Lines;
import java.util.Locale;

/**
 * describe(): an event of The Builders as one line of the game's history, or null for the generic words
 * ({@link Lines}).
 */
final class History {
    private History() {}

    static String line(String name, JsonNode d) {
        String who = Lines.text(d, "player");
        return switch (name) {
            case "ConstructionStarted" -> who + " started building " + name(d.path("building"));
            case "WorkerRecruited" -> who + " recruited " + a(worker(d.path("worker")));
            case "WorkerSent" -> who + " sent " + a(worker(d.path("worker"))) + " to " + name(d.path("building"));
            case "MachineSent" -> who + " sent a machine to work";
            case "BuildingCompleted" -> who + " completed " + name(d.path("building"));
            case "CoinsTaken" -> who + " took " + d.path("coinsTaken").asText() + " coins";
            case "ActionPointBought" -> who + " bought an action point";
            case "TurnEnded" -> who + " ended the turn";
            default -> null;
        };
    }

    /** A building or worker by its name, else its type, else the value itself. */
    private static String name(JsonNode x) {
        if (x.isObject()) {
            return x.hasNonNull("name")
                    ? x.path("name").asText()
                    : x.path("type").asText();
        }
        return x.asText();
    }

    private static String worker(JsonNode w) {
        String name = name(w);
        return (name.isEmpty() ? "worker" : name).toLowerCase(Locale.ROOT);
    }

    /** "a worker", "an apprentice". */
    private static String a(String noun) {
        return ("aeiou".indexOf(noun.isEmpty() ? 'x' : noun.charAt(0)) >= 0 ? "an " : "a ") + noun;
    }
}
