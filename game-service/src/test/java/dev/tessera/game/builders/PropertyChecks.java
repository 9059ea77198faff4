package dev.tessera.game.builders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.events.builders.BuildersEvent.ActionPointBought;
import dev.tessera.events.builders.BuildersEvent.BuildingCompleted;
import dev.tessera.events.builders.BuildersEvent.CoinsTaken;
import dev.tessera.events.builders.BuildersEvent.WorkerSent;
import java.util.ArrayList;
import java.util.List;

/** Invariants that hold in every state of every game. */
final class PropertyChecks {

    private PropertyChecks() {}

    /** {@link #assertCardsConserved(BuildersState, BuildersEdition)} for a game of today's edition. */
    static void assertCardsConserved(BuildersState state) {
        assertCardsConserved(state, BuildersEdition.CURRENT);
    }

    /**
     * Every card of the edition is in exactly one place: deck, display, a player's free workers, a site or a
     * completed building; and every completed machine also works in exactly one place of its owner's: among the
     * free machines or on one of the owner's sites. No other machine works anywhere.
     */
    static void assertCardsConserved(BuildersState state, BuildersEdition edition) {
        int[] buildings = new int[edition.buildingCards().size() + 1];
        int[] workers = new int[BuildersData.WORKERS.size() + 1];
        state.buildingDeck().forEach(b -> buildings[b.id()]++);
        state.buildingDisplay().forEach(b -> buildings[b.id()]++);
        state.workerDeck().forEach(w -> workers[w.id()]++);
        state.workerDisplay().forEach(w -> workers[w.id()]++);
        for (PlayerState player : state.players()) {
            player.completed().forEach(b -> buildings[b.id()]++);
            player.freeWorkers().forEach(w -> workers[w.id()]++);
            for (Site site : player.sites()) {
                buildings[site.building().id()]++;
                site.workers().forEach(w -> workers[w.id()]++);
            }
        }
        assertEachOnce(buildings, "building");
        assertEachOnce(workers, "worker");
        for (PlayerState player : state.players()) {
            List<Integer> working = new ArrayList<>();
            player.freeMachines().forEach(m -> working.add(m.id()));
            player.sites().forEach(site -> site.machines().forEach(m -> working.add(m.id())));
            List<Integer> built = player.completed().stream()
                    .filter(Building::machine)
                    .map(Building::id)
                    .toList();
            assertEquals(
                    built.stream().sorted().toList(),
                    working.stream().sorted().toList(),
                    player.name() + "'s completed machines vs the machines they have at work or free");
        }
    }

    private static void assertEachOnce(int[] counts, String what) {
        for (int id = 1; id < counts.length; id++) {
            if (counts[id] != 1) {
                fail(what + " " + id + " is in " + counts[id] + " places");
            }
        }
    }

    /** Displays are full while their deck has cards; no site is left complete; no negative coins or AP. */
    static void assertStructure(BuildersState state) {
        assertTrue(state.buildingDisplay().size() <= BuildersData.DISPLAY_SIZE);
        assertTrue(state.workerDisplay().size() <= BuildersData.DISPLAY_SIZE);
        if (!state.buildingDeck().isEmpty()) {
            assertEquals(BuildersData.DISPLAY_SIZE, state.buildingDisplay().size());
        }
        if (!state.workerDeck().isEmpty()) {
            assertEquals(BuildersData.DISPLAY_SIZE, state.workerDisplay().size());
        }
        assertTrue(state.actionPoints() >= 0, "negative action points");
        for (PlayerState player : state.players()) {
            assertTrue(player.coins() >= 0, player.name() + " has negative coins");
            for (Site site : player.sites()) {
                assertFalse(site.complete(), "site " + site.building().name() + " complete but not flipped");
            }
        }
    }

    /**
     * Coins move only between players and the bank. The ledger rebuilt from the events (starting coins, coins
     * taken and building rewards paid out; wages and action points paid in; nothing for a machine sent to work)
     * must match both the players' coins and the bank's own record.
     */
    static void assertCoinsConserved(BuildersState state, CoinLedger ledger) {
        int inHands = state.players().stream().mapToInt(PlayerState::coins).sum();
        assertEquals(ledger.paidOut - ledger.received, inHands, "coins in hands vs ledger");
        assertEquals(ledger.paidOut, state.bank().paidOut(), "bank paid out");
        assertEquals(ledger.received, state.bank().received(), "bank received");
    }

    /** Coin flows read from events alone, checked against the card data and the price list. */
    static final class CoinLedger {
        int paidOut;
        int received;

        CoinLedger(int players) {
            paidOut = BuildersData.STARTING_COINS * players;
        }

        void record(List<BuildersEvent> events) {
            for (BuildersEvent event : events) {
                if (event instanceof CoinsTaken e) {
                    assertEquals(BuildersData.coinsFor(e.actionPointsSpent()), e.coinsTaken());
                    paidOut += e.coinsTaken();
                } else if (event instanceof BuildingCompleted e) {
                    assertEquals(BuildersData.building(e.building().id()).coins(), e.coinsEarned());
                    if (e.building().machine() != null) {
                        assertEquals(0, e.coinsEarned(), "a machine pays no coins");
                    }
                    paidOut += e.coinsEarned();
                } else if (event instanceof WorkerSent e) {
                    assertEquals(BuildersData.worker(e.worker().id()).wage(), e.wagePaid());
                    received += e.wagePaid();
                } else if (event instanceof ActionPointBought e) {
                    assertEquals(BuildersData.ACTION_POINT_PRICE, e.coinsPaid());
                    received += e.coinsPaid();
                }
            }
        }
    }
}
