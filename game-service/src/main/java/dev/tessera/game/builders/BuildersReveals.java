package dev.tessera.game.builders;

import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.game.rules.Reveals;

/**
 * What each event of The Builders does to an undo (game-service/docs/builders.md, "Undo"). Both decks lie face up,
 * but taking a card from a display draws the deck's top card into it and uncovers the card under it: a building
 * started or a worker recruited while its deck still had cards cannot be taken back. Sending workers and machines,
 * completing a building, taking coins and buying an action point show nothing new and may be taken back within the
 * turn. The end of a turn, the last round announced and the final tally cannot.
 */
final class BuildersReveals {
    private BuildersReveals() {}

    static final Reveals<BuildersEvent> RULE = Reveals.of(BuildersEvent.class)
            .revealsWhen(BuildersEvent.ConstructionStarted.class, e -> e.replacement() != null || e.deckTop() != null)
            .revealsWhen(BuildersEvent.WorkerRecruited.class, e -> e.replacement() != null || e.deckTop() != null)
            .nothing(
                    BuildersEvent.WorkerSent.class,
                    BuildersEvent.MachineSent.class,
                    BuildersEvent.BuildingCompleted.class,
                    BuildersEvent.CoinsTaken.class,
                    BuildersEvent.ActionPointBought.class)
            .endsTurn(BuildersEvent.TurnEnded.class, BuildersEvent.GameEndTriggered.class)
            .reveals(BuildersEvent.GameFinished.class)
            .build();
}
