package dev.tessera.game.api;

import dev.tessera.game.alhambra.AlhambraGrid;
import dev.tessera.game.alhambra.GridAction;
import dev.tessera.game.alhambra.LayoutTile;
import dev.tessera.game.alhambra.PlacementRule;
import dev.tessera.game.alhambra.Walls;
import dev.tessera.kit.problem.ProblemException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Alhambra's placement rules without a game: may this tile go there, may that one be removed or
 * swapped? The same code that judges moves in a game answers.
 */
@Path("/api/v1/calculators/alhambra/placement")
public class PlacementCalculatorResource {

    public record Square(Integer x, Integer y) {}

    public record Tile(Integer x, Integer y, String walls) {}

    public record NewTile(String walls) {}

    public record PlacementRequest(List<Tile> alhambra, String action, Square at, NewTile tile) {}

    public record PlacementAnswer(boolean legal, String rule) {}

    @POST
    public PlacementAnswer check(PlacementRequest request) {
        if (request == null) {
            throw ProblemException.badField("body", "a JSON body with alhambra, action and at is required");
        }
        List<LayoutTile> layout = layout(request.alhambra());
        GridAction action = action(request.action());
        if (request.at() == null || request.at().x() == null || request.at().y() == null) {
            throw ProblemException.badField("at", "at is required: {\"x\": …, \"y\": …}");
        }
        String walls = "";
        if (action != GridAction.REMOVE) {
            if (request.tile() == null || request.tile().walls() == null) {
                throw ProblemException.badField("tile", "tile with its walls is required to " + action.code());
            }
            walls = checkedWalls(request.tile().walls(), "tile.walls");
        }
        PlacementRule rule = AlhambraGrid.check(
                layout, action, request.at().x(), request.at().y(), walls);
        return new PlacementAnswer(rule == PlacementRule.OK, rule.code());
    }

    private static List<LayoutTile> layout(List<Tile> tiles) {
        if (tiles == null) {
            throw ProblemException.badField(
                    "alhambra", "alhambra is required (a list of {x, y, walls}; [] for just the fountain)");
        }
        List<LayoutTile> layout = new ArrayList<>();
        Set<List<Integer>> squares = new HashSet<>();
        for (int i = 0; i < tiles.size(); i++) {
            Tile t = tiles.get(i);
            String field = "alhambra[" + i + "]";
            if (t == null || t.x() == null || t.y() == null) {
                throw ProblemException.badField(field, "each tile needs x and y");
            }
            if (!squares.add(List.of(t.x(), t.y()))) {
                throw ProblemException.badField(field, "two tiles on square (" + t.x() + ", " + t.y() + ")");
            }
            String walls = checkedWalls(t.walls() == null ? "" : t.walls(), field + ".walls");
            if (t.x() == 0 && t.y() == 0 && !walls.isEmpty()) {
                throw ProblemException.badField(field + ".walls", "the fountain at (0, 0) has no walls");
            }
            layout.add(new LayoutTile(t.x(), t.y(), walls));
        }
        return layout;
    }

    private static GridAction action(String action) {
        if (action == null) {
            throw ProblemException.badField("action", "action is required: place, remove or swap");
        }
        try {
            return GridAction.valueOf(action.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw ProblemException.badField("action", "action is place, remove or swap, not '" + action + "'");
        }
    }

    private static String checkedWalls(String walls, String field) {
        try {
            Walls.parse(walls);
            return walls;
        } catch (IllegalArgumentException e) {
            throw ProblemException.badField(
                    field, "walls are a subset of \"NESW\", each side once, not '" + walls + "'");
        }
    }
}
