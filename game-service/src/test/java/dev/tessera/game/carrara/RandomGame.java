package dev.tessera.game.carrara;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.tessera.events.carrara.CarraraEvent;
import dev.tessera.events.carrara.ValuationRequested;
import dev.tessera.events.carrara.ValuationScored;
import dev.tessera.game.rules.Decision;
import dev.tessera.game.rules.GameSetup;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Plays whole random games through legalMoves and decide, answering each valuation with a random but
 * valid scorer answer: the engine must cope with whatever the scoring service pays, so its invariants are
 * tested under arbitrary answers rather than the real formula (which scoring-service tests).
 * Shared by the property test and the benchmark.
 */
final class RandomGame {

    /** The most a random answer pays in VP and in coins: a type's five buildings (cost 15) all in 3-point cities. */
    static final int MAX_PAYOUT = 45;

    /** Called after every step with the state before, the events the step appended and the state after. */
    interface Observer {
        void step(CarraraState before, List<CarraraEvent> events, CarraraState after);
    }

    private RandomGame() {
    }

    /**
     * Plays until the game is over or {@code maxSteps} steps; returns every event in order. Players who
     * may not declare play on until the buildings run out (random players otherwise declare as soon as they can).
     */
    static List<CarraraEvent> play(GameSetup setup, Random random, boolean mayDeclare, int maxSteps,
                                   Observer observer) {
        CarraraEngine engine = Fixture.ENGINE;
        CarraraState state = engine.start(setup);
        List<CarraraEvent> stream = new ArrayList<>();
        ValuationRequested request = null;
        for (int step = 0; step < maxSteps && !engine.isOver(state); step++) {
            List<CarraraEvent> events;
            if (state.phase() == Phase.AWAITING_VALUATION) {
                events = List.of(answer(request, random));
            } else {
                String player = state.currentPlayer().name();
                List<CarraraMove> moves = engine.legalMoves(state, player);
                if (!mayDeclare && moves.size() > 1) {
                    moves = moves.stream().filter(m -> !(m instanceof CarraraMove.DeclareEnd)).toList();
                }
                assertFalse(moves.isEmpty(), () -> "no legal move for " + player);
                Decision<CarraraEvent> decision = engine.decide(state, player, pick(moves, random));
                events = assertInstanceOf(Decision.Accepted.class, decision, decision::toString).events();
            }
            CarraraState before = state;
            for (CarraraEvent event : events) {
                state = engine.evolve(state, event);
                if (event instanceof ValuationRequested r) {
                    request = r;
                }
            }
            stream.addAll(events);
            if (observer != null) {
                observer.step(before, events, state);
            }
        }
        return stream;
    }

    /**
     * A valid answer to {@code request}: its number, player, kind and target echoed; VP and coins from 0 to
     * {@link #MAX_PAYOUT}; at most one object per building valued, drawn from what the request says the
     * supply holds, and none for a category (the expansion's valuation by category gives no objects).
     */
    static ValuationScored answer(ValuationRequested request, Random random) {
        List<String> supply = new ArrayList<>();
        // sorted: the event's map iterates in an order that differs between JVM runs
        new TreeMap<>(request.objectsLeft()).forEach((object, count) -> supply.addAll(Collections.nCopies(count, object)));
        int count = request.kind().equals(CarraraEngine.KIND_CATEGORY) ? 0
                : random.nextInt(Math.min(request.buildings().size(), supply.size()) + 1);
        List<String> objects = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            objects.add(supply.remove(random.nextInt(supply.size())));
        }
        return new ValuationScored(request.valuation(), request.player(), request.kind(), request.target(),
                random.nextInt(MAX_PAYOUT + 1), random.nextInt(MAX_PAYOUT + 1), objects);
    }

    /**
     * A uniformly random kind of move, then a uniformly random move of that kind: picking among all moves
     * alike would almost never value or declare, since builds and purchases come in hundreds of variants.
     */
    static CarraraMove pick(List<CarraraMove> moves, Random random) {
        Map<Class<?>, List<CarraraMove>> byKind = new LinkedHashMap<>();
        for (CarraraMove move : moves) {
            byKind.computeIfAbsent(move.getClass(), k -> new ArrayList<>()).add(move);
        }
        List<List<CarraraMove>> kinds = new ArrayList<>(byKind.values());
        List<CarraraMove> kind = kinds.get(random.nextInt(kinds.size()));
        return kind.get(random.nextInt(kind.size()));
    }
}
