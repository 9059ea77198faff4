package dev.tessera.game.alhambra;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.game.rules.Lines;
import java.util.ArrayList;
import java.util.List;

/** describe(): an Alhambra event as one line of the game's history, or null for the generic words ({@link Lines}). */
final class History {
    private History() {}

    static String line(String name, JsonNode d) {
        String who = Lines.text(d, "player");
        return switch (name) {
            case "MoneyTaken" -> who + " took " + Lines.join(d.path("cards"), History::card);
            case "TileBought" ->
                who + " bought " + tile(d.path("tile")) + " for "
                        + d.path("paid").asText() + " " + Lines.text(d, "currency")
                        + (d.path("exactAmount").asBoolean() ? " (exact: another action)" : "");
            case "TilePlaced" ->
                who + " placed " + tile(d.path("tile")) + " at " + d.path("x").asText() + ", "
                        + d.path("y").asText();
            case "TileReserved" -> who + " put " + tile(d.path("tile")) + " into the reserve";
            case "TilesSwapped" ->
                who + " swapped " + tile(d.path("placed")) + " in for " + tile(d.path("removed")) + " at "
                        + d.path("x").asText() + ", " + d.path("y").asText();
            case "TilesGivenToDirk" -> who + " gave " + Lines.join(d.path("tiles"), History::tile) + " to Dirk";
            case "PointsAwarded" -> "Scoring round " + d.path("round").asText() + ": " + points(d.path("points"));
            case "ScoringRoundTriggered" -> "Scoring round " + d.path("round").asText() + " begins";
            case "TurnEnded" -> who + " ended the turn";
            default -> null;
        };
    }

    private static String card(JsonNode c) {
        return c.isObject() ? Lines.text(c, "currency") + " " + c.path("value").asText() : "a card";
    }

    private static String tile(JsonNode t) {
        return t.isObject() ? Lines.text(t, "type") + " " + t.path("cost").asText() : "a tile";
    }

    private static String points(JsonNode points) {
        List<String> each = new ArrayList<>();
        points.fields()
                .forEachRemaining(e -> each.add(e.getKey() + " " + e.getValue().asText()));
        return each.isEmpty() ? "nobody scored" : String.join(", ", each);
    }
}
