package dev.tessera.game.alhambra;

import java.util.List;

/**
 * What one viewer may see: their own hand in full, every other hand only as card counts and totals per
 * currency; everything on the table. Never the seed nor the order of the deck or the tile supply. Built by
 * {@link View}; serialised as the view JSON.
 *
 * @param currentPlayer whose turn it is; null once the game has ended
 * @param phase         "action", "placement", "final-placement" or "over"
 * @param extraAction   the current player paid an exact price and takes another action
 * @param waitingFor    the players who must move now
 * @param deckSize      cards in the money deck, scoring cards still in it included
 * @param dirk          the neutral player's tiles; null unless two players
 */
public record AlhambraView(
        List<PlayerView> players,
        String currentPlayer,
        String phase,
        boolean extraAction,
        List<String> waitingFor,
        List<MarketSpace> market,
        List<MoneyCard> moneyDisplay,
        int deckSize,
        int discardSize,
        int supplySize,
        List<Tile> dirk,
        List<Tile> unclaimed,
        int scoringRound) {

    /**
     * One player as {@code viewer} sees them.
     *
     * @param hand        the cards, only for the player themself; null for others and spectators
     * @param money       per currency, in currency order: card count and total face value
     * @param roundPoints points per scoring round (index 0 = round 1)
     */
    public record PlayerView(
            String id,
            List<MoneyCard> hand,
            int handSize,
            List<CurrencyHolding> money,
            List<PlacedTile> alhambra,
            List<Tile> reserve,
            List<Tile> pending,
            List<Integer> roundPoints,
            int score) {}

    public record CurrencyHolding(Currency currency, int cards, int total) {}
}
