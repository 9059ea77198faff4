package dev.tessera.game.carrara;

import dev.tessera.game.carrara.CarraraView.BonusCardView;
import dev.tessera.game.carrara.CarraraView.ExpansionView;
import dev.tessera.game.carrara.CarraraView.PlayerView;
import dev.tessera.game.carrara.CarraraView.TileView;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * view(): builds what one viewer sees ({@link CarraraView}): everything on the table, the coins of those whose coins
 * they may see (their own while the game runs), only counts of the bag and the pile; the expansion's parts only in a game with it.
 */
final class View {

    /** What one stone of each colour costs in each wheel section, I to VI; the same in every game. */
    private static final List<Map<String, Integer>> PRICES = priceTable();

    private View() {}

    static CarraraView of(CarraraState state, Predicate<String> seesCoinsOf) {
        boolean expansion = state.hasExpansion();
        List<PlayerView> players = state.players().stream()
                .map(p -> new PlayerView(
                        p.name(),
                        seesCoinsOf.test(p.name()) ? p.coins() : null,
                        p.vp(),
                        p.stones(),
                        p.buildings(),
                        Counts.byId(p.objects()),
                        p.typesValued().stream().sorted().toList(),
                        CarraraData.VALUATION_MARKERS - p.markersUsed(),
                        expansion ? p.categoriesValued().stream().sorted().toList() : null,
                        expansion ? p.upgrades().stream().sorted().toList() : null))
                .toList();
        Map<String, String> citiesValued = new TreeMap<>();
        state.citiesValued().forEach((city, player) -> citiesValued.put(city.id(), player));
        ExpansionView board = null;
        if (expansion) {
            CarraraState.ExpansionBoard b = state.expansion();
            board = new ExpansionView(
                    b.largeBuildings().stream().map(View::tile).toList(),
                    b.upgradesLeft().stream().sorted().toList(),
                    new BonusCardView(
                            b.bonusCard(),
                            b.bonusCard().description(),
                            b.bonusCard().vp()));
        }
        return new CarraraView(
                state.phase(),
                state.currentPlayer().name(),
                state.wheel(),
                state.bag().total(),
                state.display().stream().map(View::tile).toList(),
                state.pile().size(),
                Counts.byId(state.supply()),
                state.market().stream().sorted().toList(),
                citiesValued,
                state.declaredBy(),
                state.endTriggered(),
                state.pending(),
                players,
                board,
                PRICES);
    }

    private static TileView tile(Tile tile) {
        return new TileView(
                tile.type(), tile.cost(), CarraraData.category(tile.type()), CarraraData.object(tile.type()));
    }

    private static List<Map<String, Integer>> priceTable() {
        List<Map<String, Integer>> sections = new ArrayList<>();
        for (int section = 1; section <= CarraraData.SECTIONS; section++) {
            Map<String, Integer> prices = new LinkedHashMap<>();
            for (Stone stone : Stone.values()) {
                prices.put(stone.id(), CarraraData.price(section, stone));
            }
            sections.add(Collections.unmodifiableMap(prices));
        }
        return List.copyOf(sections);
    }
}
