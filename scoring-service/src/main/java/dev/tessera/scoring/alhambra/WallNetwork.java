package dev.tessera.scoring.alhambra;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The external walls of a layout as a graph: corner points joined by wall segments that face an empty
 * square (a wall between two tiles is internal and never counts).
 *
 * <p>The longest wall is the longest trail: a walk along segments, turning at convex and concave corners
 * alike, that uses no segment twice. A fully walled boundary therefore counts all its L segments, as
 * game-service/docs/alhambra.md decides (BGA's vertex-simple longest path gives L - 1 there). In a legal Alhambra
 * every corner touches at most two external segments, so each connected run is a simple path or the one
 * closed loop and the answer is its segment count. Corners with three or four segments ("junctions") only
 * arise where two tiles touch diagonally across two empty squares, i.e. in a layout with a hole or gap;
 * there the trail may pass through a junction, as BGA's graph joins walls there too.
 */
public final class WallNetwork {

    /**
     * Finding the longest trail through junctions is an exhaustive search (the problem is NP-hard in
     * general); this bound keeps it instant. Legal layouts have no junctions.
     */
    public static final int MAX_JUNCTIONS = 8;

    private record Corner(int x, int y) {}

    /** Incident segments of each corner, as [segment id, other corner]. */
    private final List<List<int[]>> incident = new ArrayList<>();

    private int segments;

    private WallNetwork() {}

    /** @param occupied every occupied square (fountain included) with the sides that carry a wall */
    public static WallNetwork of(Map<Square, Set<Side>> occupied) {
        WallNetwork network = new WallNetwork();
        Map<Corner, Integer> cornerIds = new HashMap<>();
        occupied.forEach((square, walls) -> {
            for (Side side : walls) {
                if (!occupied.containsKey(square.neighbour(side))) {
                    int from = network.corner(
                            cornerIds, new Corner(square.x() + side.fromCornerDx, square.y() + side.fromCornerDy));
                    int to = network.corner(
                            cornerIds, new Corner(square.x() + side.toCornerDx, square.y() + side.toCornerDy));
                    network.incident.get(from).add(new int[] {network.segments, to});
                    network.incident.get(to).add(new int[] {network.segments, from});
                    network.segments++;
                }
            }
        });
        return network;
    }

    private int corner(Map<Corner, Integer> cornerIds, Corner corner) {
        return cornerIds.computeIfAbsent(corner, unused -> {
            incident.add(new ArrayList<>());
            return incident.size() - 1;
        });
    }

    /** External wall segments in the whole layout. */
    public int segments() {
        return segments;
    }

    /** Corners where three or four external segments meet. */
    public int junctions() {
        return (int) incident.stream().filter(edges -> edges.size() > 2).count();
    }

    /** Length of the longest continuous external wall, in segments. */
    public int longestWall() {
        if (junctions() > MAX_JUNCTIONS) {
            throw new IllegalStateException(junctions() + " wall junctions exceed " + MAX_JUNCTIONS);
        }
        int longest = 0;
        boolean[] seen = new boolean[incident.size()];
        for (int start = 0; start < incident.size(); start++) {
            if (!seen[start]) {
                longest = Math.max(longest, longestTrail(component(start, seen)));
            }
        }
        return longest;
    }

    private List<Integer> component(int start, boolean[] seen) {
        List<Integer> corners = new ArrayList<>();
        Deque<Integer> toVisit = new ArrayDeque<>(List.of(start));
        seen[start] = true;
        while (!toVisit.isEmpty()) {
            int corner = toVisit.pop();
            corners.add(corner);
            for (int[] edge : incident.get(corner)) {
                if (!seen[edge[1]]) {
                    seen[edge[1]] = true;
                    toVisit.push(edge[1]);
                }
            }
        }
        return corners;
    }

    private int longestTrail(List<Integer> corners) {
        int componentSegments =
                corners.stream().mapToInt(c -> incident.get(c).size()).sum() / 2;
        int oddCorners = (int)
                corners.stream().filter(c -> incident.get(c).size() % 2 == 1).count();
        if (oddCorners <= 2) {
            return componentSegments; // Euler: one trail walks every segment
        }
        // Each segment left out fixes the parity of at most two odd corners, so at least this many stay out.
        int upperBound = componentSegments - (oddCorners - 2) / 2;
        boolean[] used = new boolean[segments];
        int best = 0;
        // A longest trail can be taken to start at a path end or a junction: otherwise it could be extended.
        for (int start : corners) {
            if (incident.get(start).size() != 2) {
                best = Math.max(best, walk(start, used, 0, upperBound));
                if (best == upperBound) {
                    break;
                }
            }
        }
        return best;
    }

    private int walk(int corner, boolean[] used, int length, int upperBound) {
        int best = length;
        for (int[] edge : incident.get(corner)) {
            if (!used[edge[0]]) {
                used[edge[0]] = true;
                best = Math.max(best, walk(edge[1], used, length + 1, upperBound));
                used[edge[0]] = false;
                if (best == upperBound) {
                    return best;
                }
            }
        }
        return best;
    }
}
