package dev.tessera.game.carrara;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one viewer sees: everything on the table, their own coins, and only counts of the bag and the
 * building pile. Other players' coins are null (they sit behind the screens). The expansion's parts are
 * left out of a basic game's view.
 *
 * @param expansion the extra board, the upgrade tiles left and the bonus card; absent in a basic game
 * @param prices    what one stone of each colour costs in each wheel section, I to VI: a client shows the prices
 *                  from here rather than knowing the game's table (the web client has no rules of its own)
 */
public record CarraraView(Phase phase, String current, List<Stones> wheel, int bag, List<TileView> display,
                          int pile, Map<String, Integer> supply, List<ObjectKind> market,
                          Map<String, String> citiesValued, String declaredBy, boolean endTriggered,
                          CarraraState.PendingValuation pending, List<PlayerView> players,
                          @JsonInclude(JsonInclude.Include.NON_NULL) ExpansionView expansion,
                          List<Map<String, Integer>> prices) {

    public record TileView(BuildingType building, int cost, Category category, ObjectKind object) {
        static TileView of(Tile tile) {
            return new TileView(tile.type(), tile.cost(), CarraraData.category(tile.type()),
                    CarraraData.object(tile.type()));
        }
    }

    /**
     * @param coins            null unless the viewer is this player
     * @param categoriesValued expansion only
     * @param upgrades         expansion only: the upgrade tiles this player took
     */
    public record PlayerView(String name, Integer coins, int vp, Stones stones, List<Building> buildings,
                             Map<String, Integer> objects, List<BuildingType> typesValued, int valuationMarkersLeft,
                             @JsonInclude(JsonInclude.Include.NON_NULL) List<Category> categoriesValued,
                             @JsonInclude(JsonInclude.Include.NON_NULL) List<Upgrade> upgrades) {
    }

    /** @param largeBuildings the cost-8 buildings still on the extra board */
    public record ExpansionView(List<TileView> largeBuildings, List<Upgrade> upgradesLeft, BonusCardView bonusCard) {
    }

    public record BonusCardView(BonusCard card, String description, int vp) {
    }

    static CarraraView of(CarraraState state, String viewer) {
        boolean expansion = state.hasExpansion();
        List<PlayerView> players = state.players().stream()
                .map(p -> new PlayerView(p.name(), p.name().equals(viewer) ? p.coins() : null, p.vp(), p.stones(),
                        p.buildings(), Counts.byId(p.objects()),
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
            board = new ExpansionView(b.largeBuildings().stream().map(TileView::of).toList(),
                    b.upgradesLeft().stream().sorted().toList(),
                    new BonusCardView(b.bonusCard(), b.bonusCard().description(), b.bonusCard().vp()));
        }
        return new CarraraView(state.phase(), state.currentPlayer().name(), state.wheel(), state.bag().total(),
                state.display().stream().map(TileView::of).toList(), state.pile().size(),
                Counts.byId(state.supply()), state.market().stream().sorted().toList(), citiesValued,
                state.declaredBy(), state.endTriggered(), state.pending(), players, board, PRICES);
    }

    private static final List<Map<String, Integer>> PRICES = priceTable();

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
