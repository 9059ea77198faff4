package dev.tessera.game.carrara;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.game.rules.Lines;

/** describe(): a Carrara event as one line of the game's history, or null for the generic words ({@link Lines}). */
final class History {
    private static final String[] ROMAN = {"I", "II", "III", "IV", "V", "VI"};

    private History() {}

    static String line(String name, JsonNode d) {
        String who = Lines.text(d, "player");
        return switch (name) {
            case "WheelRotated" -> {
                String drawn = Lines.join(d.path("drawn"), JsonNode::asText);
                yield who + " turned the wheel (" + (drawn.isEmpty() ? "nothing" : drawn) + " from the bag)";
            }
            case "StonesBought" ->
                who + " bought " + Lines.join(d.path("stones"), JsonNode::asText) + " from section "
                        + roman(d.path("section").asInt()) + " for "
                        + d.path("price").asText();
            case "BuildingBuilt" ->
                who + " built " + Lines.text(d, "building") + " "
                        + d.path("cost").asText() + " in " + Lines.text(d, "city");
            case "ValuationRequested" -> who + " asked for a valuation of " + Lines.text(d, "target");
            case "ValuationScored" ->
                "Valuation of " + Lines.text(d, "target") + " for " + who + ": "
                        + d.path("vp").asText() + " VP, " + d.path("coins").asText() + " coins, "
                        + d.path("objects").size() + " object(s)";
            case "ObjectBought" ->
                who + " bought the " + Lines.text(d, "object") + " for "
                        + d.path("price").asText();
            case "CoinsTaken" -> who + " took " + d.path("amount").asText() + " coins";
            case "EndDeclared" ->
                who + " declared the end (+" + d.path("bonusVp").asText() + " VP)";
            case "TurnEnded" -> who + " ended the turn";
            case "RotationSkipped" -> who + " bought without turning the wheel";
            case "LargeBuildingBuilt" ->
                who + " built the large " + Lines.text(d, "building") + " in " + Lines.text(d, "city");
            case "UpgradeTaken" -> who + " took the upgrade tile " + Lines.text(d, "upgrade");
            case "BuildingRenovated" ->
                who + " renovated " + Lines.text(d, "city") + ": " + Lines.text(d, "building")
                        + " " + d.path("cost").asText() + " replaces " + Lines.text(d, "replacedBuilding") + " "
                        + d.path("replacedCost").asText();
            default -> null;
        };
    }

    private static String roman(int section) {
        return section >= 1 && section <= ROMAN.length ? ROMAN[section - 1] : String.valueOf(section);
    }
}
