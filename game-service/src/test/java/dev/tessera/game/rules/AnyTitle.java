package dev.tessera.game.rules;

import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.events.carrara.ValuationRequested;
import dev.tessera.events.carrara.ValuationScored;
import dev.tessera.game.alhambra.AlhambraEngine;
import dev.tessera.game.builders.BuildersEngine;
import dev.tessera.game.carrara.CarraraEngine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * Whole random games of any title, through {@link RulesEngine} alone: at each step a player with legal moves (any of
 * them, when several may move), a kind of move (its class) uniformly, then one move of that kind, so that the many
 * variants of one kind do not drown the rest. What another service would answer (scoring-service's round points and
 * valuations) is folded in at once, nothing paid.
 */
public final class AnyTitle {
    /** No game of any title comes near this; reaching it means the game does not end. */
    public static final int MAX_MOVES = 20_000;

    private AnyTitle() {
    }

    /** Every title game-service hosts. */
    public static List<RulesEngine<?, ?, ?>> engines() {
        return List.of(new AlhambraEngine(), new CarraraEngine(), new BuildersEngine());
    }

    /** The engine of {@code game} ({@code alhambra}, {@code carrara}, {@code builders}). */
    @SuppressWarnings("unchecked")
    public static <S, M, E> RulesEngine<S, M, E> engine(String game) {
        return (RulesEngine<S, M, E>) engines().stream().filter(e -> e.game().equals(game)).findFirst().orElseThrow();
    }

    /** Called before each move with the players who may move and their legal moves, the mover and the move. */
    public interface Step<S, M> {
        void before(S state, Map<String, List<M>> legal, String mover, M move);
    }

    /** @param last the last move played */
    public record Played<S, M, E>(S end, List<E> events, M last) {
    }

    public static <S, M, E> Played<S, M, E> play(RulesEngine<S, M, E> engine, GameSetup setup, Random random,
                                                 Step<S, M> step) {
        S state = engine.start(setup);
        List<E> events = new ArrayList<>();
        M last = null;
        for (int moves = 0; !engine.isOver(state); moves++) {
            if (moves == MAX_MOVES) {
                throw new AssertionError(engine.game() + " game " + setup.seed() + " did not end within " + MAX_MOVES + " moves");
            }
            Map<String, List<M>> legal = new LinkedHashMap<>();
            for (String player : setup.players()) {
                List<M> playerMoves = engine.legalMoves(state, player);
                if (!playerMoves.isEmpty()) {
                    legal.put(player, playerMoves);
                }
            }
            if (legal.isEmpty()) {
                throw new AssertionError(engine.game() + ": nobody may move, and the game is not over");
            }
            List<String> movers = new ArrayList<>(legal.keySet());
            String mover = movers.get(random.nextInt(movers.size()));
            M move = pickByKind(legal.get(mover), random);
            step.before(state, legal, mover, move);
            if (!(engine.decide(state, mover, move) instanceof Decision.Accepted<E> accepted)) {
                throw new AssertionError(engine.game() + ": legal move " + move + " of " + mover + " rejected");
            }
            for (E event : accepted.events()) {
                state = engine.evolve(state, event);
                events.add(event);
                Optional<E> answer = answer(engine, event);
                if (answer.isPresent()) {
                    state = engine.evolve(state, answer.get());
                    events.add(answer.get());
                }
            }
            last = move;
        }
        return new Played<>(state, events, last);
    }

    /** What scoring-service answers {@code event} with, nothing paid: Alhambra's round points, Carrara's valuations. */
    private static <E> Optional<E> answer(RulesEngine<?, ?, E> engine, E event) {
        Object answer = null;
        if (event instanceof AlhambraEvent.ScoringRoundTriggered round) {
            answer = new AlhambraEvent.PointsAwarded(round.round(), Map.of());
        } else if (event instanceof ValuationRequested request) {
            answer = new ValuationScored(request.valuation(), request.player(), request.kind(), request.target(), 0, 0,
                    List.of());
        }
        return Optional.ofNullable(answer).map(a -> engine.eventType().cast(a));
    }

    private static <M> M pickByKind(List<M> moves, Random random) {
        Map<Class<?>, List<M>> byKind = new LinkedHashMap<>();
        moves.forEach(m -> byKind.computeIfAbsent(m.getClass(), k -> new ArrayList<>()).add(m));
        List<List<M>> kinds = new ArrayList<>(byKind.values());
        List<M> kind = kinds.get(random.nextInt(kinds.size()));
        return kind.get(random.nextInt(kind.size()));
    }
}
