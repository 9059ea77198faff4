package dev.tessera.game.carrara;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one viewer sees: everything on the table, their own coins, and only counts of the bag and the
 * building pile. Other players' coins are null (they sit behind the screens).
 */
public record CarraraView(Phase phase, String current, List<Stones> wheel, int bag, List<TileView> display,
                          int pile, Map<String, Integer> supply, List<ObjectKind> market,
                          Map<String, String> citiesValued, String declaredBy, boolean endTriggered,
                          CarraraState.PendingValuation pending, List<PlayerView> players) {

    public record TileView(BuildingType building, int cost, Category category, ObjectKind object) {
        static TileView of(Tile tile) {
            return new TileView(tile.type(), tile.cost(), CarraraData.category(tile.type()),
                    CarraraData.object(tile.type()));
        }
    }

    /** @param coins null unless the viewer is this player */
    public record PlayerView(String name, Integer coins, int vp, Stones stones, List<Building> buildings,
                             Map<String, Integer> objects, List<BuildingType> typesValued, int valuationMarkersLeft) {
    }

    static CarraraView of(CarraraState state, String viewer) {
        List<PlayerView> players = state.players().stream()
                .map(p -> new PlayerView(p.name(), p.name().equals(viewer) ? p.coins() : null, p.vp(), p.stones(),
                        p.buildings(), Counts.byId(p.objects()),
                        p.typesValued().stream().sorted().toList(),
                        CarraraData.VALUATION_MARKERS - p.markersUsed()))
                .toList();
        Map<String, String> citiesValued = new TreeMap<>();
        state.citiesValued().forEach((city, player) -> citiesValued.put(city.id(), player));
        return new CarraraView(state.phase(), state.currentPlayer().name(), state.wheel(), state.bag().total(),
                state.display().stream().map(TileView::of).toList(), state.pile().size(),
                Counts.byId(state.supply()), state.market().stream().sorted().toList(), citiesValued,
                state.declaredBy(), state.endTriggered(), state.pending(), players);
    }
}
