package dev.tessera.events.game;

import dev.tessera.events.EventType;

import java.util.List;
import java.util.Map;

/**
 * The first event of every game stream. {@code seed} is hidden information: every random draw of the
 * game derives from it, so views, feeds and exports for players and spectators never include it.
 */
@EventType("tessera.game.GameStarted")
public record GameStarted(String gameId, String tableId, String game, List<String> players, long seed,
                          Map<String, String> options) implements GameLifecycleEvent {
}
