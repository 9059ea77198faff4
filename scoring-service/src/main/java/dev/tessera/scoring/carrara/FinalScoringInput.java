package dev.tessera.scoring.carrara;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/**
 * A finished Carrara game to rank. The game's {@code GameFinished} event reads as this input.
 *
 * @param coinsPerVp    coins worth one VP (5 in the basic game)
 * @param vpPerObject   VP per object held at the end
 * @param vpPerBuilding VP per building built
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record FinalScoringInput(Integer coinsPerVp, Integer vpPerObject, Integer vpPerBuilding, List<Tally> players) {

    /**
     * @param vp     VP scored during play
     * @param stones stones held: the first tie-breaker
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Tally(String player, Integer vp, Integer coins, Integer objects, Integer buildings, Integer stones) {
    }
}
