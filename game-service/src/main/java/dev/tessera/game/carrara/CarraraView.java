package dev.tessera.game.carrara;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * What one viewer sees: everything on the table, their own coins, and only counts of the bag and the
 * building pile. Other players' coins are null (they sit behind the screens). The expansion's parts are
 * left out of a basic game's view. {@link View} builds it.
 *
 * @param expansion the extra board, the upgrade tiles left and the bonus card; absent in a basic game
 * @param prices    what one stone of each colour costs in each wheel section, I to VI: a client shows the prices
 *                  from here rather than knowing the game's table (the web client has no rules of its own)
 */
public record CarraraView(
        Phase phase,
        String current,
        List<Stones> wheel,
        int bag,
        List<TileView> display,
        int pile,
        Map<String, Integer> supply,
        List<ObjectKind> market,
        Map<String, String> citiesValued,
        String declaredBy,
        boolean endTriggered,
        CarraraState.PendingValuation pending,
        List<PlayerView> players,
        @JsonInclude(JsonInclude.Include.NON_NULL) ExpansionView expansion,
        List<Map<String, Integer>> prices) {

    public record TileView(BuildingType building, int cost, Category category, ObjectKind object) {}

    /**
     * @param coins            null unless the viewer is this player
     * @param categoriesValued expansion only
     * @param upgrades         expansion only: the upgrade tiles this player took
     */
    public record PlayerView(
            String name,
            Integer coins,
            int vp,
            Stones stones,
            List<Building> buildings,
            Map<String, Integer> objects,
            List<BuildingType> typesValued,
            int valuationMarkersLeft,
            @JsonInclude(JsonInclude.Include.NON_NULL) List<Category> categoriesValued,
            @JsonInclude(JsonInclude.Include.NON_NULL) List<Upgrade> upgrades) {}

    /** @param largeBuildings the cost-8 buildings still on the extra board */
    public record ExpansionView(List<TileView> largeBuildings, List<Upgrade> upgradesLeft, BonusCardView bonusCard) {}

    public record BonusCardView(BonusCard card, String description, int vp) {}
}
