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
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Whole random games of any title, through {@link RulesEngine} alone: at each step a player with legal moves (any of
 * them, when several may move), a kind of move (its class) uniformly, then one move of that kind, so that the many
 * variants of one kind do not drown the rest. What another service would answer (scoring-service's round points and
 * valuations) is folded in at once, nothing paid.
 */
public final class AnyTitle {
    /** No game of any title comes near this; reaching it means the game does not end. */
    public static final int MAX_MOVES = 20_000;

    private AnyTitle() {}

    /** Every title game-service hosts. */
    public static List<RulesEngine<?, ?, ?>> engines() {
        return List.of(new AlhambraEngine(), new CarraraEngine(), new BuildersEngine());
    }

    /** The engine of {@code game} ({@code alhambra}, {@code carrara}, {@code builders}). */
    @SuppressWarnings("unchecked")
    public static <S, M, E> RulesEngine<S, M, E> engine(String game) {
        return (RulesEngine<S, M, E>) engines().stream()
                .filter(e -> e.game().equals(game))
                .findFirst()
                .orElseThrow();
    }

    /** Called before each move with the players who may move and their legal moves, the mover and the move. */
    public interface Step<S, M> {
        void before(S state, Map<String, List<M>> legal, String mover, M move);
    }

    /** Called after each move with the state before it, the move, the events it caused (answers included), the state after. */
    public interface Observer<S, M, E> {
        void after(S before, String mover, M move, List<E> events, S after);
    }

    /** What another service appends to the stream after {@code event} (scoring-service's answers): none, or some. */
    public interface Answers<S, E> {
        List<E> to(S state, E event, Random random);
    }

    /**
     * @param last  the last move played
     * @param moves how many moves were played
     */
    public record Played<S, M, E>(S end, List<E> events, M last, int moves) {}

    /** A random game of {@code engine} with the defaults: moves picked by class, answers that pay nothing. */
    public static <S, M, E> Playout<S, M, E> playout(RulesEngine<S, M, E> engine) {
        return new Playout<>(engine);
    }

    public static <S, M, E> Played<S, M, E> play(
            RulesEngine<S, M, E> engine, GameSetup setup, Random random, Step<S, M> step) {
        return playout(engine).before(step).play(setup, random);
    }

    /**
     * The one random-playout harness of the rules tests: property tests and benchmarks of every title set it up with
     * what their title needs (how moves are grouped into kinds, which moves to leave out, how scoring-service answers)
     * and watch each move through an {@link Observer}.
     */
    public static final class Playout<S, M, E> {
        private final RulesEngine<S, M, E> engine;
        private Function<M, Object> kind = Object::getClass;
        private BiFunction<S, List<M>, List<M>> among = (state, moves) -> moves;
        private Answers<S, E> answers;
        private Step<S, M> before = (state, legal, mover, move) -> {};
        private Observer<S, M, E> after = (was, mover, move, events, now) -> {};
        private int maxMoves = MAX_MOVES;

        private Playout(RulesEngine<S, M, E> engine) {
            this.engine = engine;
            this.answers = (state, event, random) ->
                    answer(engine, event).map(List::of).orElse(List.of());
        }

        /** Moves of one kind are picked together: first a kind uniformly, then one of its moves (default: the class). */
        public Playout<S, M, E> kinds(Function<M, Object> kindOfMove) {
            this.kind = kindOfMove;
            return this;
        }

        /** Which of a player's legal moves the random player considers (default: all); never an empty list. */
        public Playout<S, M, E> among(BiFunction<S, List<M>, List<M>> choices) {
            this.among = choices;
            return this;
        }

        public Playout<S, M, E> answering(Answers<S, E> answersOfOtherServices) {
            this.answers = answersOfOtherServices;
            return this;
        }

        public Playout<S, M, E> before(Step<S, M> step) {
            this.before = step;
            return this;
        }

        public Playout<S, M, E> after(Observer<S, M, E> observer) {
            this.after = observer;
            return this;
        }

        /** The most moves a game may take before the harness calls it endless (default {@link #MAX_MOVES}). */
        public Playout<S, M, E> atMost(int moves) {
            this.maxMoves = moves;
            return this;
        }

        /** Plays from {@code setup} until the game is over; fails on a legal move rejected or a game that never ends. */
        public Played<S, M, E> play(GameSetup setup, Random random) {
            S state = engine.start(setup);
            List<E> events = new ArrayList<>();
            M last = null;
            int moves = 0;
            for (; !engine.isOver(state); moves++) {
                if (moves == maxMoves) {
                    throw new AssertionError(
                            engine.game() + " game " + setup.seed() + " did not end within " + maxMoves + " moves");
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
                List<M> choices = among.apply(state, legal.get(mover));
                M move = pickByKind(choices.isEmpty() ? legal.get(mover) : choices, kind, random);
                before.before(state, legal, mover, move);
                if (!(engine.decide(state, mover, move) instanceof Decision.Accepted<E> accepted)) {
                    throw new AssertionError(engine.game() + ": legal move " + move + " of " + mover + " rejected");
                }
                S was = state;
                List<E> caused = new ArrayList<>();
                for (E event : accepted.events()) {
                    state = engine.evolve(state, event);
                    caused.add(event);
                    for (E answer : answers.to(state, event, random)) {
                        state = engine.evolve(state, answer);
                        caused.add(answer);
                    }
                }
                events.addAll(caused);
                after.after(was, mover, move, caused, state);
                last = move;
            }
            return new Played<>(state, events, last, moves);
        }
    }

    /** What scoring-service answers {@code event} with, nothing paid: Alhambra's round points, Carrara's valuations. */
    private static <E> Optional<E> answer(RulesEngine<?, ?, E> engine, E event) {
        Object answer = null;
        if (event instanceof AlhambraEvent.ScoringRoundTriggered round) {
            answer = new AlhambraEvent.PointsAwarded(round.round(), Map.of());
        } else if (event instanceof ValuationRequested request) {
            answer = new ValuationScored(
                    request.valuation(), request.player(), request.kind(), request.target(), 0, 0, List.of());
        }
        return Optional.ofNullable(answer).map(a -> engine.eventType().cast(a));
    }

    private static <M> M pickByKind(List<M> moves, Function<M, Object> kind, Random random) {
        Map<Object, List<M>> byKind = new LinkedHashMap<>();
        moves.forEach(m ->
                byKind.computeIfAbsent(kind.apply(m), k -> new ArrayList<>()).add(m));
        List<List<M>> kinds = new ArrayList<>(byKind.values());
        List<M> chosen = kinds.get(random.nextInt(kinds.size()));
        return chosen.get(random.nextInt(chosen.size()));
    }
}
