package dev.tessera.game.builders;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The whole state of a game of The Builders. Both decks are face up, index 0 being the visible top card.
 *
 * @param players       player areas in seat order; seat 0 is the start player
 * @param current       seat of the player whose turn it is
 * @param round         1-based; a round ends after the last seat's turn
 * @param actionPoints  action points the current player has left this turn
 * @param sentThisTurn  building id to the number of workers and machines sent to it this turn (prices the next one)
 * @param endTriggeredBy the first player who ended a turn with the target VP, or null
 */
public record BuildersState(
        List<Building> buildingDeck,
        List<Building> buildingDisplay,
        List<Worker> workerDeck,
        List<Worker> workerDisplay,
        List<PlayerState> players,
        int current,
        int round,
        int actionPoints,
        Map<Integer, Integer> sentThisTurn,
        String endTriggeredBy,
        boolean finished,
        Bank bank) {

    public BuildersState {
        buildingDeck = List.copyOf(buildingDeck);
        buildingDisplay = List.copyOf(buildingDisplay);
        workerDeck = List.copyOf(workerDeck);
        workerDisplay = List.copyOf(workerDisplay);
        players = List.copyOf(players);
        sentThisTurn = Map.copyOf(sentThisTurn);
    }

    public PlayerState currentPlayer() {
        return players.get(current);
    }

    public int seatOf(String name) {
        for (int seat = 0; seat < players.size(); seat++) {
            if (players.get(seat).name().equals(name)) {
                return seat;
            }
        }
        return -1;
    }

    public PlayerState player(String name) {
        return players.get(seatOf(name));
    }

    /**
     * True when {@code id} is a machine that nobody has completed yet: in a deck, in the display, or being built on a
     * site.
     */
    public boolean unfinishedMachine(int id) {
        return buildingDeck.stream().anyMatch(b -> b.id() == id && b.machine())
                || buildingDisplay.stream().anyMatch(b -> b.id() == id && b.machine())
                || players.stream()
                        .flatMap(p -> p.sites().stream())
                        .anyMatch(s -> s.building().id() == id && s.building().machine());
    }

    /** Action points the next worker or machine sent to {@code buildingId} this turn costs: the k-th costs k. */
    public int sendCost(int buildingId) {
        return sentThisTurn.getOrDefault(buildingId, 0) + 1;
    }

    BuildersState withCurrent(PlayerState updated, int newActionPoints, Bank newBank) {
        List<PlayerState> changed = new ArrayList<>(players);
        changed.set(current, updated);
        return new BuildersState(
                buildingDeck,
                buildingDisplay,
                workerDeck,
                workerDisplay,
                changed,
                current,
                round,
                newActionPoints,
                sentThisTurn,
                endTriggeredBy,
                finished,
                newBank);
    }

    /**
     * Takes a building from the display; the deck's top card fills its slot, or the slot closes if the deck is empty.
     */
    // ASSUMPTION: no source says what happens when a deck runs out; the display simply shrinks.
    BuildersState takingBuilding(Building building) {
        List<Building> display = new ArrayList<>(buildingDisplay);
        List<Building> deck = buildingDeck;
        int slot = display.indexOf(building);
        if (deck.isEmpty()) {
            display.remove(slot);
        } else {
            display.set(slot, deck.get(0));
            deck = deck.subList(1, deck.size());
        }
        return new BuildersState(
                deck,
                display,
                workerDeck,
                workerDisplay,
                players,
                current,
                round,
                actionPoints,
                sentThisTurn,
                endTriggeredBy,
                finished,
                bank);
    }

    /** Takes a worker from the display; refilled like {@link #takingBuilding}. */
    BuildersState takingWorker(Worker worker) {
        List<Worker> display = new ArrayList<>(workerDisplay);
        List<Worker> deck = workerDeck;
        int slot = display.indexOf(worker);
        if (deck.isEmpty()) {
            display.remove(slot);
        } else {
            display.set(slot, deck.get(0));
            deck = deck.subList(1, deck.size());
        }
        return new BuildersState(
                buildingDeck,
                buildingDisplay,
                deck,
                display,
                players,
                current,
                round,
                actionPoints,
                sentThisTurn,
                endTriggeredBy,
                finished,
                bank);
    }

    BuildersState countingSent(int buildingId) {
        Map<Integer, Integer> counts = new HashMap<>(sentThisTurn);
        counts.merge(buildingId, 1, Integer::sum);
        return new BuildersState(
                buildingDeck,
                buildingDisplay,
                workerDeck,
                workerDisplay,
                players,
                current,
                round,
                actionPoints,
                counts,
                endTriggeredBy,
                finished,
                bank);
    }

    BuildersState triggeringEnd(String player) {
        return new BuildersState(
                buildingDeck,
                buildingDisplay,
                workerDeck,
                workerDisplay,
                players,
                current,
                round,
                actionPoints,
                sentThisTurn,
                player,
                finished,
                bank);
    }

    BuildersState passingTurnTo(int seat, int newRound, int freshActionPoints) {
        return new BuildersState(
                buildingDeck,
                buildingDisplay,
                workerDeck,
                workerDisplay,
                players,
                seat,
                newRound,
                freshActionPoints,
                Map.of(),
                endTriggeredBy,
                finished,
                bank);
    }

    BuildersState ending() {
        return new BuildersState(
                buildingDeck,
                buildingDisplay,
                workerDeck,
                workerDisplay,
                players,
                current,
                round,
                0,
                Map.of(),
                endTriggeredBy,
                true,
                bank);
    }
}
