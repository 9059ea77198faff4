package dev.tessera.scoring.games;

import java.util.List;

/**
 * One part of scoring (one title's, or what every game has): the events it handles and how. Its handlers are
 * registered in {@link GameScoring#HANDLERS}, which is what makes an event count.
 */
interface ScoringHandlers {
    /** Each event type this part handles, with its handler: {@link HandlerTable#on}. */
    List<HandlerTable.Entry<?>> handlers();
}
