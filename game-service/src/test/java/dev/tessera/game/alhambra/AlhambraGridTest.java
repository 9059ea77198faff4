package dev.tessera.game.alhambra;

import static dev.tessera.game.alhambra.GridAction.PLACE;
import static dev.tessera.game.alhambra.GridAction.REMOVE;
import static dev.tessera.game.alhambra.GridAction.SWAP;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The placement calculator on plain layouts (fountain at 0,0 implied), rule by rule. */
class AlhambraGridTest {

    private static LayoutTile t(int x, int y, String walls) {
        return new LayoutTile(x, y, walls);
    }

    private static String check(List<LayoutTile> layout, GridAction action, int x, int y, String walls) {
        return AlhambraGrid.check(layout, action, x, y, walls).code();
    }

    @Test
    void a_tile_with_open_sides_next_to_the_fountain_is_ok() {
        assertEquals("ok", check(List.of(), PLACE, 1, 0, ""));
        assertEquals("ok", check(List.of(), PLACE, 0, -1, "NEW"));
    }

    @Test
    void the_fountain_square_is_never_placed_on_removed_or_swapped() {
        assertEquals("fountain", check(List.of(), PLACE, 0, 0, ""));
        assertEquals("fountain", check(List.of(), REMOVE, 0, 0, null));
        assertEquals("fountain", check(List.of(t(1, 0, "")), SWAP, 0, 0, ""));
    }

    @Test
    void an_occupied_square_cannot_take_another_tile() {
        assertEquals("occupied", check(List.of(t(1, 0, "")), PLACE, 1, 0, ""));
    }

    @Test
    void diagonal_contact_is_not_adjacency() {
        assertEquals("not-adjacent", check(List.of(), PLACE, 1, 1, ""));
        assertEquals("not-adjacent", check(List.of(), PLACE, 5, 0, ""));
    }

    @Test
    void a_wall_facing_an_open_side_is_a_mismatch() {
        // the fountain has no walls, so a west wall at (1,0) faces its open east side
        assertEquals("wall-mismatch", check(List.of(), PLACE, 1, 0, "W"));
        // (1,0) has an east wall: a tile at (2,0) needs a west wall there
        assertEquals("wall-mismatch", check(List.of(t(1, 0, "E")), PLACE, 2, 0, ""));
    }

    @Test
    void help_page_example_one_c_is_unreachable_behind_the_walls_of_b_and_c() {
        // [A] [B|] [|C]: the walls match, but C cannot be walked to from the fountain A
        assertEquals("unreachable", check(List.of(t(1, 0, "E")), PLACE, 2, 0, "W"));
    }

    @Test
    void help_page_example_two_the_detour_through_x_and_y_makes_c_reachable() {
        //  [ ] [x] [y]
        //  [A] [B|] [|C]
        List<LayoutTile> layout = List.of(t(1, 0, "E"), t(1, -1, ""), t(2, -1, ""));
        assertEquals("ok", check(layout, PLACE, 2, 0, "W"));
    }

    @Test
    void closing_the_fourth_side_around_an_empty_square_makes_a_hole() {
        // (1,1) is empty with tiles north (1,0), east (2,1) and south (1,2); (0,1) would close it
        List<LayoutTile> layout = List.of(t(1, 0, ""), t(2, 0, ""), t(2, 1, ""), t(2, 2, ""), t(1, 2, ""), t(0, 2, ""));
        assertEquals("hole", check(layout, PLACE, 0, 1, ""));
    }

    @Test
    void enclosing_a_group_of_empty_squares_is_a_hole_too() {
        // a ring around (1,1) and (2,1): no single empty square has four neighbours, yet both are enclosed
        List<LayoutTile> layout = List.of(
                t(1, 0, ""), t(2, 0, ""), t(3, 0, ""), t(3, 1, ""), t(3, 2, ""), t(2, 2, ""), t(1, 2, ""), t(0, 2, ""));
        assertEquals("hole", check(layout, PLACE, 0, 1, ""));
    }

    @Test
    void a_pocket_closed_only_at_a_corner_is_a_hole() {
        // (1,1) and (2,1) are empty; (3,1) touches (2,0) only at a corner, and that corner closes the pocket
        List<LayoutTile> layout =
                List.of(t(1, 0, ""), t(2, 0, ""), t(0, 1, ""), t(0, 2, ""), t(1, 2, ""), t(2, 2, ""), t(3, 2, ""));
        assertEquals("ok", AlhambraGrid.ofLayout(layout).validate().code());
        assertEquals("hole", check(layout, PLACE, 3, 1, ""));
        assertEquals("ok", check(layout, PLACE, 4, 2, ""));
    }

    @Test
    void a_notch_open_to_the_outside_is_no_hole() {
        List<LayoutTile> layout = List.of(t(1, 0, ""), t(2, 0, ""), t(2, 1, ""));
        assertEquals("ok", check(layout, PLACE, 2, 2, ""));
        assertEquals("ok", check(layout, PLACE, 0, 1, ""));
    }

    @Test
    void removing_a_tile_with_four_neighbours_leaves_a_hole() {
        List<LayoutTile> block = new ArrayList<>();
        for (int y = -1; y <= 1; y++) {
            for (int x = -1; x <= 1; x++) {
                if (x != 0 || y != 0) {
                    block.add(t(x, y, ""));
                }
            }
        }
        block.add(t(1, 2, ""));
        block.add(t(2, 1, ""));
        // (1,1)'s neighbours (1,0), (2,1), (1,2), (0,1) are all tiles
        assertEquals("hole", check(block, REMOVE, 1, 1, null));
        assertEquals("ok", check(block, REMOVE, 2, 1, null));
    }

    @Test
    void removing_the_only_link_to_a_tile_disconnects_it() {
        assertEquals("disconnects", check(List.of(t(1, 0, ""), t(2, 0, "")), REMOVE, 1, 0, null));
        assertEquals("ok", check(List.of(t(1, 0, ""), t(2, 0, "")), REMOVE, 2, 0, null));
    }

    @Test
    void a_tile_next_to_another_but_walled_off_from_it_is_disconnected_when_its_open_path_goes() {
        // (1,0) and (1,1) share a walled side; (1,1) is walked to only through (0,1)
        List<LayoutTile> layout = List.of(t(1, 0, "S"), t(1, 1, "N"), t(0, 1, ""));
        assertEquals("ok", AlhambraGrid.ofLayout(layout).validate().code());
        assertEquals("disconnects", check(layout, REMOVE, 0, 1, null));
    }

    @Test
    void removing_or_swapping_an_empty_square_is_rejected() {
        assertEquals("empty-square", check(List.of(), REMOVE, 1, 0, null));
        assertEquals("empty-square", check(List.of(), SWAP, 1, 0, ""));
    }

    @Test
    void a_swap_keeps_the_square_and_must_match_every_neighbour() {
        List<LayoutTile> layout = List.of(t(1, 0, "N"), t(2, 0, ""));
        assertEquals("ok", check(layout, SWAP, 1, 0, "S"));
        assertEquals("wall-mismatch", check(layout, SWAP, 1, 0, "E"));
        assertEquals("wall-mismatch", check(layout, SWAP, 1, 0, "W"));
    }

    @Test
    void validate_rechecks_a_whole_layout() {
        assertEquals(
                PlacementRule.OK,
                AlhambraGrid.ofLayout(List.of(t(1, 0, "E"), t(1, -1, ""), t(2, -1, ""), t(2, 0, "W")))
                        .validate());
        assertEquals(
                PlacementRule.WALL_MISMATCH,
                AlhambraGrid.ofLayout(List.of(t(1, 0, "W"))).validate());
        assertEquals(
                PlacementRule.UNREACHABLE,
                AlhambraGrid.ofLayout(List.of(t(1, 0, "E"), t(2, 0, "W"))).validate());
        assertEquals(
                PlacementRule.UNREACHABLE,
                AlhambraGrid.ofLayout(List.of(t(5, 5, ""))).validate());
        assertEquals(
                PlacementRule.HOLE,
                AlhambraGrid.ofLayout(List.of(
                                t(1, 0, ""),
                                t(2, 0, ""),
                                t(2, 1, ""),
                                t(2, 2, ""),
                                t(1, 2, ""),
                                t(0, 2, ""),
                                t(0, 1, "")))
                        .validate());
    }

    @Test
    void the_frontier_is_every_empty_square_sharing_a_side() {
        List<Square> frontier = AlhambraGrid.ofLayout(List.of(t(1, 0, ""))).frontier();
        assertEquals(6, frontier.size(), frontier.toString());
    }

    @Test
    void malformed_layouts_are_refused() {
        assertThrows(IllegalArgumentException.class, () -> AlhambraGrid.ofLayout(List.of(t(1, 0, ""), t(1, 0, "N"))));
        assertThrows(IllegalArgumentException.class, () -> AlhambraGrid.ofLayout(List.of(t(0, 0, "N"))));
        assertThrows(IllegalArgumentException.class, () -> AlhambraGrid.ofLayout(List.of(t(1, 0, "X"))));
        assertThrows(IllegalArgumentException.class, () -> AlhambraGrid.ofLayout(List.of(t(1, 0, "NN"))));
        assertEquals("ok", check(List.of(t(0, 0, "")), PLACE, 1, 0, ""));
    }
}
