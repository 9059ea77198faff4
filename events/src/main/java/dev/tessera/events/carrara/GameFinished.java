package dev.tessera.events.carrara;

import dev.tessera.events.AwaitsAnswer;
import dev.tessera.events.EventType;
import java.util.List;

/**
 * The last round is complete: the engine's last fact (the platform's {@code tessera.game.GameEnded},
 * carrying the standings, comes after final scoring). Carries every player's holdings (coins revealed)
 * and the conversion rates, so the scoring service computes the final standings without a Carrara
 * catalogue; its JSON is a valid input of that service's Carrara final-scoring calculator.
 *
 * @param reason        "buildings-exhausted" or "declared"
 * @param declaredBy    the player who declared the end, or null
 * @param coinsPerVp    coins worth one VP
 * @param vpPerObject   VP per object the object card (purple) counts
 * @param vpPerLeftoverObject VP per object the object card does not count (expansion: 1; 0 in the basic game)
 * @param vpPerBuilding VP per building built
 * @param bonusCard     the green bonus card in play (expansion), e.g. "large-building"; null in the basic game
 */
@EventType(value = "tessera.carrara.GameFinished", version = 2)
public record GameFinished(
        String reason,
        String declaredBy,
        int coinsPerVp,
        int vpPerObject,
        int vpPerLeftoverObject,
        int vpPerBuilding,
        String bonusCard,
        List<Tally> players)
        implements CarraraEvent, AwaitsAnswer {
    public GameFinished {
        players = List.copyOf(players);
    }

    /**
     * @param vp             VP scored during play (valuations, end bonus)
     * @param objects        objects held
     * @param objectsCounted of those, how many the object card counts (all of them in the basic game; with the
     *                       expansion, one of each kind); the others are leftovers
     * @param buildingCost   total cost of the player's buildings
     * @param stones         stones held (the tie-breaker)
     * @param bonusVp        what the green bonus card gives this player (0 when not met, and in the basic game)
     */
    public record Tally(
            String player,
            int vp,
            int coins,
            int objects,
            int objectsCounted,
            int buildings,
            int buildingCost,
            int stones,
            int bonusVp) {}
}
