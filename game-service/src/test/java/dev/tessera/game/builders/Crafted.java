package dev.tessera.game.builders;

import dev.tessera.game.rules.GameSetup;
import dev.tessera.game.rules.RulesFixture;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Crafted positions for rule tests: games just set up, and states edited from card ids. */
final class Crafted {

    private Crafted() {}

    /** The setup of a game created today (the current edition of the cards, machines included), players p1…pN. */
    static GameSetup setup(int players, long seed) {
        return new GameSetup(RulesFixture.players(players), seed, new BuildersEngine().optionsForNewGame(Map.of()));
    }

    /** The setup of a game recorded before editions: its options name none, so it has no machines. */
    static GameSetup setupBeforeMachines(int players, long seed) {
        return RulesFixture.setup(players, seed);
    }

    /** A game of today's edition just set up, players named p1, p2, ... in seat order. */
    static BuildersState start(int players, long seed) {
        return new BuildersEngine().start(setup(players, seed));
    }

    static List<Worker> workers(int... ids) {
        List<Worker> workers = new ArrayList<>();
        for (int id : ids) {
            workers.add(BuildersData.worker(id));
        }
        return workers;
    }

    static List<Building> buildings(int... ids) {
        List<Building> buildings = new ArrayList<>();
        for (int id : ids) {
            buildings.add(BuildersData.building(id));
        }
        return buildings;
    }

    static Site site(int buildingId, int... workerIds) {
        return new Site(BuildersData.building(buildingId), workers(workerIds), List.of());
    }

    /** The state with the named player's area replaced (card conservation is not kept: for rule tests). */
    static BuildersState withPlayer(
            BuildersState state,
            String name,
            int coins,
            List<Worker> free,
            List<Site> sites,
            List<Building> completed) {
        return withPlayer(state, name, coins, free, List.of(), sites, completed);
    }

    /** As above, with completed machines free to work ({@code freeMachines} should be among {@code completed}). */
    static BuildersState withPlayer(
            BuildersState state,
            String name,
            int coins,
            List<Worker> free,
            List<Building> freeMachines,
            List<Site> sites,
            List<Building> completed) {
        List<PlayerState> players = new ArrayList<>(state.players());
        players.set(state.seatOf(name), new PlayerState(name, coins, free, freeMachines, sites, completed));
        return new BuildersState(
                state.buildingDeck(),
                state.buildingDisplay(),
                state.workerDeck(),
                state.workerDisplay(),
                players,
                state.current(),
                state.round(),
                state.actionPoints(),
                state.sentThisTurn(),
                state.endTriggeredBy(),
                state.finished(),
                state.bank());
    }

    static BuildersState withActionPoints(BuildersState state, int actionPoints) {
        return new BuildersState(
                state.buildingDeck(),
                state.buildingDisplay(),
                state.workerDeck(),
                state.workerDisplay(),
                state.players(),
                state.current(),
                state.round(),
                actionPoints,
                state.sentThisTurn(),
                state.endTriggeredBy(),
                state.finished(),
                state.bank());
    }

    static BuildersState withDecks(
            BuildersState state,
            List<Building> buildingDisplay,
            List<Building> buildingDeck,
            List<Worker> workerDisplay,
            List<Worker> workerDeck) {
        return new BuildersState(
                buildingDeck,
                buildingDisplay,
                workerDeck,
                workerDisplay,
                state.players(),
                state.current(),
                state.round(),
                state.actionPoints(),
                state.sentThisTurn(),
                state.endTriggeredBy(),
                state.finished(),
                state.bank());
    }
}
