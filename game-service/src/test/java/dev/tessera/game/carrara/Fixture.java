package dev.tessera.game.carrara;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.events.carrara.CarraraEvent;
import dev.tessera.game.rules.Decision;
import dev.tessera.game.rules.GameSetup;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Given/when/then helpers for Carrara tests. */
final class Fixture {

    static final CarraraEngine ENGINE = new CarraraEngine();
    static final ObjectMapper JSON = new ObjectMapper();
    static final List<String> NAMES = List.of("ann", "bob", "cat", "dan");

    private Fixture() {
    }

    static GameSetup setup(int players, long seed) {
        return new GameSetup(NAMES.subList(0, players), seed, Map.of());
    }

    static CarraraState start(int players) {
        return ENGINE.start(setup(players, 42));
    }

    /** A game with the expansion, as the lobby's table option {@code expansion: "true"} starts it. */
    static GameSetup expansionSetup(int players, long seed) {
        return new GameSetup(NAMES.subList(0, players), seed, Map.of(CarraraData.OPTION_EXPANSION, "true"));
    }

    static CarraraState startExpansion(int players) {
        return ENGINE.start(expansionSetup(players, 42));
    }

    static CarraraState apply(CarraraState state, List<CarraraEvent> events) {
        for (CarraraEvent event : events) {
            state = ENGINE.evolve(state, event);
        }
        return state;
    }

    /** The events of an accepted move; fails the test on a rejection. */
    static List<CarraraEvent> accepted(CarraraState state, String player, CarraraMove move) {
        Decision<CarraraEvent> decision = ENGINE.decide(state, player, move);
        if (decision instanceof Decision.Rejected<CarraraEvent> r) {
            fail(move + " by " + player + " was rejected: " + r.rule() + " — " + r.detail());
        }
        return ((Decision.Accepted<CarraraEvent>) decision).events();
    }

    static CarraraState play(CarraraState state, String player, CarraraMove move) {
        return apply(state, accepted(state, player, move));
    }

    static void assertRejected(String rule, CarraraState state, String player, CarraraMove move) {
        Decision<CarraraEvent> decision = ENGINE.decide(state, player, move);
        Decision.Rejected<CarraraEvent> rejected = assertInstanceOf(Decision.Rejected.class, decision,
                () -> move + " should be rejected with " + rule);
        assertEquals(rule, rejected.rule(), rejected.detail());
    }

    /** The state with seat {@code seat}'s coins and stones replaced; stones come from (and go back to) the bag. */
    static CarraraState withHoldings(CarraraState state, int seat, int coins, Stones stones) {
        PlayerState p = state.player(seat);
        Stones bag = state.bag().plus(p.stones()).minus(stones);
        return state.withPlayer(seat, p.withCoins(coins).withStones(stones)).withWheel(state.wheel(), bag, state.draws());
    }

    /** The state with these buildings already built by seat {@code seat}, their tiles taken from display or pile. */
    static CarraraState withBuilt(CarraraState state, int seat, Building... buildings) {
        List<Tile> display = new ArrayList<>(state.display());
        List<Tile> pile = new ArrayList<>(state.pile());
        PlayerState p = state.player(seat);
        for (Building b : buildings) {
            Tile tile = new Tile(b.type(), b.cost());
            if (display.remove(tile)) {
                if (!pile.isEmpty()) {
                    display.add(pile.remove(0));
                }
            } else if (!pile.remove(tile)) {
                throw new IllegalArgumentException(tile + " is already built");
            }
            p = p.withBuilding(b, Stones.NONE);
        }
        return state.withPlayer(seat, p).withTiles(display, pile);
    }
}
