package dev.tessera.game.play;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.game.MovesTakenBack;
import dev.tessera.game.rules.Decision;
import dev.tessera.game.rules.Reveals;
import dev.tessera.game.rules.RulesEngine;
import java.util.ArrayList;
import java.util.List;

/**
 * How far back an undo by a seat goes, by Board Game Arena's rule: it takes back the seat's own moves since its turn
 * began, back to the last point where something hidden or random came to light. Pure: from the stream's latest
 * events with the metadata each append recorded (which move, by which seat, made them: {@link Batch}).
 *
 * <p>The events an earlier undo took back do not count ({@link MovesTakenBack}). What is left is read backwards one
 * move (one append) at a time: a move may be taken back if the seat made it and none of its events revealed something
 * or ended a turn ({@link Reveals}). Anything else stops the walk: another seat's move, a fact from outside the rules
 * (a timeout, a scoring answer), events appended before moves were recorded, a fork's copied events.
 */
public final class UndoPoint {
    private UndoPoint() {}

    /** One stored event: its version, the event, and the metadata of the append that wrote it. */
    public record Entry(long version, TesseraEvent event, JsonNode metadata) {
        /** The version of the first event of the append that wrote this one; 0 when the append recorded none. */
        long batch() {
            return metadata == null ? 0 : metadata.path(Batch.FIRST).asLong(0);
        }

        String by() {
            return metadata == null ? null : metadata.path(Batch.BY).asText(null);
        }
    }

    /** What the walk found: an undo back to {@code toVersion} taking back {@code moves} moves, or a refusal. */
    public sealed interface Verdict {}

    public record Possible(long toVersion, int moves) implements Verdict {}

    public record Refused(String rule, String detail) implements Verdict {}

    /**
     * The undo {@code seat} may make now, from {@code recent}: the stream's latest events in order, up to its end.
     * Nothing before {@code recent} is ever taken back. The caller has checked that the seat is to move.
     */
    @SuppressWarnings("unchecked")
    public static <E> Verdict find(List<Entry> recent, String seat, RulesEngine<?, ?, E> engine) {
        List<Entry> counted = new ArrayList<>();
        for (Entry e : recent) {
            if (e.event() instanceof MovesTakenBack back) {
                counted.removeIf(c -> c.version() > back.toVersion());
            } else {
                counted.add(e);
            }
        }
        int moves = 0;
        long toVersion = -1;
        int i = counted.size() - 1;
        String stoppedBy = null;
        while (i >= 0) {
            long batch = counted.get(i).batch();
            int first = i;
            while (first > 0 && batch != 0 && counted.get(first - 1).batch() == batch) {
                first--;
            }
            List<Entry> move = counted.subList(first, i + 1);
            stoppedBy = stop(move, batch, seat, engine);
            if (stoppedBy != null) {
                break;
            }
            moves++;
            toVersion = move.get(0).version() - 1;
            i = first - 1;
        }
        if (moves > 0) {
            return new Possible(toVersion, moves);
        }
        if (REVEALED.equals(stoppedBy)) {
            return new Refused(
                    "information-revealed",
                    "your last move showed something that was hidden or random, so it cannot be taken back");
        }
        return new Refused("nothing-to-undo", "you have made no move this turn that can be taken back");
    }

    private static final String REVEALED = "revealed";

    /** Why the walk stops at {@code move}, or null when it may be taken back. */
    @SuppressWarnings("unchecked")
    private static <E> String stop(List<Entry> move, long batch, String seat, RulesEngine<?, ?, E> engine) {
        if (batch == 0 || !seat.equals(move.get(0).by())) {
            return "not-theirs";
        }
        for (Entry e : move) {
            if (!engine.eventType().isInstance(e.event())) {
                return "not-a-move";
            }
            Reveals.Effect effect = engine.reveals().of((E) e.event());
            if (effect == Reveals.Effect.REVEALS) {
                return REVEALED;
            }
            if (effect == Reveals.Effect.ENDS_TURN) {
                return "turn-ended";
            }
        }
        return null;
    }

    /**
     * Whether {@code move} by {@code seat} would show something hidden or random and leave the turn going: after it,
     * none of the turn's moves can be taken back any more, which a player may not expect (a move that ends the turn
     * is expected to be final).
     */
    @SuppressWarnings("unchecked")
    public static <S, M, E> boolean revealsMidTurn(RulesEngine<S, M, E> engine, S state, String seat, M move) {
        if (!(engine.decide(state, seat, move) instanceof Decision.Accepted<E> accepted)) {
            return false;
        }
        boolean reveals = false;
        for (E event : accepted.events()) {
            Reveals.Effect effect = engine.reveals().of(event);
            if (effect == Reveals.Effect.ENDS_TURN) {
                return false;
            }
            reveals |= effect == Reveals.Effect.REVEALS;
        }
        return reveals;
    }
}
