package dev.tessera.game.alhambra;

import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.events.alhambra.AlhambraEvent.TilePlaced;
import dev.tessera.events.alhambra.AlhambraEvent.TileReserved;
import dev.tessera.events.alhambra.AlhambraEvent.TilesSwapped;
import dev.tessera.events.alhambra.AlhambraEvent.TurnEnded;
import dev.tessera.game.alhambra.AlhambraMove.PlaceTile;
import dev.tessera.game.alhambra.AlhambraMove.RedesignPlace;
import dev.tessera.game.alhambra.AlhambraMove.RedesignRemove;
import dev.tessera.game.alhambra.AlhambraMove.RedesignSwap;
import dev.tessera.game.alhambra.AlhambraMove.ReserveTile;
import dev.tessera.game.alhambra.AlhambraState.Phase;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.tessera.game.alhambra.Fixture.ENGINE;
import static dev.tessera.game.alhambra.Fixture.accepted;
import static dev.tessera.game.alhambra.Fixture.apply;
import static dev.tessera.game.alhambra.Fixture.assertRejected;
import static dev.tessera.game.alhambra.Fixture.at;
import static dev.tessera.game.alhambra.Fixture.has;
import static dev.tessera.game.alhambra.Fixture.only;
import static dev.tessera.game.alhambra.Fixture.p1ToAct;
import static dev.tessera.game.alhambra.Fixture.play;
import static dev.tessera.game.alhambra.Fixture.tile;
import static dev.tessera.game.alhambra.Fixture.withAlhambra;
import static dev.tessera.game.alhambra.Fixture.withPending;
import static dev.tessera.game.alhambra.Fixture.withReserve;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Placing bought tiles at the end of the turn and redesigning, with the placement rules.
 * Tiles used: 12, 19, 27, 28, 36, 37 have no walls; 26 has an east wall, 17 and 34 a west wall.
 */
class AlhambraPlacementTest {

    /** p1 must place {@code pending} (their actions are over). */
    private static AlhambraState placing(Tile... pending) {
        return withPending(p1ToAct(), "p1", pending).withPhase(Phase.PLACEMENT);
    }

    @Test
    void boughtTilesArePlacedInAnyOrderAndTheTurnEndsWithTheLast() {
        AlhambraState s = placing(tile(12), tile(19));

        List<AlhambraEvent> first = accepted(ENGINE.decide(s, "p1", new PlaceTile(19, 1, 0)));
        assertEquals(List.of(new TilePlaced("p1", Infos.info(tile(19)), 1, 0, "pending")), first);
        s = apply(s, first);
        assertEquals(Phase.PLACEMENT, s.phase());

        List<AlhambraEvent> second = accepted(ENGINE.decide(s, "p1", new PlaceTile(12, 2, 0)));
        assertTrue(has(TurnEnded.class, second));
        s = apply(s, second);
        assertEquals(List.of(at(1, 0, 19), at(2, 0, 12)), s.player("p1").alhambra());
        assertEquals("p2", s.currentPlayer());
        assertEquals(Phase.ACTION, s.phase());
    }

    @Test
    void aBoughtTileMayAlwaysGoToTheReserve() {
        AlhambraState s = placing(tile(17));
        assertRejected("wall-mismatch", ENGINE.decide(s, "p1", new PlaceTile(17, 1, 0)));

        List<AlhambraEvent> events = accepted(ENGINE.decide(s, "p1", new ReserveTile(17)));

        assertEquals(new TileReserved("p1", Infos.info(tile(17)), "pending", null, null), events.get(0));
        assertEquals(List.of(tile(17)), apply(s, events).player("p1").reserve());
    }

    @Test
    void placementLegalMovesListEveryLegalSquareAndTheReserve() {
        List<AlhambraMove> moves = ENGINE.legalMoves(placing(tile(17)), "p1");
        // a west wall fits only where its west side faces nothing: north, south or west of the fountain
        assertEquals(List.of(new PlaceTile(17, 0, -1), new PlaceTile(17, -1, 0), new PlaceTile(17, 0, 1),
                new ReserveTile(17)), moves);
    }

    @Test
    void theFountainSquareAndOccupiedSquaresAreRefused() {
        AlhambraState s = withAlhambra(placing(tile(12)), "p1", at(1, 0, 19));
        assertRejected("fountain", ENGINE.decide(s, "p1", new PlaceTile(12, 0, 0)));
        assertRejected("occupied", ENGINE.decide(s, "p1", new PlaceTile(12, 1, 0)));
    }

    @Test
    void aTileMustShareASideWithTheAlhambra() {
        assertRejected("not-adjacent", ENGINE.decide(placing(tile(12)), "p1", new PlaceTile(12, 1, 1)));
    }

    @Test
    void wallsMustMeetWalls() {
        assertRejected("wall-mismatch", ENGINE.decide(placing(tile(17)), "p1", new PlaceTile(17, 1, 0)));
    }

    @Test
    void helpPageExampleATileBehindWallsIsUnreachableUntilADetourExists() {
        // [A] [B|] [|C]: B = tile 26 (east wall), C = tile 17 (west wall)
        AlhambraState s = withAlhambra(placing(tile(17)), "p1", at(1, 0, 26));
        assertRejected("unreachable", ENGINE.decide(s, "p1", new PlaceTile(17, 2, 0)));

        // x and y above B and C, without walls between them
        AlhambraState detour = withAlhambra(placing(tile(17)), "p1", at(1, 0, 26), at(1, -1, 27), at(2, -1, 28));
        accepted(ENGINE.decide(detour, "p1", new PlaceTile(17, 2, 0)));
    }

    @Test
    void aPlacementThatEnclosesAnEmptySquareIsRefused() {
        AlhambraState s = withAlhambra(placing(tile(12)), "p1",
                at(1, 0, 19), at(2, 0, 27), at(2, 1, 28), at(2, 2, 36), at(1, 2, 37), at(0, 2, 17));
        assertRejected("hole", ENGINE.decide(s, "p1", new PlaceTile(12, 0, 1)));
        assertFalse(ENGINE.legalMoves(s, "p1").contains(new PlaceTile(12, 0, 1)));
    }

    @Test
    void onlyTilesToPlaceCanBePlaced() {
        assertRejected("no-such-tile", ENGINE.decide(placing(tile(12)), "p1", new PlaceTile(19, 1, 0)));
        assertRejected("no-such-tile", ENGINE.decide(placing(tile(12)), "p1", new ReserveTile(19)));
    }

    @Test
    void redesignPlacesAReserveTileAndEndsTheTurn() {
        AlhambraState s = withReserve(p1ToAct(), "p1", tile(12));

        List<AlhambraEvent> events = accepted(ENGINE.decide(s, "p1", new RedesignPlace(12, 0, 1)));

        assertEquals(new TilePlaced("p1", Infos.info(tile(12)), 0, 1, "reserve"), events.get(0));
        AlhambraState after = apply(s, events);
        assertEquals(List.of(at(0, 1, 12)), after.player("p1").alhambra());
        assertTrue(after.player("p1").reserve().isEmpty());
        assertEquals("p2", after.currentPlayer());
    }

    @Test
    void redesignPlacementFollowsThePlacementRules() {
        AlhambraState s = withReserve(withAlhambra(p1ToAct(), "p1",
                at(1, 0, 19), at(2, 0, 27), at(2, 1, 28), at(2, 2, 36), at(1, 2, 37), at(0, 2, 17)),
                "p1", tile(12), tile(34));
        assertRejected("hole", ENGINE.decide(s, "p1", new RedesignPlace(12, 0, 1)));
        assertRejected("wall-mismatch", ENGINE.decide(s, "p1", new RedesignPlace(34, 3, 0)));
        assertRejected("no-such-tile", ENGINE.decide(s, "p1", new RedesignPlace(28, 3, 0)));
    }

    @Test
    void redesignRemovesATileToTheReserve() {
        AlhambraState s = withAlhambra(p1ToAct(), "p1", at(1, 0, 19), at(2, 0, 12));

        List<AlhambraEvent> events = accepted(ENGINE.decide(s, "p1", new RedesignRemove(12)));

        assertEquals(new TileReserved("p1", Infos.info(tile(12)), "alhambra", 2, 0), events.get(0));
        AlhambraState after = apply(s, events);
        assertEquals(List.of(at(1, 0, 19)), after.player("p1").alhambra());
        assertEquals(List.of(tile(12)), after.player("p1").reserve());
    }

    @Test
    void removingATileThatLinksOthersToTheFountainIsRefused() {
        AlhambraState s = withAlhambra(p1ToAct(), "p1", at(1, 0, 19), at(2, 0, 12));
        assertRejected("disconnects", ENGINE.decide(s, "p1", new RedesignRemove(19)));
    }

    @Test
    void removingATileSurroundedOnFourSidesLeavesAHole() {
        AlhambraState s = withAlhambra(p1ToAct(), "p1", at(1, 0, 19), at(0, 1, 27), at(1, 1, 12), at(2, 1, 28),
                at(1, 2, 36), at(2, 0, 37));
        assertRejected("hole", ENGINE.decide(s, "p1", new RedesignRemove(12)));
        assertRejected("no-such-tile", ENGINE.decide(s, "p1", new RedesignRemove(46)));
    }

    @Test
    void aSwapPutsAReserveTileOnTheSameSquare() {
        AlhambraState s = withReserve(withAlhambra(p1ToAct(), "p1", at(1, 0, 19)), "p1", tile(12));

        List<AlhambraEvent> events = accepted(ENGINE.decide(s, "p1", new RedesignSwap(12, 1, 0)));

        assertEquals(new TilesSwapped("p1", Infos.info(tile(12)), Infos.info(tile(19)), 1, 0),
                only(TilesSwapped.class, events));
        AlhambraState after = apply(s, events);
        assertEquals(List.of(at(1, 0, 12)), after.player("p1").alhambra());
        assertEquals(List.of(tile(19)), after.player("p1").reserve());
    }

    @Test
    void aSwapMustFitTheNeighboursAndNeedsATileThere() {
        AlhambraState s = withReserve(withAlhambra(p1ToAct(), "p1", at(1, 0, 19)), "p1", tile(17), tile(12));
        assertRejected("wall-mismatch", ENGINE.decide(s, "p1", new RedesignSwap(17, 1, 0)));
        assertRejected("empty-square", ENGINE.decide(s, "p1", new RedesignSwap(12, 0, 1)));
        assertRejected("fountain", ENGINE.decide(s, "p1", new RedesignSwap(12, 0, 0)));
        assertRejected("no-such-tile", ENGINE.decide(s, "p1", new RedesignSwap(28, 1, 0)));
    }

    @Test
    void redesignIsAnActionSoItWaitsWhileBoughtTilesArePlaced() {
        AlhambraState s = withReserve(placing(tile(19)), "p1", tile(12));
        assertRejected("must-place-tiles-first", ENGINE.decide(s, "p1", new RedesignPlace(12, 1, 0)));
        s = play(s, "p1", new PlaceTile(19, 1, 0));
        assertEquals("p2", s.currentPlayer());
    }
}
