package dev.tessera.events.carrara;

import dev.tessera.events.EventType;
import java.util.Map;

/**
 * The no-coins rule: the player could do nothing else, revealed their holdings and took coins from the bank.
 *
 * @param revealedCoins  coins shown when revealing (public by this rule)
 * @param revealedStones stones held when revealing, by colour
 */
@EventType("tessera.carrara.CoinsTaken")
public record CoinsTaken(String player, int amount, int revealedCoins, Map<String, Integer> revealedStones)
        implements CarraraEvent {
    public CoinsTaken {
        revealedStones = Map.copyOf(revealedStones);
    }
}
