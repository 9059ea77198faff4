package dev.tessera.gateway.api.model;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** What a Carrara valuation pays (scoring-service's ValuationResult). */
@Schema(name = "CarraraValuationResult", examples = Examples.CARRARA_VALUATION_RESULT)
public record CarraraValuationResult(
        @Schema(required = true) int vp,
        @Schema(required = true) int coins,

        @Schema(required = true, description = "How many objects the player takes")
        int objects,

        @Schema(description = "Which objects, when the buildings name them (omitted when empty)")
        List<String> objectsTaken) {}
