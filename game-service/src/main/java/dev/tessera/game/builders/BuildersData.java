package dev.tessera.game.builders;

import static dev.tessera.game.builders.WorkerType.APPRENTICE;
import static dev.tessera.game.builders.WorkerType.CRAFTSMAN;
import static dev.tessera.game.builders.WorkerType.LABOURER;
import static dev.tessera.game.builders.WorkerType.MASTER;

import java.util.List;

/**
 * The card data and the numbers of The Builders: Middle Ages, from the source named in
 * game-service/docs/builders.md, "Sources", except the machines, which no source gives (see {@link #MACHINES}). Ids
 * are the row numbers of those tables; the machines follow the 34 buildings as building cards 35 to 42. A worker's
 * wage follows from its rank. Only {@link Setup#start} reads the card tables, through the game's
 * {@link BuildersEdition}: after the deal a game's cards travel in its state.
 */
public final class BuildersData {

    /** The title's id in the API and the catalogue of titles. */
    public static final String GAME = "builders";

    public static final int STARTING_COINS = 10;
    /** Face-up cards in the building display and in the worker display. */
    public static final int DISPLAY_SIZE = 5;

    public static final int ACTION_POINTS_PER_TURN = 3;
    /** Coins one extra action point costs. */
    public static final int ACTION_POINT_PRICE = 5;
    /** Building VP that trigger the end of the game, which comes after the round. */
    public static final int TARGET_VICTORY_POINTS = 17;
    /** Coins taken for 1, 2 or 3 action points (index = action points). */
    private static final int[] COINS_FOR_ACTION_POINTS = {0, 1, 3, 6};
    /** The most action points one take-coins action may use. */
    static final int MOST_ACTION_POINTS_FOR_COINS = COINS_FOR_ACTION_POINTS.length - 1;

    /** The 34 building cards, machines excluded; columns: stone, wood, knowledge, tile, VP, coins. */
    public static final List<Building> BUILDINGS = List.of(
            building(1, "Straw Hut", 1, 0, 0, 2, 1, 6),
            building(2, "Wooden Shack", 0, 1, 1, 0, 0, 8),
            building(3, "Grain Silo", 0, 2, 3, 1, 3, 12),
            building(4, "Stone Bridge", 2, 0, 1, 0, 1, 6),
            building(5, "Wash House", 0, 1, 0, 2, 1, 6),
            building(6, "Chapel", 3, 2, 2, 3, 5, 18),
            building(7, "Aqueduct", 5, 2, 5, 0, 6, 20),
            building(8, "Pigsty", 0, 2, 2, 2, 3, 12),
            building(9, "Covered Market", 0, 3, 2, 3, 4, 16),
            building(10, "Hotel", 1, 3, 3, 1, 4, 16),
            building(11, "Townhouse", 2, 0, 2, 1, 2, 10),
            building(12, "Church", 4, 0, 2, 4, 5, 18),
            building(13, "Inn", 2, 1, 1, 2, 3, 12),
            building(14, "Rural Relay", 0, 3, 1, 2, 3, 12),
            building(15, "Treehouse", 0, 2, 1, 0, 1, 6),
            building(16, "Cowshed", 0, 1, 2, 3, 3, 12),
            building(17, "Cottage", 0, 2, 1, 2, 2, 10),
            building(18, "Bourgeois House", 2, 2, 2, 2, 4, 16),
            building(19, "Stables", 0, 3, 1, 3, 3, 14),
            building(20, "Forge", 2, 2, 0, 3, 3, 14),
            building(21, "Rural House", 1, 2, 1, 1, 2, 10),
            building(22, "Castle", 5, 3, 5, 3, 7, 20),
            building(23, "Farm", 4, 2, 0, 2, 4, 16),
            building(24, "Covered Bridge", 0, 1, 2, 0, 1, 6),
            building(25, "Cloister", 4, 2, 4, 0, 5, 18),
            building(26, "Watchtower", 3, 3, 2, 2, 5, 18),
            building(27, "Windmill", 3, 0, 3, 1, 3, 14),
            building(28, "House", 2, 1, 0, 2, 2, 10),
            building(29, "Cathedral", 5, 4, 4, 4, 8, 20),
            building(30, "Watermill", 0, 2, 3, 2, 3, 14),
            building(31, "Abbey", 4, 3, 2, 1, 5, 18),
            building(32, "Post", 3, 1, 2, 2, 4, 16),
            building(33, "Tavern", 1, 3, 1, 3, 4, 16),
            building(34, "Bower", 1, 0, 0, 1, 0, 8));

    // ASSUMPTION: no source gives the 8 machine cards (game-service/docs/builders.md, "Assumptions", 1); these are
    // invented to be playable and balanced, and this table is the one place to correct them. A correction must come
    // as a new BuildersEdition, so that games dealt with this table keep replaying as they were played.
    // The design: each resource is required 12 times and supplied 5 times in all; the four small machines need
    // 5 resources (none of the kind they make), score 1 VP and supply 2 of one resource, like a wageless
    // apprentice; the four large ones need 7, score 2 VP and supply 3, like a wageless labourer. A building of
    // 5 or 7 resources scores 2 or 3 VP and pays 10 or 14 coins: a machine trades a VP and the coins for a
    // worker that is never paid.
    /**
     * The 8 machines, building cards 35 to 42; columns: required stone, wood, knowledge, tile, VP, then the stone,
     * wood, knowledge and tile the machine supplies once completed. A machine pays no coins.
     */
    public static final List<Building> MACHINES = List.of(
            machine(35, "Pulley", 0, 2, 2, 1, 1, 2, 0, 0, 0),
            machine(36, "Sawmill", 2, 0, 1, 2, 1, 0, 2, 0, 0),
            machine(37, "Drafting Table", 1, 2, 0, 2, 1, 0, 0, 2, 0),
            machine(38, "Tile Kiln", 2, 1, 2, 0, 1, 0, 0, 0, 2),
            machine(39, "Treadwheel Crane", 1, 2, 2, 2, 2, 2, 0, 1, 0),
            machine(40, "Windlass", 2, 1, 2, 2, 2, 0, 2, 0, 1),
            machine(41, "Plumb Level", 2, 2, 1, 2, 2, 1, 0, 2, 0),
            machine(42, "Lime Kiln", 2, 2, 2, 1, 2, 0, 1, 0, 2));

    /** The 42 worker cards; columns: stone, wood, knowledge, tile. */
    public static final List<Worker> WORKERS = List.of(
            worker(1, CRAFTSMAN, 0, 0, 2, 2),
            worker(2, CRAFTSMAN, 2, 2, 0, 0),
            worker(3, CRAFTSMAN, 2, 0, 2, 0),
            worker(4, CRAFTSMAN, 1, 0, 2, 1),
            worker(5, LABOURER, 2, 1, 0, 0),
            worker(6, CRAFTSMAN, 0, 2, 0, 2),
            worker(7, APPRENTICE, 1, 1, 0, 0),
            worker(8, APPRENTICE, 0, 1, 0, 1),
            worker(9, MASTER, 0, 2, 3, 0),
            worker(10, APPRENTICE, 1, 0, 0, 1),
            worker(11, MASTER, 2, 0, 0, 3),
            worker(12, APPRENTICE, 0, 1, 1, 0),
            worker(13, APPRENTICE, 0, 0, 1, 1),
            worker(14, MASTER, 3, 2, 0, 0),
            worker(15, APPRENTICE, 1, 0, 1, 0),
            worker(16, MASTER, 0, 0, 2, 3),
            worker(17, MASTER, 0, 0, 3, 2),
            worker(18, LABOURER, 0, 1, 2, 0),
            worker(19, LABOURER, 0, 0, 2, 1),
            worker(20, LABOURER, 0, 1, 0, 2),
            worker(21, LABOURER, 1, 0, 0, 2),
            worker(22, CRAFTSMAN, 2, 1, 1, 0),
            worker(23, MASTER, 2, 3, 0, 0),
            worker(24, CRAFTSMAN, 0, 3, 0, 1),
            worker(25, LABOURER, 1, 0, 2, 0),
            worker(26, CRAFTSMAN, 0, 2, 2, 0),
            worker(27, LABOURER, 2, 0, 1, 0),
            worker(28, CRAFTSMAN, 1, 1, 1, 1),
            worker(29, CRAFTSMAN, 0, 0, 1, 3),
            worker(30, LABOURER, 1, 2, 0, 0),
            worker(31, LABOURER, 0, 0, 1, 2),
            worker(32, CRAFTSMAN, 0, 1, 1, 2),
            worker(33, CRAFTSMAN, 1, 2, 0, 1),
            worker(34, LABOURER, 0, 2, 0, 1),
            worker(35, LABOURER, 2, 0, 0, 1),
            worker(36, MASTER, 3, 0, 0, 2),
            worker(37, CRAFTSMAN, 3, 1, 0, 0),
            worker(38, CRAFTSMAN, 1, 1, 1, 1),
            worker(39, MASTER, 0, 3, 2, 0),
            worker(40, CRAFTSMAN, 1, 0, 3, 0),
            worker(41, LABOURER, 0, 2, 1, 0),
            worker(42, CRAFTSMAN, 2, 0, 0, 2));

    private BuildersData() {}

    /** Building card {@code id}: a building (1 to 34) or a machine (35 to 42). */
    public static Building building(int id) {
        return id <= BUILDINGS.size() ? BUILDINGS.get(id - 1) : MACHINES.get(id - BUILDINGS.size() - 1);
    }

    public static Worker worker(int id) {
        return WORKERS.get(id - 1);
    }

    /** Coins taken for {@code actionPoints} (1 to {@link #MOST_ACTION_POINTS_FOR_COINS}) action points. */
    public static int coinsFor(int actionPoints) {
        return COINS_FOR_ACTION_POINTS[actionPoints];
    }

    private static Building building(
            int id, String name, int stone, int wood, int knowledge, int tile, int victoryPoints, int coins) {
        return new Building(id, name, new Resources(stone, wood, knowledge, tile), victoryPoints, coins, null);
    }

    private static Building machine(
            int id,
            String name,
            int stone,
            int wood,
            int knowledge,
            int tile,
            int victoryPoints,
            int suppliesStone,
            int suppliesWood,
            int suppliesKnowledge,
            int suppliesTile) {
        return new Building(
                id,
                name,
                new Resources(stone, wood, knowledge, tile),
                victoryPoints,
                0,
                new Resources(suppliesStone, suppliesWood, suppliesKnowledge, suppliesTile));
    }

    private static Worker worker(int id, WorkerType type, int stone, int wood, int knowledge, int tile) {
        return new Worker(id, type, new Resources(stone, wood, knowledge, tile));
    }
}
