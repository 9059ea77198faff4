package dev.tessera.game.alhambra;

import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.events.alhambra.AlhambraEvent.MoneyDisplayRefilled;
import dev.tessera.events.alhambra.AlhambraEvent.MoneyTaken;
import dev.tessera.events.alhambra.AlhambraEvent.PlayerPassed;
import dev.tessera.events.alhambra.AlhambraEvent.TileBought;
import dev.tessera.events.alhambra.AlhambraEvent.TurnEnded;
import dev.tessera.events.alhambra.MoneyCardInfo;
import dev.tessera.game.alhambra.AlhambraMove.BuyTile;
import dev.tessera.game.alhambra.AlhambraMove.Pass;
import dev.tessera.game.alhambra.AlhambraMove.PlaceTile;
import dev.tessera.game.alhambra.AlhambraMove.TakeMoney;
import dev.tessera.game.alhambra.AlhambraState.Phase;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.tessera.game.alhambra.Currency.BLUE;
import static dev.tessera.game.alhambra.Currency.GREEN;
import static dev.tessera.game.alhambra.Currency.ORANGE;
import static dev.tessera.game.alhambra.Currency.YELLOW;
import static dev.tessera.game.alhambra.Fixture.ENGINE;
import static dev.tessera.game.alhambra.Fixture.accepted;
import static dev.tessera.game.alhambra.Fixture.apply;
import static dev.tessera.game.alhambra.Fixture.assertRejected;
import static dev.tessera.game.alhambra.Fixture.card;
import static dev.tessera.game.alhambra.Fixture.only;
import static dev.tessera.game.alhambra.Fixture.p1ToAct;
import static dev.tessera.game.alhambra.Fixture.play;
import static dev.tessera.game.alhambra.Fixture.tile;
import static dev.tessera.game.alhambra.Fixture.withHand;
import static dev.tessera.game.alhambra.Fixture.withMarket;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The three actions of a turn and the turn order; redesign is in {@link AlhambraPlacementTest}. */
class AlhambraActionsTest {
    private static final MoneyCard BLUE_9 = card(BLUE, 9);
    private static final MoneyCard GREEN_2 = card(GREEN, 2);
    private static final MoneyCard YELLOW_3 = card(YELLOW, 3);
    private static final MoneyCard ORANGE_1 = card(ORANGE, 1);

    /** p1 to act; the display shows blue 9, green 2, yellow 3, orange 1. */
    private static AlhambraState withDisplay() {
        AlhambraState s = p1ToAct();
        return s.withMoney(s.deck(), s.discards(), List.of(BLUE_9, GREEN_2, YELLOW_3, ORANGE_1));
    }

    private static int[] ids(MoneyCard... cards) {
        return java.util.Arrays.stream(cards).mapToInt(MoneyCard::id).toArray();
    }

    private static TakeMoney take(MoneyCard... cards) {
        return new TakeMoney(java.util.Arrays.stream(ids(cards)).boxed().toList());
    }

    private static BuyTile buy(Tile tile, MoneyCard... cards) {
        return new BuyTile(tile.id(), java.util.Arrays.stream(ids(cards)).boxed().toList());
    }

    @Test
    void takingOneCardOfAnyValueEndsTheTurnAndRefillsTheDisplay() {
        AlhambraState s = withDisplay();
        DeckCard top = s.deck().get(0);

        List<AlhambraEvent> events = accepted(ENGINE.decide(s, "p1", take(BLUE_9)));

        assertEquals(new MoneyTaken("p1", List.of(new MoneyCardInfo(BLUE_9.id(), "blue", 9)), 9), events.get(0));
        assertEquals(List.of(Infos.info((MoneyCard) top)), only(MoneyDisplayRefilled.class, events).cards());
        assertEquals(new TurnEnded("p1", "p2"), events.get(events.size() - 1));
        AlhambraState after = apply(s, events);
        assertTrue(after.player("p1").hand().contains(BLUE_9));
        assertEquals(List.of(GREEN_2, YELLOW_3, ORANGE_1, top), after.display());
        assertEquals("p2", after.currentPlayer());
    }

    @Test
    void severalCardsMayBeTakenWhenTheyTotalAtMostFive() {
        List<AlhambraEvent> events = accepted(ENGINE.decide(withDisplay(), "p1", take(GREEN_2, YELLOW_3)));
        assertEquals(5, only(MoneyTaken.class, events).total());
    }

    @Test
    void severalCardsTotallingMoreThanFiveAreRefused() {
        assertRejected("take-money-over-5", ENGINE.decide(withDisplay(), "p1", take(GREEN_2, YELLOW_3, ORANGE_1)));
        assertRejected("take-money-over-5", ENGINE.decide(withDisplay(), "p1", take(BLUE_9, ORANGE_1)));
    }

    @Test
    void onlyCardsOnTheDisplayCanBeTakenEachOnce() {
        assertRejected("no-such-card", ENGINE.decide(withDisplay(), "p1", take(card(BLUE, 1))));
        assertRejected("no-such-card", ENGINE.decide(withDisplay(), "p1", take(GREEN_2, GREEN_2)));
        assertRejected("no-cards", ENGINE.decide(withDisplay(), "p1", new TakeMoney(List.of())));
    }

    @Test
    void anExactPaymentGivesAnotherAction() {
        AlhambraState s = withHand(withMarket(p1ToAct(), BLUE, tile(12)), "p1", card(BLUE, 5), card(BLUE, 3));

        List<AlhambraEvent> events = accepted(ENGINE.decide(s, "p1", buy(tile(12), card(BLUE, 5), card(BLUE, 3))));

        TileBought bought = only(TileBought.class, events);
        assertTrue(bought.exactAmount());
        assertEquals(8, bought.paid());
        assertEquals("blue", bought.currency());
        assertEquals(1, events.size(), "no refill and no turn end yet");
        AlhambraState after = apply(s, events);
        assertEquals(Phase.ACTION, after.phase());
        assertEquals(List.of(tile(12)), after.player("p1").pending());
        assertTrue(after.player("p1").hand().isEmpty());
        assertTrue(after.discards().containsAll(List.of(card(BLUE, 5), card(BLUE, 3))));
        assertEquals(null, after.space(BLUE).tile(), "the market is refilled only at the end of the turn");
        assertTrue(((AlhambraView) ENGINE.view(after, "p1")).extraAction());
    }

    @Test
    void exactPaymentsChainAndTheTilesWaitForTheEndOfTheTurn() {
        AlhambraState s = withMarket(withMarket(p1ToAct(), BLUE, tile(12)), GREEN, tile(6));
        s = withHand(s, "p1", card(BLUE, 8), card(GREEN, 2), card(YELLOW, 9));

        s = play(s, "p1", buy(tile(12), card(BLUE, 8)));
        s = play(s, "p1", buy(tile(6), card(GREEN, 2)));
        assertEquals(Phase.ACTION, s.phase());
        assertRejected("extra-action-first", ENGINE.decide(s, "p1", new PlaceTile(12, 1, 0)));
        assertFalse(ENGINE.legalMoves(s, "p1").stream().anyMatch(m -> m instanceof PlaceTile));

        s = play(s, "p1", take(s.display().get(0)));
        assertEquals(Phase.PLACEMENT, s.phase());
        assertEquals(List.of(tile(12), tile(6)), s.player("p1").pending());
        assertRejected("must-place-tiles-first", ENGINE.decide(s, "p1", take(s.display().get(0))));
    }

    @Test
    void overpayingEndsTheActionsWithoutChange() {
        AlhambraState s = withHand(withMarket(p1ToAct(), BLUE, tile(12)), "p1", card(BLUE, 9), card(BLUE, 1));

        AlhambraState after = play(s, "p1", buy(tile(12), card(BLUE, 9)));

        assertEquals(Phase.PLACEMENT, after.phase());
        assertEquals(List.of(card(BLUE, 1)), after.player("p1").hand(), "no change is given");
        assertEquals("p1", after.currentPlayer());
    }

    @Test
    void aTileIsPaidInItsSpacesCurrencyOnly() {
        AlhambraState s = withHand(withMarket(p1ToAct(), BLUE, tile(12)), "p1", card(BLUE, 5), card(GREEN, 3));
        assertRejected("wrong-currency", ENGINE.decide(s, "p1", buy(tile(12), card(BLUE, 5), card(GREEN, 3))));
    }

    @Test
    void aPaymentBelowThePriceIsRefused() {
        AlhambraState s = withHand(withMarket(p1ToAct(), BLUE, tile(12)), "p1", card(BLUE, 5), card(BLUE, 2));
        assertRejected("not-enough-money", ENGINE.decide(s, "p1", buy(tile(12), card(BLUE, 5), card(BLUE, 2))));
    }

    @Test
    void onlyMarketTilesAndOwnCardsCanBeUsed() {
        AlhambraState s = withHand(withMarket(p1ToAct(), BLUE, tile(12)), "p1", card(BLUE, 9));
        assertRejected("no-such-tile", ENGINE.decide(s, "p1", buy(tile(13), card(BLUE, 9))));
        assertRejected("no-such-card", ENGINE.decide(s, "p1", buy(tile(12), card(BLUE, 8))));
        assertRejected("no-such-card", ENGINE.decide(s, "p1", buy(tile(12), card(BLUE, 9), card(BLUE, 9))));
        assertRejected("no-cards", ENGINE.decide(s, "p1", new BuyTile(12, List.of())));
    }

    @Test
    void interchangeableCardsAreListedOnceButAnyCopyIsAccepted() {
        AlhambraState s = withHand(withMarket(p1ToAct(), BLUE, tile(7)), "p1",
                card(BLUE, 3, 1), card(BLUE, 3, 0), card(BLUE, 3, 2));
        List<AlhambraMove> buys = ENGINE.legalMoves(s, "p1").stream().filter(m -> m instanceof BuyTile).toList();
        // one, two or three threes: three value multisets, each with the lowest ids
        assertEquals(List.of(buy(tile(7), card(BLUE, 3, 0)), buy(tile(7), card(BLUE, 3, 0), card(BLUE, 3, 1)),
                buy(tile(7), card(BLUE, 3, 0), card(BLUE, 3, 1), card(BLUE, 3, 2))), buys);
        accepted(ENGINE.decide(s, "p1", buy(tile(7), card(BLUE, 3, 2))));
    }

    @Test
    void onlyTheCurrentPlayerMoves() {
        AlhambraState s = withDisplay();
        assertRejected("not-your-turn", ENGINE.decide(s, "p2", take(BLUE_9)));
        assertRejected("not-a-player", ENGINE.decide(s, "mallory", take(BLUE_9)));
        assertTrue(ENGINE.legalMoves(s, "p2").isEmpty());
    }

    @Test
    void placingWithNothingBoughtIsRefused() {
        assertRejected("nothing-to-place", ENGINE.decide(withDisplay(), "p1", new PlaceTile(12, 1, 0)));
    }

    @Test
    void passingIsOnlyForAPlayerWithoutAnyAction() {
        assertRejected("cannot-pass", ENGINE.decide(withDisplay(), "p1", new Pass()));

        AlhambraState stuck = p1ToAct();
        stuck = withHand(stuck.withMoney(List.of(), List.of(), List.of()), "p1");
        assertEquals(List.of(new Pass()), ENGINE.legalMoves(stuck, "p1"));
        List<AlhambraEvent> events = accepted(ENGINE.decide(stuck, "p1", new Pass()));
        assertEquals(new PlayerPassed("p1"), events.get(0));
        assertEquals(new TurnEnded("p1", "p2"), events.get(events.size() - 1));
    }
}
