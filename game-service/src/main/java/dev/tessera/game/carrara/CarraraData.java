package dev.tessera.game.carrara;

import dev.tessera.events.lobby.TitleOptions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Carrara's component data and numbers (2012 edition, basic game and expansion), from the sources in
 * game-service/docs/carrara.md. Values no source gives are marked {@code ASSUMPTION} and listed in
 * game-service/docs/carrara.md; correct them here and nowhere else (the green bonus cards: {@link BonusCard}).
 */
public final class CarraraData {

    /** The title's id in the API and the catalogue of titles. */
    public static final String GAME = "carrara";
    /** What a valuation is of, as {@code ValuationRequested.kind} says it: a building type, a city, a category. */
    public static final String KIND_TYPE = "type";

    public static final String KIND_CITY = "city";
    public static final String KIND_CATEGORY = "category";
    public static final int STONES_PER_COLOUR = 7;
    public static final int START_COINS = 20;
    /** Seat 1 black, seat 2 blue, seat 3 green, seat 4 red. */
    public static final List<Stone> START_STONES = List.of(Stone.BLACK, Stone.BLUE, Stone.GREEN, Stone.RED);

    public static final int SECTIONS = 6;
    public static final int WHEEL_CAPACITY = 11;
    public static final int DISPLAY_SIZE = 9;
    public static final int MAX_COST = 5;
    /** The game ends (after the round) once every building tile has been built. */
    public static final int BUILDINGS = BuildingType.values().length * MAX_COST;

    public static final int OBJECTS_PER_KIND = 6;
    /** One object of each kind lies on the main board for sale; the rest form the supply. */
    public static final int OBJECTS_IN_MARKET = 1;

    public static final int OBJECT_PRICE = 10;

    public static final int VALUATION_MARKERS = 6;
    // ASSUMPTION: the bank never runs out of coins (the rules leave an empty bank open).
    public static final int NO_COINS_GRANT = 2;
    public static final int END_DECLARATION_BONUS = 5;
    public static final int COINS_PER_VP = 5;

    // ASSUMPTION: goal cards are not in any source. Goal I uses the rules' own example ("score 4 times");
    // goals II (objects) and III (total building cost) use playable values of our choosing.
    public static final int GOAL_VALUATIONS = 4;
    public static final int GOAL_OBJECTS = 5;
    public static final int GOAL_BUILDING_COST = 20;
    // ASSUMPTION: the purple object card and grey building card values are not in any source; 1 VP per
    // object mirrors the expansion's "leftover object = 1 VP", 1 VP per building is our choice.
    public static final int VP_PER_OBJECT = 1;
    public static final int VP_PER_BUILDING = 1;

    // ---- the expansion (table option "expansion": "true") ----

    /** The table option that puts the expansion in play; its value is "true" or "false". */
    public static final String OPTION_EXPANSION = TitleOptions.EXPANSION;
    /** The cost of each building of the expansion's extra board. */
    public static final int LARGE_COST = 8;
    // ASSUMPTION: the six cost-8 buildings are one of each type (the sources give six, and six types).
    private static final List<Tile> LARGE_BUILDINGS = Arrays.stream(BuildingType.values())
            .map(type -> new Tile(type, LARGE_COST))
            .toList();
    // ASSUMPTION: the upgrade tiles' effect is not in any source: each adds 1 to the value of its city, or of its
    // category's buildings, in its owner's valuations (a building covered by both counts 2 more).
    public static final int UPGRADE_BONUS = 1;
    // ASSUMPTION: the expansion's object card (purple) counts one object of each kind, at 2 VP each, so that the
    // expansion's rule "objects the object card does not count score 1 VP each" matters.
    public static final int EXPANSION_VP_PER_OBJECT = 2;
    /** The expansion's rule for objects the object card does not count. */
    public static final int VP_PER_LEFTOVER_OBJECT = 1;

    private static final Map<City, Stone> CITY_COLOUR = new EnumMap<>(Map.of(
            City.LIVORNO,
            Stone.WHITE,
            City.PISA,
            Stone.YELLOW,
            City.LUCCA,
            Stone.RED,
            City.VIAREGGIO,
            Stone.GREEN,
            City.MASSA,
            Stone.BLUE,
            City.LERICI,
            Stone.BLACK));

    // ASSUMPTION: Lucca's 2 VP is inferred from the alternating VP/coin pattern
    // (game-service/docs/carrara.md, Assumptions).
    private static final Map<City, Integer> CITY_VALUE = new EnumMap<>(
            Map.of(City.LIVORNO, 3, City.PISA, 3, City.LUCCA, 2, City.VIAREGGIO, 2, City.MASSA, 1, City.LERICI, 1));

    private static final Map<City, Payout> CITY_PAYOUT = new EnumMap<>(Map.of(
            City.LIVORNO,
            Payout.VP,
            City.PISA,
            Payout.COINS,
            City.LUCCA,
            Payout.VP,
            City.VIAREGGIO,
            Payout.COINS,
            City.MASSA,
            Payout.VP,
            City.LERICI,
            Payout.COINS));

    // ASSUMPTION: the board shows 2 or 3 squares per city but no source says which; the cities taking
    // fewest colours are the hardest to build in, so they ask for 2 and the others for 3.
    private static final Map<City, Integer> CITY_MIN_BUILDINGS = new EnumMap<>(
            Map.of(City.LIVORNO, 2, City.PISA, 2, City.LUCCA, 2, City.VIAREGGIO, 3, City.MASSA, 3, City.LERICI, 3));

    private static final Map<BuildingType, Category> TYPE_CATEGORY = new EnumMap<>(Map.of(
            BuildingType.BIBLIOTECA,
            Category.CITY,
            BuildingType.CATTEDRALE,
            Category.CITY,
            BuildingType.PALAZZO,
            Category.CITY,
            BuildingType.PORTA,
            Category.CITY,
            BuildingType.CASTELLO,
            Category.LAND,
            BuildingType.VILLA,
            Category.LAND));

    // ASSUMPTION: only Palazzo -> crown and Biblioteca -> book are sourced; Porta -> gate follows the name,
    // the other three are our choice. Every tile of a type shows the same object.
    private static final Map<BuildingType, ObjectKind> TYPE_OBJECT = new EnumMap<>(Map.of(
            BuildingType.PALAZZO,
            ObjectKind.CROWN,
            BuildingType.BIBLIOTECA,
            ObjectKind.BOOK,
            BuildingType.PORTA,
            ObjectKind.GATE,
            BuildingType.CATTEDRALE,
            ObjectKind.CUP,
            BuildingType.CASTELLO,
            ObjectKind.COAT_OF_ARMS,
            BuildingType.VILLA,
            ObjectKind.FLAG));

    private static final List<Tile> TILES = allTiles();

    private CarraraData() {}

    /** Section I price: white 6, yellow 5, red 4, green 3, blue 2, black 1. */
    public static int basePrice(Stone stone) {
        return 6 - stone.ordinal();
    }

    /** Price of a stone in section 1 (I) to 6 (VI); 0 means free. */
    // ASSUMPTION: sections II-VI are inferred (game-service/docs/carrara.md, Assumptions): each section after I
    // is one coin cheaper.
    public static int price(int section, Stone stone) {
        return Math.max(0, basePrice(stone) - (section - 1));
    }

    public static int price(int section, Stones stones) {
        int total = 0;
        for (Stone stone : Stone.values()) {
            total += stones.get(stone) * price(section, stone);
        }
        return total;
    }

    public static Stone colour(City city) {
        return CITY_COLOUR.get(city);
    }

    /** A city accepts its own colour and every more expensive one. */
    public static boolean accepts(City city, Stone stone) {
        return stone.ordinal() <= colour(city).ordinal();
    }

    public static int value(City city) {
        return CITY_VALUE.get(city);
    }

    public static Payout payout(City city) {
        return CITY_PAYOUT.get(city);
    }

    public static int minBuildings(City city) {
        return CITY_MIN_BUILDINGS.get(city);
    }

    public static Category category(BuildingType type) {
        return TYPE_CATEGORY.get(type);
    }

    public static ObjectKind object(BuildingType type) {
        return TYPE_OBJECT.get(type);
    }

    /** The extra board of the expansion, before anyone builds from it. */
    public static List<Tile> largeBuildings() {
        return LARGE_BUILDINGS;
    }

    /** Stones a renovation costs: replacing a building of {@code replacedCost} with one of {@code cost}. */
    // ASSUMPTION: the help pages do not say whether a renovation pays the new building's full cost or the difference;
    // we take the difference (the old building's stones stay in the walls).
    public static int renovationStones(int replacedCost, int cost) {
        return cost - replacedCost;
    }

    /** How a category's valuation pays (expansion): city buildings in coins, land buildings in VP. */
    public static Payout payout(Category category) {
        return category == Category.CITY ? Payout.COINS : Payout.VP;
    }

    /** All 30 tiles: every type once with each cost 1 to 5. */
    public static List<Tile> tiles() {
        return TILES;
    }

    private static List<Tile> allTiles() {
        List<Tile> tiles = new ArrayList<>();
        for (BuildingType type : BuildingType.values()) {
            for (int cost = 1; cost <= MAX_COST; cost++) {
                tiles.add(new Tile(type, cost));
            }
        }
        return List.copyOf(tiles);
    }
}
