package dev.tessera.game.alhambra;

import dev.tessera.game.rules.RulesFixture;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Crafted positions for rule tests: a game at a known point, and small edits of hands, market, Alhambras, reserves
 * and pending tiles, for {@link RulesFixture#given(Object)} and {@code with(…)}.
 */
final class Crafted {
    private Crafted() {}

    /**
     * A 3-player game where p1 is to act and the market holds towers 57 (yellow) and 58 (green) and gardens
     * 47 (blue) and 46 (orange), all without walls; every other tile is in the supply.
     */
    static AlhambraState p1ToAct() {
        AlhambraState s = new AlhambraEngine().start(RulesFixture.setup(3, 7)).withCurrent(0);
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
        return s.withTiles(
                Lists.edit(s.market(), l -> {
                    l.set(currency.ordinal(), new MarketSpace(currency, tile));
                    return l;
                }),
                Lists.without(s.supply(), tile::equals),
                s.dirk(),
                s.unclaimed());
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
}
