package dev.tessera.game.rules;

import java.util.TreeMap;

/**
 * The states an undo may go back to while a game's stream is folded: the state at each version since the last event
 * no undo reaches past (one that reveals something or ends a turn, {@link Reveals}). game-service folds its games with
 * it, and so does whoever decides a game again from its moves (the verifier), so that an undo puts back the same state
 * in both.
 *
 * @param <S> the game's state
 */
public final class UndoStates<S> {
    private final TreeMap<Long, S> since = new TreeMap<>();

    /** The fold starts from {@code state}, the game at {@code version}. */
    public UndoStates(long version, S state) {
        since.put(version, state);
    }

    /**
     * {@code state} is the game at {@code version}, after {@code event} of the rules of {@code engine}; {@code event}
     * is null for an event from outside the rules (an undo, a clock's fact), which forgets nothing.
     */
    public <E> void after(RulesEngine<S, ?, E> engine, E event, long version, S state) {
        if (event != null && !engine.reveals().keepsUndo(event)) {
            since.clear();
        }
        since.put(version, state);
    }

    /**
     * The state at {@code toVersion}, for an undo back to it, the states after it forgotten; null when it is not kept:
     * further back than an undo goes, or than the fold's start.
     */
    public S back(long toVersion) {
        S then = since.get(toVersion);
        if (then != null) {
            since.tailMap(toVersion, false).clear();
        }
        return then;
    }
}
