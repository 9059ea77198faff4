package dev.tessera.game.carrara;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The whole game, hidden parts included: each player's coins, the bag's contents and the order of the
 * face-down building pile.
 *
 * @param seed         the setup's seed; stone draws derive their randomness from it and {@code draws}
 * @param players      in seat order; seat 0 starts every round
 * @param current      seat of the player whose turn it is
 * @param wheel        the six wheel sections, index 0 = section I
 * @param draws        how many times stones were drawn from the bag so far
 * @param display      the open building tiles (up to nine)
 * @param pile         the face-down tiles, top first
 * @param supply       objects left in the general supply, by kind
 * @param market       objects for sale on the main board
 * @param citiesValued each valued city and the player who valued it
 * @param declaredBy   the player who declared the end, or null
 * @param valuations   valuations requested so far
 * @param pending      the valuation the game waits for, or null
 * @param expansion    the expansion's extra board, or null in the basic game
 */
public record CarraraState(
        long seed,
        List<PlayerState> players,
        Phase phase,
        int current,
        List<Stones> wheel,
        Stones bag,
        int draws,
        List<Tile> display,
        List<Tile> pile,
        Map<ObjectKind, Integer> supply,
        Set<ObjectKind> market,
        Map<City, String> citiesValued,
        String declaredBy,
        int valuations,
        PendingValuation pending,
        ExpansionBoard expansion) {

    public CarraraState {
        players = List.copyOf(players);
        wheel = List.copyOf(wheel);
        display = List.copyOf(display);
        pile = List.copyOf(pile);
        supply = Map.copyOf(supply);
        market = Set.copyOf(market);
        citiesValued = Map.copyOf(citiesValued);
    }

    /**
     * Expansion: what lies on the extra board.
     *
     * @param largeBuildings the cost-8 buildings not yet built
     * @param upgradesLeft   the upgrade tiles not yet taken
     * @param bonusCard      the green bonus card drawn at set-up
     */
    public record ExpansionBoard(List<Tile> largeBuildings, Set<Upgrade> upgradesLeft, BonusCard bonusCard) {
        public ExpansionBoard {
            largeBuildings = List.copyOf(largeBuildings);
            upgradesLeft = Set.copyOf(upgradesLeft);
        }
    }

    /** A valuation waiting for its {@code ValuationScored}. */
    public record PendingValuation(int valuation, String player, String kind, String target) {}

    public int seatOf(String player) {
        for (int i = 0; i < players.size(); i++) {
            if (players.get(i).name().equals(player)) {
                return i;
            }
        }
        return -1;
    }

    public PlayerState player(int seat) {
        return players.get(seat);
    }

    public PlayerState currentPlayer() {
        return players.get(current);
    }

    public Stones wheelStones() {
        return wheel.stream().reduce(Stones.NONE, Stones::plus);
    }

    public boolean hasExpansion() {
        return expansion != null;
    }

    /**
     * The game ends once the round in which this became true is complete: the end was declared, or all 30 buildings
     * of the main board were built (display and pile are empty; renovated buildings left the game, and cost-8
     * buildings come from the extra board).
     */
    public boolean endTriggered() {
        return declaredBy != null || (display.isEmpty() && pile.isEmpty());
    }

    CarraraState withPlayer(int seat, PlayerState player) {
        List<PlayerState> updated = new ArrayList<>(players);
        updated.set(seat, player);
        return new CarraraState(
                seed,
                updated,
                phase,
                current,
                wheel,
                bag,
                draws,
                display,
                pile,
                supply,
                market,
                citiesValued,
                declaredBy,
                valuations,
                pending,
                expansion);
    }

    CarraraState withPhase(Phase newPhase) {
        return new CarraraState(
                seed,
                players,
                newPhase,
                current,
                wheel,
                bag,
                draws,
                display,
                pile,
                supply,
                market,
                citiesValued,
                declaredBy,
                valuations,
                pending,
                expansion);
    }

    CarraraState withTurn(int newCurrent) {
        return new CarraraState(
                seed,
                players,
                Phase.ACTION,
                newCurrent,
                wheel,
                bag,
                draws,
                display,
                pile,
                supply,
                market,
                citiesValued,
                declaredBy,
                valuations,
                pending,
                expansion);
    }

    CarraraState withWheel(List<Stones> newWheel, Stones newBag, int newDraws) {
        return new CarraraState(
                seed,
                players,
                phase,
                current,
                newWheel,
                newBag,
                newDraws,
                display,
                pile,
                supply,
                market,
                citiesValued,
                declaredBy,
                valuations,
                pending,
                expansion);
    }

    CarraraState withTiles(List<Tile> newDisplay, List<Tile> newPile) {
        return new CarraraState(
                seed,
                players,
                phase,
                current,
                wheel,
                bag,
                draws,
                newDisplay,
                newPile,
                supply,
                market,
                citiesValued,
                declaredBy,
                valuations,
                pending,
                expansion);
    }

    CarraraState withObjects(Map<ObjectKind, Integer> newSupply, Set<ObjectKind> newMarket) {
        return new CarraraState(
                seed,
                players,
                phase,
                current,
                wheel,
                bag,
                draws,
                display,
                pile,
                newSupply,
                newMarket,
                citiesValued,
                declaredBy,
                valuations,
                pending,
                expansion);
    }

    CarraraState withValuation(Map<City, String> newCitiesValued, int newValuations, PendingValuation newPending) {
        return new CarraraState(
                seed,
                players,
                phase,
                current,
                wheel,
                bag,
                draws,
                display,
                pile,
                supply,
                market,
                newCitiesValued,
                declaredBy,
                newValuations,
                newPending,
                expansion);
    }

    CarraraState withExpansion(ExpansionBoard board) {
        return new CarraraState(
                seed,
                players,
                phase,
                current,
                wheel,
                bag,
                draws,
                display,
                pile,
                supply,
                market,
                citiesValued,
                declaredBy,
                valuations,
                pending,
                board);
    }

    CarraraState withDeclaredBy(String player) {
        return new CarraraState(
                seed,
                players,
                phase,
                current,
                wheel,
                bag,
                draws,
                display,
                pile,
                supply,
                market,
                citiesValued,
                player,
                valuations,
                pending,
                expansion);
    }
}
