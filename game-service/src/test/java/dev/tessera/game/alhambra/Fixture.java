package dev.tessera.game.alhambra;

import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.game.rules.Decision;
import dev.tessera.game.rules.GameSetup;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.fail;

/** Given/when/then helpers: games started from a seed, and small edits for crafted states. */
final class Fixture {
    static final AlhambraEngine ENGINE = new AlhambraEngine();

    private Fixture() {
    }

    static GameSetup setup(int players, long seed) {
        List<String> ids = new ArrayList<>();
        for (int i = 1; i <= players; i++) {
            ids.add("p" + i);
        }
        return new GameSetup(ids, seed, Map.of());
    }

    static AlhambraState start(int players, long seed) {
        return ENGINE.start(setup(players, seed));
    }

    /**
     * A 3-player game where p1 is to act and the market holds towers 57 (yellow) and 58 (green) and gardens
     * 47 (blue) and 46 (orange), all without walls; every other tile is in the supply.
     */
    static AlhambraState p1ToAct() {
        AlhambraState s = start(3, 7).withCurrent(0);
        List<Tile> supply = new ArrayList<>(s.supply());
        s.market().forEach(m -> supply.add(m.tile()));
        List<Tile> market = List.of(tile(57), tile(58), tile(47), tile(46));
        supply.removeAll(market);
        List<MarketSpace> spaces = new ArrayList<>();
        for (Currency c : Currency.values()) {
            spaces.add(new MarketSpace(c, market.get(c.ordinal())));
        }
        return s.withTiles(spaces, supply, s.dirk(), s.unclaimed());
    }

    static Tile tile(int id) {
        return AlhambraData.tile(id);
    }

    static MoneyCard card(Currency currency, int value) {
        return AlhambraData.moneyCard(currency, value, 0);
    }

    static MoneyCard card(Currency currency, int value, int copy) {
        return AlhambraData.moneyCard(currency, value, copy);
    }

    static AlhambraState withHand(AlhambraState s, String player, MoneyCard... cards) {
        return s.withPlayer(player, p -> p.withHand(Arrays.asList(cards)));
    }

    /** Puts {@code tile} (taken out of the supply) on the space of {@code currency}. */
    static AlhambraState withMarket(AlhambraState s, Currency currency, Tile tile) {
        return s.withTiles(Lists.edit(s.market(), l -> {
            l.set(currency.ordinal(), new MarketSpace(currency, tile));
            return l;
        }), Lists.without(s.supply(), tile::equals), s.dirk(), s.unclaimed());
    }

    static AlhambraState withAlhambra(AlhambraState s, String player, PlacedTile... tiles) {
        return s.withPlayer(player, p -> p.withAlhambra(Arrays.asList(tiles)));
    }

    static AlhambraState withReserve(AlhambraState s, String player, Tile... tiles) {
        return s.withPlayer(player, p -> p.withReserve(Arrays.asList(tiles)));
    }

    static AlhambraState withPending(AlhambraState s, String player, Tile... tiles) {
        return s.withPlayer(player, p -> p.withPending(Arrays.asList(tiles)));
    }

    static PlacedTile at(int x, int y, int tileId) {
        return new PlacedTile(x, y, tile(tileId));
    }

    static List<AlhambraEvent> accepted(Decision<AlhambraEvent> d) {
        if (d instanceof Decision.Rejected<AlhambraEvent> r) {
            fail("expected the move to be accepted, but it broke " + r.rule() + ": " + r.detail());
        }
        return ((Decision.Accepted<AlhambraEvent>) d).events();
    }

    static void assertRejected(String rule, Decision<AlhambraEvent> d) {
        Decision.Rejected<AlhambraEvent> r = assertInstanceOf(Decision.Rejected.class, d);
        assertEquals(rule, r.rule(), r.detail());
    }

    static AlhambraState apply(AlhambraState s, List<AlhambraEvent> events) {
        for (AlhambraEvent e : events) {
            s = ENGINE.evolve(s, e);
        }
        return s;
    }

    /** decide() then evolve(): the state after an accepted move. */
    static AlhambraState play(AlhambraState s, String player, AlhambraMove move) {
        return apply(s, accepted(ENGINE.decide(s, player, move)));
    }

    @SuppressWarnings("unchecked")
    static <T extends AlhambraEvent> T only(Class<T> type, List<AlhambraEvent> events) {
        List<AlhambraEvent> found = events.stream().filter(type::isInstance).toList();
        assertEquals(1, found.size(), "exactly one " + type.getSimpleName() + " in " + events);
        return (T) found.get(0);
    }

    static boolean has(Class<? extends AlhambraEvent> type, List<AlhambraEvent> events) {
        return events.stream().anyMatch(type::isInstance);
    }
}
