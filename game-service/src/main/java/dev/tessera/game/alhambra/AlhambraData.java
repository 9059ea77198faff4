package dev.tessera.game.alhambra;

import static dev.tessera.game.alhambra.BuildingType.ARCADES;
import static dev.tessera.game.alhambra.BuildingType.CHAMBERS;
import static dev.tessera.game.alhambra.BuildingType.GARDEN;
import static dev.tessera.game.alhambra.BuildingType.PAVILION;
import static dev.tessera.game.alhambra.BuildingType.SERAGLIO;
import static dev.tessera.game.alhambra.BuildingType.TOWER;

import java.util.ArrayList;
import java.util.List;

/**
 * Alhambra's components and numbers, as in game-service/docs/alhambra.md (Board Game Arena's
 * {@code Buildings.php} and {@code Money.php}).
 */
public final class AlhambraData {
    public static final int MIN_PLAYERS = 2;
    public static final int MAX_PLAYERS = 6;
    /** Starting money: cards are dealt until their face values total at least this. */
    public static final int STARTING_MONEY = 20;

    public static final int DISPLAY_SIZE = 4;
    /** Several money cards may be taken at once when their values total at most this. */
    public static final int MULTI_TAKE_LIMIT = 5;

    public static final int MAX_CARD_VALUE = 9;
    /** Copies of each (currency, value) money card: 3, or 2 in a two-player game (BGA removes a third). */
    public static final int COPIES = 3;

    public static final int COPIES_TWO_PLAYERS = 2;
    public static final int SCORING_ROUNDS = 3;
    /** Dirk (two-player neutral) receives this many tiles at set-up and again after scoring round 1. */
    public static final int DIRK_TILES = 6;
    /** After scoring round 2 Dirk receives the supply's size divided by this, rounded down. */
    public static final int DIRK_SUPPLY_DIVISOR_AFTER_ROUND_2 = 3;

    /** The 54 building tiles, ids as on BGA (fountains 0–5 are not listed: every Alhambra has one at 0,0). */
    public static final List<Tile> TILES = List.of(
            tile(6, PAVILION, 2, "NEW"),
            tile(7, PAVILION, 3, "SW"),
            tile(8, PAVILION, 4, "ES"),
            tile(9, PAVILION, 5, "NW"),
            tile(10, PAVILION, 6, "N"),
            tile(11, PAVILION, 7, "E"),
            tile(12, PAVILION, 8, ""),
            tile(13, SERAGLIO, 3, "ESW"),
            tile(14, SERAGLIO, 4, "NE"),
            tile(15, SERAGLIO, 5, "SW"),
            tile(16, SERAGLIO, 6, "ES"),
            tile(17, SERAGLIO, 7, "W"),
            tile(18, SERAGLIO, 8, "S"),
            tile(19, SERAGLIO, 9, ""),
            tile(20, ARCADES, 4, "NES"),
            tile(21, ARCADES, 5, "NW"),
            tile(22, ARCADES, 6, "SW"),
            tile(23, ARCADES, 6, "NE"),
            tile(24, ARCADES, 7, "ES"),
            tile(25, ARCADES, 8, "N"),
            tile(26, ARCADES, 8, "E"),
            tile(27, ARCADES, 9, ""),
            tile(28, ARCADES, 10, ""),
            tile(29, CHAMBERS, 5, "NSW"),
            tile(30, CHAMBERS, 6, "ES"),
            tile(31, CHAMBERS, 7, "SW"),
            tile(32, CHAMBERS, 7, "NE"),
            tile(33, CHAMBERS, 8, "NW"),
            tile(34, CHAMBERS, 9, "W"),
            tile(35, CHAMBERS, 9, "S"),
            tile(36, CHAMBERS, 10, ""),
            tile(37, CHAMBERS, 11, ""),
            tile(38, GARDEN, 6, "ESW"),
            tile(39, GARDEN, 7, "NSW"),
            tile(40, GARDEN, 8, "SW"),
            tile(41, GARDEN, 8, "NE"),
            tile(42, GARDEN, 8, "NW"),
            tile(43, GARDEN, 9, "E"),
            tile(44, GARDEN, 10, "N"),
            tile(45, GARDEN, 10, "W"),
            tile(46, GARDEN, 10, ""),
            tile(47, GARDEN, 11, ""),
            tile(48, GARDEN, 12, "S"),
            tile(49, TOWER, 7, "NEW"),
            tile(50, TOWER, 8, "NES"),
            tile(51, TOWER, 9, "ES"),
            tile(52, TOWER, 9, "NE"),
            tile(53, TOWER, 9, "NW"),
            tile(54, TOWER, 10, "W"),
            tile(55, TOWER, 11, "N"),
            tile(56, TOWER, 11, "S"),
            tile(57, TOWER, 11, ""),
            tile(58, TOWER, 12, ""),
            tile(59, TOWER, 13, "E"));

    private static final int FIRST_TILE_ID = 6;
    private static final int CARDS_PER_CURRENCY = MAX_CARD_VALUE * COPIES;

    private AlhambraData() {}

    public static Tile tile(int id) {
        int i = id - FIRST_TILE_ID;
        if (i < 0 || i >= TILES.size()) {
            throw new IllegalArgumentException("no tile " + id);
        }
        return TILES.get(i);
    }

    /** The money cards of a game with {@code players} players, in catalogue order (not shuffled). */
    public static List<MoneyCard> moneyCards(int players) {
        int copies = players == 2 ? COPIES_TWO_PLAYERS : COPIES;
        List<MoneyCard> cards = new ArrayList<>();
        for (Currency c : Currency.values()) {
            for (int value = 1; value <= MAX_CARD_VALUE; value++) {
                for (int copy = 0; copy < copies; copy++) {
                    cards.add(moneyCard(c, value, copy));
                }
            }
        }
        return cards;
    }

    /** The card with this id; ids are the same in every game (a two-player game lacks copy 2). */
    public static MoneyCard moneyCard(int id) {
        if (id < 0 || id >= Currency.values().length * CARDS_PER_CURRENCY) {
            throw new IllegalArgumentException("no money card " + id);
        }
        return moneyCard(Currency.values()[id / CARDS_PER_CURRENCY], id % CARDS_PER_CURRENCY / COPIES + 1, id % COPIES);
    }

    /** Copy {@code copy} (0–2) of the card of {@code currency} and {@code value}. */
    public static MoneyCard moneyCard(Currency currency, int value, int copy) {
        return new MoneyCard(currency.ordinal() * CARDS_PER_CURRENCY + (value - 1) * COPIES + copy, currency, value);
    }

    private static Tile tile(int id, BuildingType type, int cost, String walls) {
        return new Tile(id, type, cost, Walls.parse(walls));
    }
}
