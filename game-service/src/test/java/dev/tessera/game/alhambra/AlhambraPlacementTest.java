package dev.tessera.game.alhambra;

import static dev.tessera.game.alhambra.Crafted.at;
import static dev.tessera.game.alhambra.Crafted.p1ToAct;
import static dev.tessera.game.alhambra.Crafted.tile;
import static dev.tessera.game.alhambra.Crafted.withAlhambra;
import static dev.tessera.game.alhambra.Crafted.withPending;
import static dev.tessera.game.alhambra.Crafted.withReserve;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.events.alhambra.AlhambraEvent.TilePlaced;
import dev.tessera.events.alhambra.AlhambraEvent.TileReserved;
import dev.tessera.events.alhambra.AlhambraEvent.TilesSwapped;
import dev.tessera.events.alhambra.AlhambraEvent.TurnEnded;
import dev.tessera.game.alhambra.AlhambraState.Phase;
import dev.tessera.game.rules.RulesFixture;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Placing bought tiles at the end of the turn and redesigning, with the placement rules.
 * Tiles used: 12, 19, 27, 28, 36, 37 have no walls; 26 has an east wall, 17 and 34 a west wall.
 */
class AlhambraPlacementTest {
    private static final RulesFixture<AlhambraState, AlhambraMove, AlhambraEvent> RULES =
            RulesFixture.of(new AlhambraEngine());

    /** p1 must place {@code pending} (their actions are over). */
    private static AlhambraState placing(Tile... pending) {
        return withPending(p1ToAct(), "p1", pending).withPhase(Phase.PLACEMENT);
    }

    private static AlhambraMove.PlaceTile place(int tile, int x, int y) {
        return new AlhambraMove.PlaceTile(tile, x, y);
    }

    @Nested
    class PlaceTile {
        @Test
        void bought_tiles_are_placed_in_any_order_and_the_turn_ends_with_the_last() {
            var first = RULES.given(placing(tile(12), tile(19)))
                    .when("p1", place(19, 1, 0))
                    .then(new TilePlaced("p1", Infos.info(tile(19)), 1, 0, "pending"));
            assertEquals(Phase.PLACEMENT, first.state().phase());

            var second = first.and().when("p1", place(12, 2, 0));
            assertTrue(second.caused(TurnEnded.class));
            AlhambraState s = second.state();
            assertEquals(List.of(at(1, 0, 19), at(2, 0, 12)), s.player("p1").alhambra());
            assertEquals("p2", s.currentPlayer());
            assertEquals(Phase.ACTION, s.phase());
        }

        @Test
        void placement_legal_moves_list_every_legal_square_and_the_reserve() {
            List<AlhambraMove> moves = RULES.engine().legalMoves(placing(tile(17)), "p1");
            // a west wall fits only where its west side faces nothing: north, south or west of the fountain
            assertEquals(
                    List.of(place(17, 0, -1), place(17, -1, 0), place(17, 0, 1), new AlhambraMove.ReserveTile(17)),
                    moves);
        }

        @Test
        void the_fountain_square_and_occupied_squares_are_refused() {
            var given = RULES.given(withAlhambra(placing(tile(12)), "p1", at(1, 0, 19)));
            given.when("p1", place(12, 0, 0)).thenRejected("fountain");
            given.when("p1", place(12, 1, 0)).thenRejected("occupied");
        }

        @Test
        void a_tile_must_share_a_side_with_the_alhambra() {
            RULES.given(placing(tile(12))).when("p1", place(12, 1, 1)).thenRejected("not-adjacent");
        }

        @Test
        void walls_must_meet_walls() {
            RULES.given(placing(tile(17))).when("p1", place(17, 1, 0)).thenRejected("wall-mismatch");
        }

        @Test
        void help_page_example_a_tile_behind_walls_is_unreachable_until_a_detour_exists() {
            // [A] [B|] [|C]: B = tile 26 (east wall), C = tile 17 (west wall)
            AlhambraState s = withAlhambra(placing(tile(17)), "p1", at(1, 0, 26));
            RULES.given(s).when("p1", place(17, 2, 0)).thenRejected("unreachable");

            // x and y above B and C, without walls between them
            AlhambraState detour = withAlhambra(placing(tile(17)), "p1", at(1, 0, 26), at(1, -1, 27), at(2, -1, 28));
            RULES.given(detour).when("p1", place(17, 2, 0)).events(); // fails unless accepted
        }

        @Test
        void a_placement_that_encloses_an_empty_square_is_refused() {
            AlhambraState s = withAlhambra(
                    placing(tile(12)),
                    "p1",
                    at(1, 0, 19),
                    at(2, 0, 27),
                    at(2, 1, 28),
                    at(2, 2, 36),
                    at(1, 2, 37),
                    at(0, 2, 17));
            RULES.given(s).when("p1", place(12, 0, 1)).thenRejected("hole");
            assertFalse(RULES.engine().legalMoves(s, "p1").contains(place(12, 0, 1)));
        }

        @Test
        void only_tiles_to_place_can_be_placed() {
            RULES.given(placing(tile(12))).when("p1", place(19, 1, 0)).thenRejected("no-such-tile");
            RULES.given(placing(tile(12)))
                    .when("p1", new AlhambraMove.ReserveTile(19))
                    .thenRejected("no-such-tile");
        }
    }

    @Nested
    class ReserveTile {
        @Test
        void a_bought_tile_may_always_go_to_the_reserve() {
            var given = RULES.given(placing(tile(17)));
            given.when("p1", place(17, 1, 0)).thenRejected("wall-mismatch");

            var reserved = given.when("p1", new AlhambraMove.ReserveTile(17));

            assertEquals(
                    new TileReserved("p1", Infos.info(tile(17)), "pending", null, null),
                    reserved.events().get(0));
            assertEquals(List.of(tile(17)), reserved.state().player("p1").reserve());
        }
    }

    @Nested
    class RedesignPlace {
        @Test
        void redesign_places_a_reserve_tile_and_ends_the_turn() {
            AlhambraState s = withReserve(p1ToAct(), "p1", tile(12));

            var placed = RULES.given(s).when("p1", new AlhambraMove.RedesignPlace(12, 0, 1));

            assertEquals(
                    new TilePlaced("p1", Infos.info(tile(12)), 0, 1, "reserve"),
                    placed.events().get(0));
            AlhambraState after = placed.state();
            assertEquals(List.of(at(0, 1, 12)), after.player("p1").alhambra());
            assertTrue(after.player("p1").reserve().isEmpty());
            assertEquals("p2", after.currentPlayer());
        }

        @Test
        void redesign_placement_follows_the_placement_rules() {
            var given = RULES.given(withReserve(
                    withAlhambra(
                            p1ToAct(),
                            "p1",
                            at(1, 0, 19),
                            at(2, 0, 27),
                            at(2, 1, 28),
                            at(2, 2, 36),
                            at(1, 2, 37),
                            at(0, 2, 17)),
                    "p1",
                    tile(12),
                    tile(34)));
            given.when("p1", new AlhambraMove.RedesignPlace(12, 0, 1)).thenRejected("hole");
            given.when("p1", new AlhambraMove.RedesignPlace(34, 3, 0)).thenRejected("wall-mismatch");
            given.when("p1", new AlhambraMove.RedesignPlace(28, 3, 0)).thenRejected("no-such-tile");
        }

        @Test
        void redesign_is_an_action_so_it_waits_while_bought_tiles_are_placed() {
            var given = RULES.given(withReserve(placing(tile(19)), "p1", tile(12)));
            given.when("p1", new AlhambraMove.RedesignPlace(12, 1, 0)).thenRejected("must-place-tiles-first");
            assertEquals("p2", given.played("p1", place(19, 1, 0)).state().currentPlayer());
        }
    }

    @Nested
    class RedesignRemove {
        @Test
        void redesign_removes_a_tile_to_the_reserve() {
            AlhambraState s = withAlhambra(p1ToAct(), "p1", at(1, 0, 19), at(2, 0, 12));

            var removed = RULES.given(s).when("p1", new AlhambraMove.RedesignRemove(12));

            assertEquals(
                    new TileReserved("p1", Infos.info(tile(12)), "alhambra", 2, 0),
                    removed.events().get(0));
            AlhambraState after = removed.state();
            assertEquals(List.of(at(1, 0, 19)), after.player("p1").alhambra());
            assertEquals(List.of(tile(12)), after.player("p1").reserve());
        }

        @Test
        void removing_a_tile_that_links_others_to_the_fountain_is_refused() {
            AlhambraState s = withAlhambra(p1ToAct(), "p1", at(1, 0, 19), at(2, 0, 12));
            RULES.given(s).when("p1", new AlhambraMove.RedesignRemove(19)).thenRejected("disconnects");
        }

        @Test
        void removing_a_tile_surrounded_on_four_sides_leaves_a_hole() {
            var given = RULES.given(withAlhambra(
                    p1ToAct(),
                    "p1",
                    at(1, 0, 19),
                    at(0, 1, 27),
                    at(1, 1, 12),
                    at(2, 1, 28),
                    at(1, 2, 36),
                    at(2, 0, 37)));
            given.when("p1", new AlhambraMove.RedesignRemove(12)).thenRejected("hole");
            given.when("p1", new AlhambraMove.RedesignRemove(46)).thenRejected("no-such-tile");
        }
    }

    @Nested
    class RedesignSwap {
        @Test
        void a_swap_puts_a_reserve_tile_on_the_same_square() {
            AlhambraState s = withReserve(withAlhambra(p1ToAct(), "p1", at(1, 0, 19)), "p1", tile(12));

            var swapped = RULES.given(s).when("p1", new AlhambraMove.RedesignSwap(12, 1, 0));

            assertEquals(
                    new TilesSwapped("p1", Infos.info(tile(12)), Infos.info(tile(19)), 1, 0),
                    swapped.the(TilesSwapped.class));
            AlhambraState after = swapped.state();
            assertEquals(List.of(at(1, 0, 12)), after.player("p1").alhambra());
            assertEquals(List.of(tile(19)), after.player("p1").reserve());
        }

        @Test
        void a_swap_must_fit_the_neighbours_and_needs_a_tile_there() {
            var given = RULES.given(withReserve(withAlhambra(p1ToAct(), "p1", at(1, 0, 19)), "p1", tile(17), tile(12)));
            given.when("p1", new AlhambraMove.RedesignSwap(17, 1, 0)).thenRejected("wall-mismatch");
            given.when("p1", new AlhambraMove.RedesignSwap(12, 0, 1)).thenRejected("empty-square");
            given.when("p1", new AlhambraMove.RedesignSwap(12, 0, 0)).thenRejected("fountain");
            given.when("p1", new AlhambraMove.RedesignSwap(28, 1, 0)).thenRejected("no-such-tile");
        }
    }
}
