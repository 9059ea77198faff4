package dev.tessera.game.builders;

import dev.tessera.game.builders.BuildersView.PlayerView;
import dev.tessera.game.builders.BuildersView.SiteView;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the {@link BuildersView} of a game. Everything but the order of the decks below their top card is public,
 * so every viewer, spectators included, gets the same view.
 */
final class View {

    /** Each worker rank's wage, in the order of the ranks. */
    private static final Map<String, Integer> WAGES = wageTable();

    private View() {}

    static BuildersView of(BuildersState state) {
        return new BuildersView(
                state.players().stream().map(View::player).toList(),
                state.buildingDisplay(),
                topCard(state.buildingDeck()),
                state.buildingDeck().size(),
                state.workerDisplay(),
                topCard(state.workerDeck()),
                state.workerDeck().size(),
                state.finished() ? null : state.currentPlayer().name(),
                state.round(),
                state.actionPoints(),
                state.sentThisTurn(),
                state.endTriggeredBy(),
                state.finished(),
                WAGES);
    }

    private static PlayerView player(PlayerState player) {
        return new PlayerView(
                player.name(),
                player.coins(),
                player.buildingVictoryPoints(),
                player.freeWorkers(),
                player.freeMachines(),
                player.sites().stream().map(View::site).toList(),
                player.completed());
    }

    private static SiteView site(Site site) {
        return new SiteView(site.building(), site.workers(), site.machines(), site.supplied());
    }

    /** A deck's visible top card, or null when the deck is empty. */
    private static <T> T topCard(List<T> deck) {
        return deck.isEmpty() ? null : deck.get(0);
    }

    private static Map<String, Integer> wageTable() {
        Map<String, Integer> wages = new LinkedHashMap<>();
        for (WorkerType type : WorkerType.values()) {
            wages.put(type.name(), type.wage());
        }
        return Collections.unmodifiableMap(wages);
    }
}
