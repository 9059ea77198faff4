package dev.tessera.game.alhambra;

import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.events.alhambra.AlhambraEvent.PointsAwarded;
import dev.tessera.events.alhambra.AlhambraEvent.ScoringRoundTriggered;
import dev.tessera.game.alhambra.AlhambraState.Phase;
import dev.tessera.game.rules.Decision;
import dev.tessera.game.rules.GameSetup;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;

/**
 * Plays a whole game through legalMoves() with a seeded Random: first a kind of move (take money, buy,
 * redesign, place, reserve, give to Dirk, pass) uniformly, then one move of that kind, so that the
 * many redesign moves do not drown the moves that drive the game forward. Stands in for the scoring
 * service by appending a PointsAwarded (random numbers) after every ScoringRoundTriggered.
 */
final class RandomPlayout {
    /** No game comes near this; reaching it means the game does not end. */
    static final int MAX_MOVES = 5_000;

    record Game(AlhambraState end, List<AlhambraEvent> events, int moves) {
    }

    private RandomPlayout() {
    }

    static Game play(GameSetup setup, Random random, Consumer<AlhambraState> afterEachMove) {
        AlhambraEngine engine = Fixture.ENGINE;
        AlhambraState state = engine.start(setup);
        List<AlhambraEvent> events = new ArrayList<>();
        int moves = 0;
        while (!engine.isOver(state)) {
            if (++moves > MAX_MOVES) {
                throw new AssertionError("game " + setup.seed() + " did not end within " + MAX_MOVES + " moves");
            }
            String player = mover(state);
            List<AlhambraMove> legal = engine.legalMoves(state, player);
            if (legal.isEmpty()) {
                throw new AssertionError("no legal move for " + player + " in phase " + state.phase());
            }
            AlhambraMove move = pick(legal, random);
            Decision<AlhambraEvent> decision = engine.decide(state, player, move);
            if (!(decision instanceof Decision.Accepted<AlhambraEvent> accepted)) {
                throw new AssertionError("legal move " + move + " rejected: " + decision);
            }
            for (AlhambraEvent e : accepted.events()) {
                state = engine.evolve(state, e);
                events.add(e);
                if (e instanceof ScoringRoundTriggered t) {
                    PointsAwarded points = randomPoints(state, t.round(), random);
                    state = engine.evolve(state, points);
                    events.add(points);
                }
            }
            afterEachMove.accept(state);
        }
        return new Game(state, events, moves);
    }

    /** Whoever must move: the current player, or at the end the first one with a leftover tile to place. */
    static String mover(AlhambraState s) {
        if (s.phase() == Phase.FINAL_PLACEMENT) {
            return s.players().stream().filter(p -> !p.pending().isEmpty()).findFirst().orElseThrow().id();
        }
        return s.currentPlayer();
    }

    private static AlhambraMove pick(List<AlhambraMove> legal, Random random) {
        Map<Class<?>, List<AlhambraMove>> byKind = new LinkedHashMap<>();
        for (AlhambraMove m : legal) {
            boolean redesign = m instanceof AlhambraMove.RedesignPlace || m instanceof AlhambraMove.RedesignRemove
                    || m instanceof AlhambraMove.RedesignSwap;
            byKind.computeIfAbsent(redesign ? AlhambraMove.RedesignPlace.class : m.getClass(),
                    k -> new ArrayList<>()).add(m);
        }
        List<List<AlhambraMove>> kinds = new ArrayList<>(byKind.values());
        List<AlhambraMove> kind = kinds.get(random.nextInt(kinds.size()));
        return kind.get(random.nextInt(kind.size()));
    }

    private static PointsAwarded randomPoints(AlhambraState s, int round, Random random) {
        Map<String, Integer> points = new LinkedHashMap<>();
        s.seats().forEach(p -> points.put(p, random.nextInt(30)));
        return new PointsAwarded(round, points);
    }
}
