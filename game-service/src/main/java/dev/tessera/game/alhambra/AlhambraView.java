package dev.tessera.game.alhambra;

import dev.tessera.game.alhambra.AlhambraState.Phase;

import java.util.ArrayList;
import java.util.List;

/**
 * What one viewer may see: their own hand in full, every other hand only as card counts and totals per
 * currency; everything on the table. Never the seed nor the order of the deck or the tile supply.
 *
 * @param currentPlayer whose turn it is; null once the game has ended
 * @param phase         "action", "placement", "final-placement" or "over"
 * @param extraAction   the current player paid an exact price and takes another action
 * @param waitingFor    the players who must move now
 * @param deckSize      cards in the money deck, scoring cards still in it included
 * @param dirk          the neutral player's tiles; null unless two players
 */
public record AlhambraView(List<PlayerView> players, String currentPlayer, String phase, boolean extraAction,
        List<String> waitingFor, List<MarketSpace> market, List<MoneyCard> moneyDisplay, int deckSize,
        int discardSize, int supplySize, List<Tile> dirk, List<Tile> unclaimed, int scoringRound) {

    /**
     * One player as {@code viewer} sees them.
     *
     * @param hand        the cards, only for the player themself; null for others and spectators
     * @param money       per currency, in currency order: card count and total face value
     * @param roundPoints points per scoring round (index 0 = round 1)
     */
    public record PlayerView(String id, List<MoneyCard> hand, int handSize, List<CurrencyHolding> money,
            List<PlacedTile> alhambra, List<Tile> reserve, List<Tile> pending, List<Integer> roundPoints, int score) {
    }

    public record CurrencyHolding(Currency currency, int cards, int total) {
    }

    static AlhambraView of(AlhambraState s, String viewer) {
        List<PlayerView> players = new ArrayList<>();
        for (PlayerState p : s.players()) {
            List<CurrencyHolding> money = new ArrayList<>();
            for (Currency c : Currency.values()) {
                int cards = (int) p.hand().stream().filter(card -> card.currency() == c).count();
                money.add(new CurrencyHolding(c, cards, p.total(c)));
            }
            players.add(new PlayerView(p.id(), p.id().equals(viewer) ? p.hand() : null, p.hand().size(), money,
                    p.alhambra(), p.reserve(), p.pending(), p.roundPoints(), p.score()));
        }
        boolean playing = s.phase() == Phase.ACTION || s.phase() == Phase.PLACEMENT;
        List<String> waitingFor = switch (s.phase()) {
            case ACTION, PLACEMENT -> List.of(s.currentPlayer());
            case FINAL_PLACEMENT -> s.players().stream().filter(p -> !p.pending().isEmpty())
                    .map(PlayerState::id).toList();
            case OVER -> List.of();
        };
        return new AlhambraView(players, playing ? s.currentPlayer() : null, s.phase().code(),
                s.phase() == Phase.ACTION && !s.player(s.currentPlayer()).pending().isEmpty(), waitingFor,
                s.market(), s.display(), s.deck().size(), s.discards().size(), s.supply().size(),
                s.hasDirk() ? s.dirk() : null, s.unclaimed(), s.scoringRound());
    }
}
