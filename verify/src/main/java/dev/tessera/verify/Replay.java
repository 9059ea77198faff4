package dev.tessera.verify;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.events.EventCodec;
import dev.tessera.events.EventTypes;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.game.GameEnded;
import dev.tessera.events.game.GameStarted;
import dev.tessera.events.game.MovesTakenBack;
import dev.tessera.events.game.PlayerTimedOut;
import dev.tessera.events.game.SeatTakenByBot;
import dev.tessera.events.game.SeedRevealed;
import dev.tessera.game.rules.Decision;
import dev.tessera.game.rules.GameSetup;
import dev.tessera.game.rules.RulesEngine;
import dev.tessera.game.rules.UndoStates;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One finished game decided again from its first event: the state set up from the revealed seed, each recorded move
 * decided by the rules engine and its events compared with the export's, the facts from outside the players (an undo,
 * a timeout, a bot taking a seat) applied as game-service applies them, and scoring-service's answers computed again
 * ({@link ScoringAnswers}). The first event that differs ends the replay.
 */
final class Replay<S, M, E> {
    private final RulesEngine<S, M, E> engine;
    private final EventCodec codec;
    private final ObjectMapper mapper;
    private final GameStarted started;
    private final List<Line> lines;
    private final ScoringAnswers scoring;

    /** Scoring-service's answers due, by key (the round, the valuation, the end), until the game records them. */
    private final Map<String, TesseraEvent> due = new HashMap<>();

    Replay(RulesEngine<S, M, E> engine, EventCodec codec, GameStarted started, List<Line> lines) {
        this.engine = engine;
        this.codec = codec;
        this.mapper = codec.mapper();
        this.started = started;
        this.lines = lines;
        this.scoring = ScoringAnswers.of(started.game(), mapper, started.gameId());
    }

    /** The line being decided: where an event the rules cannot take at all (they throw) is named. */
    private Line at;

    /** Null when every event is what the rules give; else the first difference. */
    Difference run(SeedRevealed revealed) {
        at = lines.get(0);
        try {
            return replay(revealed);
        } catch (RuntimeException e) {
            return new Difference(at, "the rules cannot take this event here: " + e);
        }
    }

    private Difference replay(SeedRevealed revealed) {
        S state = engine.start(new GameSetup(started.players(), revealed.seed(), started.options()));
        JsonNode initial = canonical(mapper.valueToTree(engine.view(state, null)));
        if (!initial.equals(canonical(started.initialState()))) {
            return new Difference(
                    lines.get(0),
                    "the game set up from the revealed seed is " + initial + ", the export's initialState is "
                            + started.initialState());
        }
        // The states an undo may go back to, kept as game-service keeps them when it folds.
        UndoStates<S> states = new UndoStates<>(1L, state);
        long version = 1;
        int i = 1;
        while (i < lines.size()) {
            Line line = lines.get(i);
            at = line;
            if (line.envelope().streamversion() != version + 1) {
                return new Difference(line, "version " + (version + 1) + " is missing before this event");
            }
            TesseraEvent recorded;
            try {
                recorded = codec.read(line.envelope());
            } catch (RuntimeException e) {
                return new Difference(line, "the event does not read as a " + line.type() + ": " + e.getMessage());
            }
            if (line.envelope().move() != null) {
                Moved<S> moved = move(i, state, states);
                if (moved.difference() != null) {
                    return moved.difference();
                }
                state = moved.state();
                version = lines.get(i + moved.events() - 1).envelope().streamversion();
                i += moved.events();
                continue;
            }
            E ruled = null;
            if (recorded instanceof MovesTakenBack back) {
                S then = back.toVersion() >= version ? null : states.back(back.toVersion());
                if (then == null) {
                    return new Difference(
                            line,
                            "an undo to version " + back.toVersion() + ", back past something revealed or a turn's "
                                    + "end (or to a version the game never had): no undo goes there");
                }
                state = then;
            } else if (recorded instanceof SeedRevealed) {
                if (i != lines.size() - 1) {
                    return new Difference(line, "the seed is revealed before the game's last event");
                }
                if (!engine.isOver(state)) {
                    return new Difference(line, "the seed is revealed, but by the rules the game is not over");
                }
            } else if (recorded instanceof PlayerTimedOut || recorded instanceof SeatTakenByBot) {
                // A clock's facts: no draw, no change to the rules' state.
            } else if (recorded instanceof GameEnded || engine.eventType().isInstance(recorded)) {
                Difference wrong = answer(line, recorded);
                if (wrong != null) {
                    return wrong;
                }
                if (engine.eventType().isInstance(recorded)) {
                    ruled = engine.eventType().cast(recorded);
                    state = engine.evolve(state, ruled);
                }
            } else {
                return new Difference(line, "a " + line.type() + " has no place in a game's stream after its start");
            }
            version = line.envelope().streamversion();
            states.after(engine, ruled, version, state);
            i++;
        }
        if (!due.isEmpty()) {
            return new Difference(
                    lines.get(lines.size() - 1), "the game ends without scoring-service's answer to " + due.keySet());
        }
        return null;
    }

    private record Moved<T>(T state, int events, Difference difference) {}

    /** The move recorded on line {@code first}, decided on {@code state}; its events compared with the lines from there. */
    private Moved<S> move(int first, S state, UndoStates<S> states) {
        Line line = lines.get(first);
        M move;
        try {
            move = mapper.treeToValue(mapper.readTree(line.envelope().move()), engine.moveType());
        } catch (JsonProcessingException | IllegalArgumentException e) {
            return new Moved<>(
                    state,
                    0,
                    new Difference(
                            line,
                            "the move " + line.envelope().move() + " does not read as a " + engine.game() + " move: "
                                    + e.getMessage()));
        }
        String seat = line.envelope().movedby();
        Decision<E> decision = engine.decide(state, seat, move);
        if (decision instanceof Decision.Rejected<E> rejected) {
            return new Moved<>(
                    state,
                    0,
                    new Difference(
                            line,
                            "the rules refuse " + seat + "'s move "
                                    + line.envelope().move() + " here (" + rejected.rule() + ": " + rejected.detail()
                                    + ")"));
        }
        List<E> produced = ((Decision.Accepted<E>) decision).events();
        if (produced.isEmpty()) {
            // game-service never records such a move (an append holds at least one event).
            return new Moved<>(
                    state,
                    0,
                    new Difference(
                            line,
                            "the rules give no event for " + seat + "'s move "
                                    + line.envelope().move() + ", which the export records here"));
        }
        for (int k = 0; k < produced.size(); k++) {
            E expected = produced.get(k);
            String type = EventTypes.of(((TesseraEvent) expected).getClass()).value();
            JsonNode data = canonical(codec.data((TesseraEvent) expected));
            if (first + k >= lines.size()) {
                return new Moved<>(
                        state,
                        0,
                        new Difference(
                                lines.get(lines.size() - 1),
                                "the move gives " + produced.size() + " events; the export ends after " + k
                                        + " of them, " + "before " + type + " " + data));
            }
            at = lines.get(first + k);
            if (k > 0 && at.envelope().move() != null) {
                return new Moved<>(
                        state,
                        0,
                        new Difference(
                                at,
                                "the move before gives " + type + " " + data + " here; the export has another move"));
            }
            JsonNode found;
            try {
                found = canonical(codec.data(codec.read(at.envelope())));
            } catch (RuntimeException e) {
                found = at.envelope().data();
            }
            if (!type.equals(at.type()) || !data.equals(found)) {
                return new Moved<>(
                        state,
                        0,
                        new Difference(
                                at,
                                "the rules give " + type + " " + data + "; the export has " + at.type() + " "
                                        + at.envelope().data()));
            }
            state = engine.evolve(state, expected);
            due.putAll(scoring.answersTo(expected, state));
            states.after(engine, expected, at.envelope().streamversion(), state);
        }
        return new Moved<>(state, produced.size(), null);
    }

    /** A fact recorded without a move: what scoring-service answered, checked against what it answers again. */
    private Difference answer(Line line, TesseraEvent recorded) {
        String key = scoring.keyOf(recorded);
        TesseraEvent expected = key == null ? null : due.remove(key);
        if (expected == null) {
            return new Difference(
                    line,
                    "no recorded move gives this " + line.type() + ", and scoring-service was "
                            + "asked for no such answer");
        }
        JsonNode want = canonical(codec.data(expected));
        JsonNode found = canonical(codec.data(recorded));
        if (!want.equals(found)) {
            return new Difference(line, "scoring-service's calculators give " + want + "; the export has " + found);
        }
        return null;
    }

    /** The JSON as text would read it back: numbers of one kind whatever wrote them, so that equal values compare equal. */
    private JsonNode canonical(JsonNode node) {
        try {
            return mapper.readTree(mapper.writeValueAsString(node));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The first event that differs, and how. */
    record Difference(Line line, String what) {}
}
