package dev.tessera.scoring.alhambra;

import static dev.tessera.scoring.standings.InputChecks.between;
import static dev.tessera.scoring.standings.InputChecks.id;
import static dev.tessera.scoring.standings.InputChecks.required;
import static dev.tessera.scoring.standings.InputChecks.sized;
import static dev.tessera.scoring.standings.InputChecks.uniqueIds;

import dev.tessera.scoring.standings.InvalidInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The public Alhambra calculators: validate the JSON-shaped request, naming the offending field in an
 * {@link InvalidInputException}, then run the same {@link RoundScoring} and {@link WallNetwork} the
 * service uses for live games.
 */
public final class AlhambraCalculator {

    static final int MIN_PLAYERS = 2;
    static final int MAX_PLAYERS = 6;
    private static final int BUILDING_TILES = Arrays.stream(BuildingType.values())
            .mapToInt(BuildingType::tileCount)
            .sum();
    /** A layout holds the fountain and at most every building tile, so it reaches no farther than this. */
    private static final int MAX_COORDINATE = BUILDING_TILES;
    /** The perimeter of n squares is at most 2n + 2 (a straight line), so no wall is longer. */
    private static final int MAX_WALL = 2 * (BUILDING_TILES + 1) + 2;

    private static final String FOUNTAIN_TYPE = "fountain";
    private static final String TYPE_NAMES =
            Arrays.stream(BuildingType.values()).map(BuildingType::jsonName).collect(Collectors.joining(", "));

    private AlhambraCalculator() {}

    public static AlhambraScoringResponse score(AlhambraScoringRequest request) {
        required(request, "");
        int round = between(request.round(), 1, ScoringTable.ROUNDS, "round");
        List<AlhambraScoringRequest.Player> players = sized(request.players(), MIN_PLAYERS, MAX_PLAYERS, "players");
        for (int i = 0; i < players.size(); i++) {
            id(players.get(i).id(), "players[" + i + "].id");
        }
        uniqueIds(players, AlhambraScoringRequest.Player::id, "players");
        List<PlayerHoldings> holdings = new ArrayList<>();
        for (int i = 0; i < players.size(); i++) {
            holdings.add(holdings(players.get(i), "players[" + i + "]"));
        }
        return new AlhambraScoringResponse(round, RoundScoring.score(round, holdings, neutral(request)));
    }

    public static AlhambraWallResponse longestWall(AlhambraWallRequest request) {
        required(request, "");
        Map<Square, Set<Side>> walls = AlhambraLayout.fountainOnly().walls();
        parseTiles(request.alhambra(), "alhambra", false).forEach(tile -> walls.put(tile.square(), tile.walls()));
        return new AlhambraWallResponse(longestWall(walls, "alhambra"));
    }

    private static PlayerHoldings holdings(AlhambraScoringRequest.Player player, String path) {
        if (player.alhambra() != null && player.buildings() != null) {
            throw new InvalidInputException(path, "give either alhambra (a layout) or buildings (counts), not both");
        }
        if (player.alhambra() != null) {
            if (player.wall() != null) {
                throw new InvalidInputException(path + ".wall", "comes from the alhambra layout; omit it");
            }
            AlhambraLayout layout = layout(player.alhambra(), path + ".alhambra");
            return new PlayerHoldings(player.id(), layout.counts(), longestWall(layout.walls(), path + ".alhambra"));
        }
        if (player.buildings() != null) {
            int wall = player.wall() == null ? 0 : between(player.wall(), 0, MAX_WALL, path + ".wall");
            return new PlayerHoldings(player.id(), counts(player.buildings(), path + ".buildings"), wall);
        }
        throw new InvalidInputException(path, "give alhambra (a layout) or buildings (counts)");
    }

    private static Map<BuildingType, Integer> neutral(AlhambraScoringRequest request) {
        if (request.neutral() == null) {
            return Map.of();
        }
        if (request.players().size() != 2) {
            throw new InvalidInputException("neutral", "the neutral player Dirk plays only in 2-player games");
        }
        return counts(required(request.neutral().buildings(), "neutral.buildings"), "neutral.buildings");
    }

    private static Map<BuildingType, Integer> counts(Map<String, Integer> byName, String path) {
        Map<BuildingType, Integer> counts = new EnumMap<>(BuildingType.class);
        byName.forEach((name, count) -> {
            BuildingType type = buildingType(name, path + "." + name);
            counts.put(type, between(count, 0, type.tileCount(), path + "." + name));
        });
        return counts;
    }

    private static AlhambraLayout layout(List<AlhambraTile> tiles, String path) {
        AlhambraLayout layout = AlhambraLayout.fountainOnly();
        for (ParsedTile tile : parseTiles(tiles, path, true)) {
            layout = layout.place(tile.square(), tile.type(), tile.walls());
        }
        for (Map.Entry<BuildingType, Integer> count : layout.counts().entrySet()) {
            if (count.getValue() > count.getKey().tileCount()) {
                throw new InvalidInputException(
                        path,
                        "holds " + count.getValue() + " " + count.getKey().jsonName() + " tiles; the game has only "
                                + count.getKey().tileCount());
            }
        }
        return layout;
    }

    private static int longestWall(Map<Square, Set<Side>> walls, String path) {
        WallNetwork network = WallNetwork.of(walls);
        if (network.junctions() > WallNetwork.MAX_JUNCTIONS) {
            throw new InvalidInputException(
                    path,
                    "has " + network.junctions()
                            + " corners where three or more external walls meet (at most " + WallNetwork.MAX_JUNCTIONS
                            + "); a legal Alhambra has none");
        }
        return network.longestWall();
    }

    /** A listed building tile; {@code type} is null when the wall calculator got none. */
    private record ParsedTile(Square square, BuildingType type, Set<Side> walls) {}

    /** The building tiles of a layout; a listed fountain is checked and left out (it is implicit). */
    private static List<ParsedTile> parseTiles(List<AlhambraTile> tiles, String path, boolean typeRequired) {
        sized(tiles, 0, BUILDING_TILES + 1, path);
        Map<Square, Integer> taken = new HashMap<>();
        List<ParsedTile> parsed = new ArrayList<>();
        for (int i = 0; i < tiles.size(); i++) {
            AlhambraTile tile = tiles.get(i);
            String tilePath = path + "[" + i + "]";
            Square square = new Square(
                    between(tile.x(), -MAX_COORDINATE, MAX_COORDINATE, tilePath + ".x"),
                    between(tile.y(), -MAX_COORDINATE, MAX_COORDINATE, tilePath + ".y"));
            Integer earlier = taken.putIfAbsent(square, i);
            if (earlier != null) {
                throw new InvalidInputException(
                        tilePath, "square " + square + " already holds " + path + "[" + earlier + "]");
            }
            if (square.equals(AlhambraLayout.FOUNTAIN)) {
                checkFountain(tile, tilePath);
            } else {
                BuildingType type = tile.type() == null && !typeRequired
                        ? null
                        : buildingType(required(tile.type(), tilePath + ".type"), tilePath + ".type");
                parsed.add(new ParsedTile(
                        square, type, walls(required(tile.walls(), tilePath + ".walls"), tilePath + ".walls")));
            }
        }
        return parsed;
    }

    private static void checkFountain(AlhambraTile tile, String path) {
        if (tile.type() != null && !tile.type().equals(FOUNTAIN_TYPE)) {
            throw new InvalidInputException(path + ".type", "square (0,0) holds the fountain, not a building");
        }
        if (tile.walls() != null && !tile.walls().isEmpty()) {
            throw new InvalidInputException(path + ".walls", "the fountain has no walls");
        }
    }

    private static BuildingType buildingType(String name, String path) {
        if (FOUNTAIN_TYPE.equals(name)) {
            throw new InvalidInputException(path, "the fountain stands only at (0,0) and is not a building");
        }
        return BuildingType.fromJsonName(name)
                .orElseThrow(() -> new InvalidInputException(
                        path, "unknown building type '" + name + "'; expected one of " + TYPE_NAMES));
    }

    private static Set<Side> walls(String letters, String path) {
        Set<Side> walls = EnumSet.noneOf(Side.class);
        for (char letter : letters.toCharArray()) {
            Side side = Side.fromLetter(letter)
                    .orElseThrow(() -> new InvalidInputException(
                            path, "'" + letter + "' is not a side; use the letters N, E, S, W"));
            if (!walls.add(side)) {
                throw new InvalidInputException(path, "lists side " + letter + " twice");
            }
        }
        return walls;
    }
}
