package dev.tessera.game.play;

import dev.tessera.events.game.GameStarted;
import dev.tessera.game.rules.RulesEngine;
import java.util.List;

/**
 * A game folded from its stream: how it started, its current state and the stream version that state
 * reflects (the version a move must expect).
 *
 * @param lastAppend the events of the append that ended at {@code version}, with their batch metadata, when this
 *                   instance made it (a player's move): what legal-moves needs to say whether an undo is possible,
 *                   without reading them again ({@link GameUndo#possible}); null when unknown (folded from the store)
 */
public record GameStream<S, M, E>(
        GameStarted started, RulesEngine<S, M, E> engine, S state, long version, List<UndoPoint.Entry> lastAppend) {

    public GameStream(GameStarted started, RulesEngine<S, M, E> engine, S state, long version) {
        this(started, engine, state, version, null);
    }

    /** The same game, knowing the append that brought it to its version. */
    GameStream<S, M, E> withLastAppend(List<UndoPoint.Entry> entries) {
        return new GameStream<>(started, engine, state, version, List.copyOf(entries));
    }
}
