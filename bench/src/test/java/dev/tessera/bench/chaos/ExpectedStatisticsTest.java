package dev.tessera.bench.chaos;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.EventCodec;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.events.alhambra.MoneyCardInfo;
import dev.tessera.events.alhambra.TileInfo;
import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.events.builders.BuildingInfo;
import dev.tessera.events.game.GameStarted;
import dev.tessera.events.game.MovesTakenBack;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The statistics computed straight from the events leave taken-back moves out: after a {@code MovesTakenBack}, the
 * purchases and completed buildings after its {@code toVersion} and before it count no more, each once, whatever
 * undos came between, and a record delivered twice changes nothing.
 */
class ExpectedStatisticsTest {
    private final EventCodec codec = new EventCodec();
    private final ExpectedStatistics stats = new ExpectedStatistics();
    /** The version of the test's game's last event. */
    private long version;

    /** The game's next event, as its record on game-events, fed to the statistics. */
    private String play(String game, TesseraEvent event) {
        String record =
                codec.write(codec.envelope("/tessera/game-service", game, ++version, event, OffsetDateTime.now()));
        stats.gameEvent(game, record);
        return record;
    }

    private static AlhambraEvent.TileBought bought(int id, String type, boolean exact) {
        return new AlhambraEvent.TileBought(
                "ana", new TileInfo(id, type, 5, "N"), "blue", List.of(new MoneyCardInfo(id, "blue", 5)), 5, exact);
    }

    @Test
    void purchases_taken_back_are_left_out_once_whatever_undos_came_between() {
        String game = "g-alhambra-undo";
        play(game, new GameStarted(game, "t", "alhambra", List.of("ana", "bob"), 1L, Map.of(), null));
        play(game, bought(9, "chambers", true)); // paid exactly: ana acts again
        long afterChambers = version; // the undos below go back to here at most: the chambers stay
        play(game, bought(10, "tower", true));
        play(game, new AlhambraEvent.TilePlaced("ana", new TileInfo(10, "tower", 5, "N"), 1, 0, "pending"));
        String undo = play(game, new MovesTakenBack(game, "ana", afterChambers, 2));
        long afterUndo = version;
        play(game, bought(11, "garden", true));
        play(game, new MovesTakenBack(game, "ana", afterUndo, 1)); // the garden
        play(game, bought(12, "garden", false));
        stats.gameEvent(game, undo); // delivered again: changes nothing

        JsonNode alhambra = stats.of("alhambra").get("alhambra");
        assertEquals(2, alhambra.get("purchases").asLong());
        assertEquals(1, alhambra.get("exactPurchases").asLong());
        assertEquals(Map.of("chambers", 1, "garden", 1), counts(alhambra.get("buildingsBought")));

        // Back over both undos: the tower and the first garden are out already; the second garden goes.
        play(game, new MovesTakenBack(game, "ana", afterChambers, 1));
        play(game, bought(13, "pavilion", true));
        play(game, new AlhambraEvent.TurnEnded("ana", "bob"));

        alhambra = stats.of("alhambra").get("alhambra");
        assertEquals(2, alhambra.get("purchases").asLong());
        assertEquals(2, alhambra.get("exactPurchases").asLong());
        assertEquals(Map.of("chambers", 1, "pavilion", 1), counts(alhambra.get("buildingsBought")));
    }

    @Test
    void a_completed_building_taken_back_is_left_out() {
        String game = "g-builders-undo";
        play(game, new GameStarted(game, "t", "builders", List.of("ana", "bob"), 1L, Map.of(), null));
        BuildingInfo cottage = new BuildingInfo(1, "Cottage", 1, 1, 0, 1, 2, 6);
        play(game, new BuildersEvent.BuildingCompleted("ana", cottage, 2, 6, List.of(), 2, 10));
        play(game, new BuildersEvent.TurnEnded("ana", 1, 0, 2, 10, "bob"));
        long turnStart = version;
        BuildingInfo shed = new BuildingInfo(2, "Shed", 1, 1, 0, 1, 1, 4);
        play(game, new BuildersEvent.BuildingCompleted("bob", shed, 1, 4, List.of(), 1, 10));
        play(game, new MovesTakenBack(game, "bob", turnStart, 1));

        assertEquals(1, stats.of("builders").at("/builders/buildingsCompleted").asLong());
    }

    /** A JSON object of counts as a map. */
    private static Map<String, Integer> counts(JsonNode node) {
        Map<String, Integer> counts = new TreeMap<>();
        node.properties().forEach(e -> counts.put(e.getKey(), e.getValue().asInt()));
        return counts;
    }
}
