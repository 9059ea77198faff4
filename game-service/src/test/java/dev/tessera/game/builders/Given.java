package dev.tessera.game.builders;

import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.game.rules.Decision;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/** Given/when/then helpers: states from start(setup) and events, or crafted from card ids. */
final class Given {

    static final BuildersEngine ENGINE = new BuildersEngine();

    private Given() {
    }

    /** A game just set up, players named p1, p2, ... in seat order. */
    static BuildersState start(int players, long seed) {
        return ENGINE.start(RandomPlayout.setup(players, seed));
    }

    /** The events of a move that must be accepted. */
    static List<BuildersEvent> accepted(BuildersState state, String player, BuildersMove move) {
        Decision<BuildersEvent> decision = ENGINE.decide(state, player, move);
        return assertInstanceOf(Decision.Accepted.class, decision, () -> "rejected: " + decision).events();
    }

    /** Asserts the move is rejected with {@code rule}. */
    static void rejected(BuildersState state, String player, BuildersMove move, String rule) {
        Decision<BuildersEvent> decision = ENGINE.decide(state, player, move);
        Decision.Rejected<?> rejection = assertInstanceOf(Decision.Rejected.class, decision,
                () -> "accepted: " + decision);
        assertEquals(rule, rejection.rule(), rejection.detail());
    }

    static BuildersState apply(BuildersState state, List<BuildersEvent> events) {
        for (BuildersEvent event : events) {
            state = ENGINE.evolve(state, event);
        }
        return state;
    }

    /** The state after the player's moves, each of which must be accepted. */
    static BuildersState play(BuildersState state, String player, BuildersMove... moves) {
        for (BuildersMove move : moves) {
            state = apply(state, accepted(state, player, move));
        }
        return state;
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
    static BuildersState withPlayer(BuildersState state, String name, int coins, List<Worker> free, List<Site> sites,
            List<Building> completed) {
        return withPlayer(state, name, coins, free, List.of(), sites, completed);
    }

    /** As above, with completed machines free to work ({@code freeMachines} should be among {@code completed}). */
    static BuildersState withPlayer(BuildersState state, String name, int coins, List<Worker> free,
            List<Building> freeMachines, List<Site> sites, List<Building> completed) {
        List<PlayerState> players = new ArrayList<>(state.players());
        players.set(state.seatOf(name), new PlayerState(name, coins, free, freeMachines, sites, completed));
        return new BuildersState(state.buildingDeck(), state.buildingDisplay(), state.workerDeck(),
                state.workerDisplay(), players, state.current(), state.round(), state.actionPoints(),
                state.sentThisTurn(), state.endTriggeredBy(), state.finished(), state.bank());
    }

    static BuildersState withActionPoints(BuildersState state, int actionPoints) {
        return new BuildersState(state.buildingDeck(), state.buildingDisplay(), state.workerDeck(),
                state.workerDisplay(), state.players(), state.current(), state.round(), actionPoints,
                state.sentThisTurn(), state.endTriggeredBy(), state.finished(), state.bank());
    }

    static BuildersState withDecks(BuildersState state, List<Building> buildingDisplay, List<Building> buildingDeck,
            List<Worker> workerDisplay, List<Worker> workerDeck) {
        return new BuildersState(buildingDeck, buildingDisplay, workerDeck, workerDisplay, state.players(),
                state.current(), state.round(), state.actionPoints(), state.sentThisTurn(), state.endTriggeredBy(),
                state.finished(), state.bank());
    }
}
