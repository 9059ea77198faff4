package dev.tessera.scoring.carrara;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * What a valuation pays.
 *
 * @param objects      number of objects the player takes
 * @param objectsTaken which objects, one entry each, when the buildings name them (omitted from JSON when empty)
 */
public record ValuationResult(
        int vp,
        int coins,
        int objects,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> objectsTaken) {
    public ValuationResult {
        objectsTaken = List.copyOf(objectsTaken);
    }
}
