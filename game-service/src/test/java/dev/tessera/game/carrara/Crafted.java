package dev.tessera.game.carrara;

import dev.tessera.game.rules.GameSetup;
import dev.tessera.game.rules.RulesFixture;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Crafted positions for rule tests: games of ann, bob, cat and dan from a known seed, with or without the
 * expansion, and small edits of a player's coins, stones and buildings, for {@link RulesFixture#given(Object)}.
 */
final class Crafted {

    static final List<String> NAMES = List.of("ann", "bob", "cat", "dan");

    private static final CarraraEngine ENGINE = new CarraraEngine();

    private Crafted() {}

    static GameSetup setup(int players, long seed) {
        return new GameSetup(NAMES.subList(0, players), seed, Map.of());
    }

    /** A game with the expansion, as the lobby's table option {@code expansion: "true"} starts it. */
    static GameSetup expansionSetup(int players, long seed) {
        return new GameSetup(NAMES.subList(0, players), seed, Map.of(CarraraData.OPTION_EXPANSION, "true"));
    }

    /** The basic game of seed 42, as set up. */
    static CarraraState start(int players) {
        return ENGINE.start(setup(players, 42));
    }

    /** The game of seed 42 with the expansion, as set up. */
    static CarraraState startExpansion(int players) {
        return ENGINE.start(expansionSetup(players, 42));
    }

    /** The state with seat {@code seat}'s coins and stones replaced; stones come from (and go back to) the bag. */
    static CarraraState withHoldings(CarraraState state, int seat, int coins, Stones stones) {
        PlayerState p = state.player(seat);
        Stones bag = state.bag().plus(p.stones()).minus(stones);
        return state.withPlayer(seat, p.withCoins(coins).withStones(stones))
                .withWheel(state.wheel(), bag, state.draws());
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
