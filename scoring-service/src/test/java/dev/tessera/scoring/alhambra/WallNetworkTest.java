package dev.tessera.scoring.alhambra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Layouts are written as "x,y,WALLS" per tile; the fountain at (0,0) is always added. */
class WallNetworkTest {

    private static WallNetwork network(String... tiles) {
        Map<Square, Set<Side>> occupied =
                new HashMap<>(AlhambraLayout.fountainOnly().walls());
        for (String tile : tiles) {
            String[] parts = tile.split(",", -1);
            Set<Side> walls = EnumSet.noneOf(Side.class);
            parts[2].chars()
                    .forEach(letter -> walls.add(Side.fromLetter((char) letter).orElseThrow()));
            occupied.put(new Square(Integer.parseInt(parts[0]), Integer.parseInt(parts[1])), walls);
        }
        return WallNetwork.of(occupied);
    }

    private static int longestWall(String... tiles) {
        return network(tiles).longestWall();
    }

    @Test
    void the_fountain_alone_has_no_wall() {
        assertEquals(0, longestWall());
    }

    @Test
    void a_single_side_is_one_segment() {
        assertEquals(1, longestWall("1,0,N"));
    }

    @Test
    void walls_continue_across_neighbouring_tiles() {
        assertEquals(3, longestWall("1,0,N", "2,0,N", "3,0,N"));
    }

    @Test
    void walls_turn_at_a_convex_corner() {
        assertEquals(2, longestWall("1,0,NE"));
        assertEquals(3, longestWall("0,1,ESW"));
    }

    @Test
    void walls_turn_at_a_concave_corner() {
        // (1,1) is empty: the south wall of (1,0) and the east wall of (0,1) meet at its corner (1,1).
        assertEquals(2, longestWall("1,0,S", "0,1,E"));
        assertEquals(4, longestWall("1,0,ES", "0,1,ES"));
    }

    @Test
    void walls_between_two_tiles_never_count() {
        // The east wall of (1,0) faces the west wall of (2,0): internal, so the north walls stay a run of 2.
        WallNetwork network = network("1,0,NE", "2,0,NW");
        assertEquals(2, network.segments());
        assertEquals(2, network.longestWall());
    }

    @Test
    void a_wall_facing_a_tile_is_internal_even_without_a_matching_wall() {
        assertEquals(0, longestWall("1,0,W"));
    }

    @Test
    void two_separate_walls_score_the_longer_one() {
        WallNetwork network = network("1,0,N", "2,0,", "3,0,NE");
        assertEquals(3, network.segments());
        assertEquals(2, network.longestWall());
    }

    @Test
    void a_closed_loop_counts_every_segment() {
        // 3x3 around the fountain, outer boundary fully walled: 12 segments (brdg expects 12; BGA would say 11).
        assertEquals(12, longestWall("-1,-1,NW", "0,-1,N", "1,-1,NE", "-1,0,W", "1,0,E", "-1,1,SW", "0,1,S", "1,1,ES"));
    }

    @Test
    void an_opening_in_the_loop_leaves_the_rest_as_one_run() {
        assertEquals(11, longestWall("-1,-1,NW", "0,-1,", "1,-1,NE", "-1,0,W", "1,0,E", "-1,1,SW", "0,1,S", "1,1,ES"));
    }

    @Test
    void a_branch_takes_the_longer_way_through_the_junction() {
        // brdg.me's grid_test layout, moved one square south-east: (4,4) touches (3,3) only at a corner,
        // where three external segments meet. Through the junction: 3 south walls + 3 walls of (4,4) = 6
        // (BGA joins there too; brdg does not and says 5).
        WallNetwork network =
                network("1,1,NW", "2,1,", "3,1,S", "1,2,", "2,2,", "3,2,ES", "1,3,S", "2,3,S", "3,3,ES", "4,4,NES");
        assertEquals(1, network.junctions());
        assertEquals(6, network.longestWall());
    }

    @Test
    void a_trail_may_pass_a_four_way_junction_twice() {
        // Two fully walled squares touching at corner (2,2): a figure eight of 8 segments.
        WallNetwork network = network("1,1,NESW", "2,2,NESW");
        assertEquals(1, network.junctions());
        assertEquals(8, network.longestWall());
    }

    @Test
    void a_chain_of_junctions_with_many_odd_corners_is_searched_exactly() {
        // Squares (k,k) with walls N, E, S meet corner to corner; each junction has three segments.
        String[] tiles = new String[WallNetwork.MAX_JUNCTIONS + 1];
        for (int k = 1; k <= tiles.length; k++) {
            tiles[k - 1] = k + "," + k + ",NES";
        }
        WallNetwork network = network(tiles);
        assertEquals(WallNetwork.MAX_JUNCTIONS, network.junctions());
        // A trail crosses each junction once, using two of its three segments: the north and east walls of
        // every square, then the last square's south wall.
        assertEquals(2 * tiles.length + 1, network.longestWall());
    }

    @Test
    void too_many_junctions_are_refused() {
        String[] tiles = new String[WallNetwork.MAX_JUNCTIONS + 2];
        for (int k = 1; k <= tiles.length; k++) {
            tiles[k - 1] = k + "," + k + ",NESW";
        }
        assertThrows(IllegalStateException.class, () -> network(tiles).longestWall());
    }
}
