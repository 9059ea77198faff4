package dev.tessera.game.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The one fixture of the rules tests, the same for every title: a state given by set-up, events, moves or a crafted
 * edit; one move; then the events it causes or the rule it breaks.
 *
 * <pre>{@code
 * RulesFixture<AlhambraState, AlhambraMove, AlhambraEvent> rules = RulesFixture.of(new AlhambraEngine());
 * rules.given(RulesFixture.setup(3, 7)).played("p1", new TakeMoney(List.of(5)))
 *      .when("p2", new Pass())
 *      .thenRejected("not-your-turn");
 * }</pre>
 *
 * A move goes through {@link RulesEngine#decide}, so the checks every game needs run first, as in game-service.
 *
 * @param <S> the title's state
 * @param <M> its moves
 * @param <E> its events
 */
public final class RulesFixture<S, M, E> {
    private final RulesEngine<S, M, E> engine;

    private RulesFixture(RulesEngine<S, M, E> engine) {
        this.engine = engine;
    }

    public static <S, M, E> RulesFixture<S, M, E> of(RulesEngine<S, M, E> engine) {
        return new RulesFixture<>(engine);
    }

    public RulesEngine<S, M, E> engine() {
        return engine;
    }

    /** Players p1, p2, … pN in seat order. */
    public static List<String> players(int count) {
        List<String> players = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            players.add("p" + i);
        }
        return players;
    }

    /** A set-up of {@code count} players p1…pN from {@code seed}, with no table option. */
    public static GameSetup setup(int count, long seed) {
        return new GameSetup(players(count), seed, Map.of());
    }

    /** The game as {@link RulesEngine#start} sets it up. */
    public Given given(GameSetup setup) {
        return new Given(engine.start(setup));
    }

    /** A state the test made (crafted with the title's own {@code with…} edits). */
    public Given given(S state) {
        return new Given(state);
    }

    /** The state after {@code events}, each folded with {@link RulesEngine#evolve}. */
    public S apply(S state, List<E> events) {
        for (E event : events) {
            state = engine.evolve(state, event);
        }
        return state;
    }

    /** A state before the move under test. */
    public final class Given {
        private final S state;

        private Given(S state) {
            this.state = state;
        }

        public S state() {
            return state;
        }

        /** Then these events happened (facts: folded without any check). */
        @SafeVarargs
        public final Given and(E... events) {
            return and(Arrays.asList(events));
        }

        public Given and(List<E> events) {
            return new Given(apply(state, events));
        }

        /** Then {@code player} played these moves, each of which must be accepted. */
        @SafeVarargs
        public final Given played(String player, M... moves) {
            Given given = this;
            for (M move : moves) {
                given = new Given(given.when(player, move).state());
            }
            return given;
        }

        /** Then the state was edited so (a crafted position). */
        public Given with(UnaryOperator<S> edit) {
            return new Given(edit.apply(state));
        }

        /** The move under test. */
        public When when(String player, M move) {
            return new When(state, player, move, engine.decide(state, player, move));
        }
    }

    /** A move and what the rules decided about it. */
    public final class When {
        private final S before;
        private final String player;
        private final M move;
        private final Decision<E> decision;

        private When(S before, String player, M move, Decision<E> decision) {
            this.before = before;
            this.player = player;
            this.move = move;
            this.decision = decision;
        }

        /** The events of the move, which must have been accepted. */
        public List<E> events() {
            if (decision instanceof Decision.Rejected<E> rejected) {
                fail(move + " by " + player + " was rejected: " + rejected.rule() + " (" + rejected.detail() + ")");
            }
            return ((Decision.Accepted<E>) decision).events();
        }

        /** Asserts the move was accepted with exactly these events, in this order. */
        @SafeVarargs
        public final When then(E... expected) {
            assertEquals(List.of(expected), events(), () -> move + " by " + player);
            return this;
        }

        /** The one event of {@code type} the accepted move caused; fails if there is none or several. */
        public <T extends E> T the(Class<T> type) {
            List<E> found = events().stream().filter(type::isInstance).toList();
            assertEquals(1, found.size(), () -> "exactly one " + type.getSimpleName() + " in " + found);
            return type.cast(found.get(0));
        }

        /** Whether the accepted move caused an event of {@code type}. */
        public boolean caused(Class<? extends E> type) {
            return events().stream().anyMatch(type::isInstance);
        }

        /** The state after the accepted move's events. */
        public S state() {
            return apply(before, events());
        }

        /** The next step, from the state after this accepted move. */
        public Given and() {
            return new Given(state());
        }

        /** Asserts the move was rejected for breaking {@code rule}; the rejection, for its detail. */
        public Decision.Rejected<E> thenRejected(String rule) {
            assertNotNull(rule);
            @SuppressWarnings("unchecked")
            Decision.Rejected<E> rejected = assertInstanceOf(
                    Decision.Rejected.class,
                    decision,
                    () -> move + " by " + player + " should break " + rule + ", and was accepted: " + decision);
            assertEquals(rule, rejected.rule(), rejected.detail());
            return rejected;
        }
    }
}
