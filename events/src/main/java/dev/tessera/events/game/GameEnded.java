package dev.tessera.events.game;

import dev.tessera.events.EventType;
import java.util.List;

/** The last event of a game stream: final standings, best first. */
@EventType("tessera.game.GameEnded")
public record GameEnded(String gameId, List<Standing> standings) implements GameLifecycleEvent {
    public record Standing(String player, int score, int rank) {}
}
