package dev.tessera.scoring.carrara;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/**
 * A finished Carrara game to rank. The game's {@code GameFinished} event reads as this input.
 *
 * @param coinsPerVp          coins worth one VP (5 in the basic game)
 * @param vpPerObject         VP per object the object card counts
 * @param vpPerLeftoverObject VP per object the object card does not count (expansion: 1); optional, 0 when absent
 * @param vpPerBuilding       VP per building built
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record FinalScoringInput(
        Integer coinsPerVp,
        Integer vpPerObject,
        Integer vpPerLeftoverObject,
        Integer vpPerBuilding,
        List<Tally> players) {

    /**
     * @param vp             VP scored during play
     * @param objectsCounted of {@code objects}, those the object card counts; optional, all of them when absent
     * @param stones         stones held: the first tie-breaker
     * @param bonusVp        what the bonus card gives (expansion); optional, 0 when absent
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Tally(
            String player,
            Integer vp,
            Integer coins,
            Integer objects,
            Integer objectsCounted,
            Integer buildings,
            Integer stones,
            Integer bonusVp) {}
}
