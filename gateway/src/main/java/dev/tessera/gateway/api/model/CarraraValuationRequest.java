package dev.tessera.gateway.api.model;

import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Body of POST /api/v1/calculators/carrara/valuation (scoring-service's ValuationInput). */
@Schema(
        name = "CarraraValuationRequest",
        description = "One valuation, by building type, by city or (the expansion) "
                + "by category: all city buildings pay coins, all land buildings VP, and no objects.",
        examples = {Examples.CARRARA_VALUATION_REQUEST, Examples.CARRARA_VALUATION_REQUEST_CATEGORY})
public record CarraraValuationRequest(
        @Schema(
                required = true,
                enumeration = {"type", "city", "category"})
        String kind,

        @Schema(
                required = true,
                description = "The building type (Palazzo…), city (Pisa…) or category (city, land) valued")
        String target,

        @Schema(
                required = true,
                description =
                        "The player's buildings; only those of the target type, in the target city or of the target category count")
        List<Building> buildings,

        @Schema(description = "Value and pay-out per city; the board's when left out")
        List<City> cities,

        @Schema(description = "Objects left in the supply by object; unlimited when left out")
        Map<String, Integer> objectsLeft) {

    @Schema(name = "CarraraValuedBuilding")
    public record Building(
            @Schema(required = true, examples = "Pisa") String city,
            @Schema(required = true, examples = "Palazzo") String type,

            @Schema(required = true, description = "1 to 5, or 8 for the expansion's extra board")
            Integer cost,

            @Schema(description = "The object shown on the tile, e.g. crown")
            String object,

            @Schema(
                    description = "What the player's upgrade tiles (expansion) add to the city's value for "
                            + "this building; 0 when left out")
            Integer bonus) {}

    @Schema(name = "CarraraCityValue")
    public record City(
            @Schema(required = true) String city,
            @Schema(required = true) Integer value,

            @Schema(
                    required = true,
                    enumeration = {"vp", "coins"})
            String payout) {}
}
