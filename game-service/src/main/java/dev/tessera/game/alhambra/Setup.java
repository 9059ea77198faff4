package dev.tessera.game.alhambra;

import dev.tessera.game.alhambra.AlhambraState.Phase;
import dev.tessera.game.rules.GameSetup;
import dev.tessera.game.rules.Shuffle;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** start(): the set-up of game-service/docs/alhambra.md, every draw from {@code new Random(seed)}. */
final class Setup {
    private static final int FIFTHS = 5;

    private Setup() {}

    static AlhambraState start(GameSetup setup) {
        List<String> seats = setup.players();
        if (seats.size() < AlhambraData.MIN_PLAYERS
                || seats.size() > AlhambraData.MAX_PLAYERS
                || seats.stream().distinct().count() != seats.size()) {
            throw new IllegalArgumentException("Alhambra needs 2 to 6 distinct players, not " + seats);
        }
        Random random = new Random(setup.seed());
        List<Tile> supply = Shuffle.shuffled(AlhambraData.TILES, random);
        List<MoneyCard> money = Shuffle.shuffled(AlhambraData.moneyCards(seats.size()), random);

        int next = 0;
        int startSeat = 0;
        List<PlayerState> players = new ArrayList<>();
        for (String id : seats) {
            List<MoneyCard> hand = new ArrayList<>();
            int total = 0;
            while (total < AlhambraData.STARTING_MONEY) {
                MoneyCard card = money.get(next++);
                hand.add(card);
                total += card.value();
            }
            players.add(PlayerState.initial(id, hand));
            PlayerState best = players.get(startSeat);
            int bestTotal = best.hand().stream().mapToInt(MoneyCard::value).sum();
            // Fewest cards, then lowest total; a full tie keeps the earlier seat (BGA compares strictly).
            if (hand.size() < best.hand().size() || hand.size() == best.hand().size() && total < bestTotal) {
                startSeat = players.size() - 1;
            }
        }
        List<MoneyCard> display = money.subList(next, next + AlhambraData.DISPLAY_SIZE);
        List<DeckCard> deck =
                deckWithScoringCards(money.subList(next + AlhambraData.DISPLAY_SIZE, money.size()), random);

        List<Tile> dirk = List.of();
        if (seats.size() == 2) {
            dirk = supply.subList(0, AlhambraData.DIRK_TILES);
            supply = supply.subList(AlhambraData.DIRK_TILES, supply.size());
        }
        List<MarketSpace> market = new ArrayList<>();
        for (Currency c : Currency.values()) {
            market.add(new MarketSpace(c, supply.get(c.ordinal())));
        }
        supply = supply.subList(market.size(), supply.size());

        return new AlhambraState(
                setup.seed(),
                seats,
                players,
                Phase.ACTION,
                startSeat,
                deck,
                List.of(),
                display,
                market,
                supply,
                dirk,
                List.of(),
                0,
                0);
    }

    /**
     * Scoring card 1 goes into the 2nd fifth of the remaining deck and card 2 into the 4th fifth, as the
     * rulebook's five piles do; BGA picks a position in {@code ceil(n·k/5) … floor(n·(k+1)/5)}.
     */
    private static List<DeckCard> deckWithScoringCards(List<MoneyCard> rest, Random random) {
        int n = rest.size();
        int first = between(ceilDiv(n, FIFTHS), n * 2 / FIFTHS, random);
        int second = between(ceilDiv(n * 3, FIFTHS), n * 4 / FIFTHS, random);
        List<DeckCard> deck = new ArrayList<>(rest);
        deck.add(second, new ScoringCard(2));
        deck.add(first, new ScoringCard(1));
        return deck;
    }

    private static int between(int low, int high, Random random) {
        return low + random.nextInt(high - low + 1);
    }

    private static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }
}
