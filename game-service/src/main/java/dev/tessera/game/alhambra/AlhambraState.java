package dev.tessera.game.alhambra;

import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The whole state of an Alhambra game, hidden information included (the seed, the deck and supply
 * order, every hand). Decks and the supply list their top card first.
 *
 * @param seats        players in seat order
 * @param players      each player's belongings, in seat order
 * @param current      seat index of the player whose turn it is
 * @param deck         the money deck, scoring cards included
 * @param display      the face-up money cards, left to right
 * @param market       the four market spaces, one per currency, in currency order
 * @param dirk         the neutral player's tiles (two-player games only)
 * @param unclaimed    leftover market tiles nobody received at the end
 * @param scoringRound the last scoring round triggered (0 before the first)
 * @param reshuffles   how many times the discards were shuffled into a new deck
 */
public record AlhambraState(
        long seed,
        List<String> seats,
        List<PlayerState> players,
        Phase phase,
        int current,
        List<DeckCard> deck,
        List<MoneyCard> discards,
        List<MoneyCard> display,
        List<MarketSpace> market,
        List<Tile> supply,
        List<Tile> dirk,
        List<Tile> unclaimed,
        int scoringRound,
        int reshuffles) {

    /** Where the game stands. */
    public enum Phase {
        /** The current player must take an action (again, after an exact payment). */
        ACTION,
        /** The current player's actions are over; they place the tiles bought this turn. */
        PLACEMENT,
        /** The game has ended; players who received leftover market tiles place them. */
        FINAL_PLACEMENT,
        /** Scoring round 3 was triggered; no move is possible. */
        OVER;

        public String code() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }
    }

    public AlhambraState {
        seats = List.copyOf(seats);
        players = List.copyOf(players);
        deck = List.copyOf(deck);
        discards = List.copyOf(discards);
        display = List.copyOf(display);
        market = List.copyOf(market);
        supply = List.copyOf(supply);
        dirk = List.copyOf(dirk);
        unclaimed = List.copyOf(unclaimed);
    }

    /** Two-player games add the neutral player Dirk. */
    public boolean hasDirk() {
        return seats.size() == 2;
    }

    public String currentPlayer() {
        return seats.get(current);
    }

    /** Seat index of {@code player}, or -1 for someone not seated. */
    public int seatOf(String player) {
        return seats.indexOf(player);
    }

    public PlayerState player(String id) {
        return players.get(seatOf(id));
    }

    public MarketSpace space(Currency currency) {
        return market.get(currency.ordinal());
    }

    AlhambraState withPlayer(String id, UnaryOperator<PlayerState> change) {
        int seat = seatOf(id);
        return withPlayers(Lists.edit(players, l -> {
            l.set(seat, change.apply(l.get(seat)));
            return l;
        }));
    }

    AlhambraState withPlayers(List<PlayerState> v) {
        return new AlhambraState(
                seed,
                seats,
                v,
                phase,
                current,
                deck,
                discards,
                display,
                market,
                supply,
                dirk,
                unclaimed,
                scoringRound,
                reshuffles);
    }

    AlhambraState withPhase(Phase v) {
        return new AlhambraState(
                seed,
                seats,
                players,
                v,
                current,
                deck,
                discards,
                display,
                market,
                supply,
                dirk,
                unclaimed,
                scoringRound,
                reshuffles);
    }

    AlhambraState withCurrent(int v) {
        return new AlhambraState(
                seed,
                seats,
                players,
                phase,
                v,
                deck,
                discards,
                display,
                market,
                supply,
                dirk,
                unclaimed,
                scoringRound,
                reshuffles);
    }

    AlhambraState withMoney(List<DeckCard> newDeck, List<MoneyCard> newDiscards, List<MoneyCard> newDisplay) {
        return new AlhambraState(
                seed,
                seats,
                players,
                phase,
                current,
                newDeck,
                newDiscards,
                newDisplay,
                market,
                supply,
                dirk,
                unclaimed,
                scoringRound,
                reshuffles);
    }

    AlhambraState withTiles(
            List<MarketSpace> newMarket, List<Tile> newSupply, List<Tile> newDirk, List<Tile> newUnclaimed) {
        return new AlhambraState(
                seed,
                seats,
                players,
                phase,
                current,
                deck,
                discards,
                display,
                newMarket,
                newSupply,
                newDirk,
                newUnclaimed,
                scoringRound,
                reshuffles);
    }

    AlhambraState withScoringRound(int v) {
        return new AlhambraState(
                seed,
                seats,
                players,
                phase,
                current,
                deck,
                discards,
                display,
                market,
                supply,
                dirk,
                unclaimed,
                v,
                reshuffles);
    }

    AlhambraState withReshuffles(int v) {
        return new AlhambraState(
                seed,
                seats,
                players,
                phase,
                current,
                deck,
                discards,
                display,
                market,
                supply,
                dirk,
                unclaimed,
                scoringRound,
                v);
    }
}
