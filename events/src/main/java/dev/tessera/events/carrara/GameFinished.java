package dev.tessera.events.carrara;

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
 * @param vpPerObject   VP per object held
 * @param vpPerBuilding VP per building built
 */
@EventType("tessera.carrara.GameFinished")
public record GameFinished(String reason, String declaredBy, int coinsPerVp, int vpPerObject, int vpPerBuilding,
                           List<Tally> players) implements CarraraEvent {
    public GameFinished {
        players = List.copyOf(players);
    }

    /**
     * @param vp           VP scored during play (valuations, end bonus)
     * @param buildingCost total cost of the player's buildings
     * @param stones       stones held (the tie-breaker)
     */
    public record Tally(String player, int vp, int coins, int objects, int buildings, int buildingCost, int stones) {
    }
}
