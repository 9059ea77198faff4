package dev.tessera.events.game;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.EventType;
import java.util.List;
import java.util.Map;

/**
 * The first event of every game stream.
 *
 * @param seed         hidden information: every random draw of the game derives from it, so views,
 *                     feeds and exports for players and spectators never include it
 * @param initialState the game at set-up as a spectator sees it (the rules engine's view), so that a
 *                     consumer can follow the game from its events alone (Alhambra's neutral Dirk, for
 *                     instance, starts with tiles no later event mentions)
 */
@EventType("tessera.game.GameStarted")
public record GameStarted(
        String gameId,
        String tableId,
        String game,
        List<String> players,
        long seed,
        Map<String, String> options,
        JsonNode initialState)
        implements GameLifecycleEvent {}
