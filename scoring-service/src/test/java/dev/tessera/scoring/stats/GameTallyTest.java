package dev.tessera.scoring.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.events.alhambra.MoneyCardInfo;
import dev.tessera.events.alhambra.TileInfo;
import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.events.builders.BuildingInfo;
import dev.tessera.events.game.GameStarted;
import dev.tessera.events.game.MovesTakenBack;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * One game's tally folded from its events, undos included: what a {@code MovesTakenBack} takes back no longer counts,
 * exactly once however often the records come, and the tally keeps no more of the moves than one turn's.
 */
class GameTallyTest {
    private static final String GAME = "g-undo";
    private final EventCodec codec = new EventCodec();
    private final List<CloudEvent> stream = new ArrayList<>();
    private final GameTally tally = new GameTally();

    /** Appends an event to the game's stream (its version is the next) and folds it in. */
    private CloudEvent play(TesseraEvent event) {
        CloudEvent envelope =
                codec.envelope("/tessera/game-service", GAME, stream.size() + 1, event, OffsetDateTime.now());
        stream.add(envelope);
        tally.apply(envelope, event);
        return envelope;
    }

    /** The same record delivered again: whether the tally took it. */
    private boolean again(CloudEvent envelope) {
        return tally.apply(envelope, codec.read(envelope));
    }

    private long version() {
        return stream.size();
    }

    private static AlhambraEvent.TileBought bought(int id, String type, boolean exact) {
        TileInfo tile = new TileInfo(id, type, 5, "N");
        return new AlhambraEvent.TileBought(
                "ana", tile, "blue", List.of(new MoneyCardInfo(100 + id, "blue", 5)), 5, exact);
    }

    private static AlhambraEvent.TilePlaced placed(int id, String type) {
        return new AlhambraEvent.TilePlaced("ana", new TileInfo(id, type, 5, "N"), 1, 0, "pending");
    }

    private void startAlhambra() {
        play(new GameStarted(GAME, "t", "alhambra", List.of("ana", "bob"), 1L, Map.of(), null));
    }

    @Test
    void a_purchase_taken_back_is_not_counted_and_an_exact_one_not_as_exact() {
        startAlhambra();
        long turnStart = version();
        play(bought(10, "tower", true));
        play(placed(10, "tower"));
        play(new MovesTakenBack(GAME, "ana", turnStart, 2));

        assertEquals(0, tally.purchases);
        assertEquals(0, tally.exactPurchases);
        assertEquals(Map.of(), tally.boughtByType, "no type left at zero");

        play(bought(11, "garden", false));
        play(placed(11, "garden"));
        play(new AlhambraEvent.TurnEnded("ana", "bob"));

        assertEquals(1, tally.purchases);
        assertEquals(0, tally.exactPurchases);
        assertEquals(Map.of("garden", 1), tally.boughtByType);
        assertEquals(1, tally.moves, "the turn ended once");
    }

    @Test
    void only_the_moves_after_to_version_are_taken_back() {
        startAlhambra();
        play(bought(10, "tower", true)); // exact: ana acts again
        long afterFirst = version(); // the purchase's own version: it stays
        play(placed(10, "tower"));
        play(bought(11, "garden", false));
        play(placed(11, "garden"));
        play(new MovesTakenBack(GAME, "ana", afterFirst, 1));

        assertEquals(1, tally.purchases);
        assertEquals(1, tally.exactPurchases);
        assertEquals(Map.of("tower", 1), tally.boughtByType);
    }

    @Test
    void a_redelivered_undo_or_undone_purchase_changes_nothing() {
        startAlhambra();
        long turnStart = version();
        CloudEvent purchase = play(bought(10, "tower", true));
        play(placed(10, "tower"));
        CloudEvent undo = play(new MovesTakenBack(GAME, "ana", turnStart, 2));
        play(bought(11, "garden", true));

        assertFalse(again(undo), "an undo applied already");
        assertFalse(again(purchase), "a purchase applied and taken back already");
        assertEquals(1, tally.purchases);
        assertEquals(1, tally.exactPurchases);
        assertEquals(Map.of("garden", 1), tally.boughtByType);
    }

    @Test
    void an_undo_after_an_undo_takes_back_what_is_left_and_never_the_same_move_twice() {
        startAlhambra();
        long turnStart = version();
        play(bought(10, "tower", true));
        play(new MovesTakenBack(GAME, "ana", turnStart, 1)); // the tower is taken back
        long afterUndo = version();
        play(bought(11, "garden", false));
        play(new MovesTakenBack(GAME, "ana", afterUndo, 1)); // back to just after the first undo: the garden
        play(bought(12, "pavilion", false));
        assertEquals(1, tally.purchases);
        assertEquals(Map.of("pavilion", 1), tally.boughtByType);

        // Back to the turn's start, over both undos: the pavilion goes; the tower and garden were gone already.
        play(new MovesTakenBack(GAME, "ana", turnStart, 1));
        assertEquals(0, tally.purchases);
        assertEquals(0, tally.exactPurchases);
        assertEquals(Map.of(), tally.boughtByType);

        play(bought(13, "tower", false));
        play(new AlhambraEvent.TurnEnded("ana", "bob"));
        assertEquals(1, tally.purchases);
        assertEquals(Map.of("tower", 1), tally.boughtByType);
    }

    @Test
    void a_completed_building_taken_back_is_not_counted() {
        play(new GameStarted(GAME, "t", "builders", List.of("ana", "bob"), 1L, Map.of(), null));
        BuildingInfo cottage = new BuildingInfo(1, "Cottage", 1, 1, 0, 1, 2, 6);
        play(new BuildersEvent.BuildingCompleted("ana", cottage, 2, 6, List.of(), 2, 10));
        play(new BuildersEvent.TurnEnded("ana", 1, 0, 2, 10, "bob"));
        long turnStart = version();
        BuildingInfo shed = new BuildingInfo(2, "Shed", 1, 1, 0, 1, 1, 4);
        play(new BuildersEvent.CoinsTaken("bob", 1, 1, 1, 5));
        play(new BuildersEvent.BuildingCompleted("bob", shed, 1, 4, List.of(), 1, 10));
        play(new MovesTakenBack(GAME, "bob", turnStart, 2));

        assertEquals(1, tally.buildingsCompleted, "ana's, of a turn that ended; bob's was taken back");
    }

    @Test
    void the_tally_keeps_the_moves_of_the_current_turn_only() {
        startAlhambra();
        play(bought(10, "tower", true));
        play(bought(11, "garden", false));
        assertEquals(2, tally.sinceTurnEnded.size());

        play(new AlhambraEvent.TurnEnded("ana", "bob"));
        assertEquals(List.of(), tally.sinceTurnEnded, "nothing before a turn's end can be taken back");
        assertEquals(2, tally.purchases);
    }

    @Test
    void an_undo_counts_as_an_event_of_the_game_for_the_latest_event_time() {
        startAlhambra();
        CloudEvent undo = play(new MovesTakenBack(GAME, "ana", 1, 1));
        assertEquals(undo.time().toInstant(), tally.latestEventTime);
        assertEquals(undo.streamversion(), tally.lastVersion);
    }

    @Test
    void a_tally_stored_before_undos_were_counted_reads_with_no_moves_kept() {
        String stored = """
                {"title":"alhambra","sandbox":false,"players":["ana","bob"],"lastVersion":7,"moves":2,
                 "abandoned":false,"finished":false,"results":[],"purchases":3,"exactPurchases":1,
                 "boughtByType":{"tower":3},"valuations":{},"buildingsCompleted":0,"buildersResults":[]}""";
        GameTally old = new JsonSerde<>(GameTally.class)
                .deserializer()
                .deserialize("stats-games", stored.getBytes(StandardCharsets.UTF_8));

        assertEquals(List.of(), old.sinceTurnEnded);
        assertEquals(3, old.purchases);
        CloudEvent undo = codec.envelope(
                "/tessera/game-service", GAME, 8, new MovesTakenBack(GAME, "ana", 6, 1), OffsetDateTime.now());
        assertTrue(old.apply(undo, codec.read(undo)));
        assertEquals(8, old.lastVersion);
        assertEquals(3, old.purchases, "nothing of the turn was kept to take back");
    }
}
