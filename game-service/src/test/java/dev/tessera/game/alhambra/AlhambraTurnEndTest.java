package dev.tessera.game.alhambra;

import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.events.alhambra.AlhambraEvent.BuildingSupplyExhausted;
import dev.tessera.events.alhambra.AlhambraEvent.DirkReceivedTiles;
import dev.tessera.events.alhambra.AlhambraEvent.DiscardsReshuffled;
import dev.tessera.events.alhambra.AlhambraEvent.LeftoverTileAwarded;
import dev.tessera.events.alhambra.AlhambraEvent.LeftoverTileUnclaimed;
import dev.tessera.events.alhambra.AlhambraEvent.MarketRefilled;
import dev.tessera.events.alhambra.AlhambraEvent.MoneyDisplayRefilled;
import dev.tessera.events.alhambra.AlhambraEvent.MoneyTaken;
import dev.tessera.events.alhambra.AlhambraEvent.PointsAwarded;
import dev.tessera.events.alhambra.AlhambraEvent.ScoringCardDrawn;
import dev.tessera.events.alhambra.AlhambraEvent.ScoringRoundTriggered;
import dev.tessera.events.alhambra.AlhambraEvent.TilesGivenToDirk;
import dev.tessera.events.alhambra.AlhambraEvent.TurnEnded;
import dev.tessera.events.alhambra.MarketTileInfo;
import dev.tessera.game.alhambra.AlhambraMove.BuyTile;
import dev.tessera.game.alhambra.AlhambraMove.GiveToDirk;
import dev.tessera.game.alhambra.AlhambraMove.ReserveTile;
import dev.tessera.game.alhambra.AlhambraMove.TakeMoney;
import dev.tessera.game.alhambra.AlhambraState.Phase;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.tessera.game.alhambra.Currency.BLUE;
import static dev.tessera.game.alhambra.Currency.GREEN;
import static dev.tessera.game.alhambra.Currency.YELLOW;
import static dev.tessera.game.alhambra.Fixture.ENGINE;
import static dev.tessera.game.alhambra.Fixture.accepted;
import static dev.tessera.game.alhambra.Fixture.apply;
import static dev.tessera.game.alhambra.Fixture.assertRejected;
import static dev.tessera.game.alhambra.Fixture.card;
import static dev.tessera.game.alhambra.Fixture.has;
import static dev.tessera.game.alhambra.Fixture.only;
import static dev.tessera.game.alhambra.Fixture.p1ToAct;
import static dev.tessera.game.alhambra.Fixture.play;
import static dev.tessera.game.alhambra.Fixture.tile;
import static dev.tessera.game.alhambra.Fixture.withHand;
import static dev.tessera.game.alhambra.Fixture.withMarket;
import static dev.tessera.game.alhambra.Fixture.withPending;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The end of a turn, the end of the game, Dirk and scores coming back. */
class AlhambraTurnEndTest {

    private static TakeMoney takeFirstCard(AlhambraState s) {
        return new TakeMoney(List.of(s.display().get(0).id()));
    }

    private static AlhambraState withDeck(AlhambraState s, List<DeckCard> deck, List<MoneyCard> discards) {
        return s.withMoney(deck, discards, s.display());
    }

    @Test
    void theMarketIsRefilledFromTheSupplyAtTheEndOfTheTurn() {
        AlhambraState s = withHand(withMarket(p1ToAct(), BLUE, tile(12)), "p1", card(BLUE, 9));
        Tile next = s.supply().get(0);
        s = play(s, "p1", new BuyTile(12, List.of(card(BLUE, 9).id())));

        List<AlhambraEvent> events = accepted(ENGINE.decide(s, "p1", new ReserveTile(12)));

        assertEquals(new MarketRefilled(List.of(new MarketTileInfo("blue", Infos.info(next))), s.supply().size() - 1),
                only(MarketRefilled.class, events));
        assertEquals(next, apply(s, events).space(BLUE).tile());
    }

    @Test
    void aScoringCardDrawnDuringTheRefillTriggersAScoringRoundAndPlayGoesOn() {
        AlhambraState s = p1ToAct();
        List<DeckCard> deck = new ArrayList<>(s.deck());
        deck.remove(new ScoringCard(1));
        deck.add(0, new ScoringCard(1));
        s = withDeck(s, deck, List.of());

        List<AlhambraEvent> events = accepted(ENGINE.decide(s, "p1", takeFirstCard(s)));

        assertEquals(List.of(MoneyTaken.class, ScoringCardDrawn.class, MoneyDisplayRefilled.class,
                ScoringRoundTriggered.class, TurnEnded.class), events.stream().map(Object::getClass).toList());
        assertEquals(new ScoringRoundTriggered(1), only(ScoringRoundTriggered.class, events));
        assertEquals(List.of(Infos.info((MoneyCard) deck.get(1))), only(MoneyDisplayRefilled.class, events).cards());
        AlhambraState after = apply(s, events);
        assertEquals(1, after.scoringRound());
        assertFalse(after.deck().contains(new ScoringCard(1)));
        assertEquals(Phase.ACTION, after.phase());
        assertEquals("p2", after.currentPlayer());
    }

    @Test
    void anEmptyDeckIsReplacedByTheShuffledDiscards() {
        AlhambraState s = p1ToAct();
        List<MoneyCard> discards = List.of(card(BLUE, 1), card(BLUE, 2), card(BLUE, 3));
        s = withDeck(s, List.of(), discards);

        List<AlhambraEvent> events = accepted(ENGINE.decide(s, "p1", takeFirstCard(s)));

        assertEquals(new DiscardsReshuffled(3, 1), only(DiscardsReshuffled.class, events));
        AlhambraState after = apply(s, events);
        assertEquals(1, after.reshuffles());
        assertTrue(after.discards().isEmpty());
        assertEquals(2, after.deck().size());
        assertTrue(discards.containsAll(List.of(after.display().get(3), after.deck().get(0), after.deck().get(1))));
        assertEquals(events, accepted(ENGINE.decide(s, "p1", takeFirstCard(s))), "the shuffle derives from the seed");
    }

    @Test
    void withNoMoneyLeftAnywhereTheDisplayStaysShort() {
        AlhambraState s = withDeck(p1ToAct(), List.of(), List.of());
        List<AlhambraEvent> events = accepted(ENGINE.decide(s, "p1", takeFirstCard(s)));
        assertFalse(has(MoneyDisplayRefilled.class, events));
        assertEquals(3, apply(s, events).display().size());
    }

    /** p1 overpays the blue tile with an empty supply; p2 holds yellow 5 and green 4, p3 yellow 3 and green 4. */
    private static AlhambraState lastPurchase() {
        AlhambraState s = withMarket(p1ToAct(), BLUE, tile(12));
        s = s.withTiles(s.market(), List.of(), s.dirk(), s.unclaimed());
        s = withHand(s, "p1", card(BLUE, 9));
        s = withHand(s, "p2", card(YELLOW, 5), card(GREEN, 4));
        s = withHand(s, "p3", card(YELLOW, 3), card(GREEN, 4, 1));
        return play(s, "p1", new BuyTile(12, List.of(card(BLUE, 9).id())));
    }

    @Test
    void theGameEndsWhenAMarketSpaceCannotBeRefilledAndLeftoversGoToTheStrictlyHighestHolder() {
        AlhambraState s = lastPurchase();

        List<AlhambraEvent> events = accepted(ENGINE.decide(s, "p1", new ReserveTile(12)));

        assertEquals(new BuildingSupplyExhausted(List.of("blue")), only(BuildingSupplyExhausted.class, events));
        assertEquals(new LeftoverTileAwarded("p2", "yellow", Infos.info(tile(57)), 5),
                only(LeftoverTileAwarded.class, events));
        List<LeftoverTileUnclaimed> unclaimed = events.stream().filter(LeftoverTileUnclaimed.class::isInstance)
                .map(LeftoverTileUnclaimed.class::cast).toList();
        assertEquals(List.of(new LeftoverTileUnclaimed("green", Infos.info(tile(58)), "tie"),
                new LeftoverTileUnclaimed("orange", Infos.info(tile(46)), "no-money")), unclaimed);
        assertFalse(has(ScoringRoundTriggered.class, events), "p2 must place the leftover tile first");
        assertFalse(has(TurnEnded.class, events));

        AlhambraState end = apply(s, events);
        assertEquals(Phase.FINAL_PLACEMENT, end.phase());
        assertEquals(List.of("p2"), ((AlhambraView) ENGINE.view(end, null)).waitingFor());
        assertRejected("not-your-turn", ENGINE.decide(end, "p1", new ReserveTile(57)));
        assertFalse(ENGINE.legalMoves(end, "p2").contains(new GiveToDirk()));

        List<AlhambraEvent> last = accepted(ENGINE.decide(end, "p2", new ReserveTile(57)));
        assertEquals(new ScoringRoundTriggered(3), last.get(last.size() - 1));
        AlhambraState over = apply(end, last);
        assertTrue(ENGINE.isOver(over));
        assertEquals(3, over.scoringRound());
        assertTrue(ENGINE.legalMoves(over, "p2").isEmpty());
        assertRejected("game-over", ENGINE.decide(over, "p2", new ReserveTile(57)));
    }

    @Test
    void whenNobodyReceivesALeftoverTheFinalScoringIsTriggeredAtOnce() {
        AlhambraState s = lastPurchase();
        s = withHand(withHand(s, "p2"), "p3");

        List<AlhambraEvent> events = accepted(ENGINE.decide(s, "p1", new ReserveTile(12)));

        assertEquals(new ScoringRoundTriggered(3), events.get(events.size() - 1));
        assertTrue(ENGINE.isOver(apply(s, events)));
    }

    @Test
    void dirkHasSixTilesFromTheStartOfATwoPlayerGame() {
        AlhambraState s = Fixture.start(2, 11);
        assertEquals(6, s.dirk().size());
        assertEquals(54 - 6 - 4, s.supply().size());
        assertTrue(Fixture.start(3, 11).dirk().isEmpty());
    }

    @Test
    void boughtTilesCanBeGivenToDirkInATwoPlayerGame() {
        AlhambraState s = withPending(Fixture.start(2, 11).withCurrent(0), "p1", tile(12), tile(19))
                .withPhase(Phase.PLACEMENT);
        assertTrue(ENGINE.legalMoves(s, "p1").contains(new GiveToDirk()));

        List<AlhambraEvent> events = accepted(ENGINE.decide(s, "p1", new GiveToDirk()));

        assertEquals(new TilesGivenToDirk("p1", List.of(Infos.info(tile(12)), Infos.info(tile(19)))), events.get(0));
        AlhambraState after = apply(s, events);
        assertTrue(after.dirk().containsAll(List.of(tile(12), tile(19))));
        assertEquals("p2", after.currentPlayer());

        AlhambraState threePlayers = withPending(p1ToAct(), "p1", tile(12)).withPhase(Phase.PLACEMENT);
        assertRejected("no-dirk", ENGINE.decide(threePlayers, "p1", new GiveToDirk()));
        assertFalse(ENGINE.legalMoves(threePlayers, "p1").contains(new GiveToDirk()));
    }

    @Test
    void dirkReceivesSixTilesAfterRoundOneAndAThirdOfTheSupplyAfterRoundTwo() {
        for (int round = 1; round <= 2; round++) {
            AlhambraState s = Fixture.start(2, 11).withCurrent(0);
            List<DeckCard> deck = new ArrayList<>(s.deck());
            deck.remove(new ScoringCard(round));
            deck.add(0, new ScoringCard(round));
            s = withDeck(s, deck, List.of());

            List<AlhambraEvent> events = accepted(ENGINE.decide(s, "p1", takeFirstCard(s)));

            int dirkIndex = events.indexOf(new ScoringRoundTriggered(round)) + 1;
            DirkReceivedTiles dirk = (DirkReceivedTiles) events.get(dirkIndex);
            int expected = round == 1 ? 6 : s.supply().size() / 3;
            assertEquals(round, dirk.afterRound());
            assertEquals(Infos.tileInfos(s.supply().subList(0, expected)), dirk.tiles());
            assertEquals(6 + expected, apply(s, events).dirk().size());
        }
    }

    @Test
    void pointsComeBackFromTheScoringServiceAndAddUpPerRound() {
        AlhambraState s = p1ToAct();
        s = ENGINE.evolve(s, new PointsAwarded(1, Map.of("p1", 6, "p2", 3, "Dirk", 5)));
        s = ENGINE.evolve(s, new PointsAwarded(2, Map.of("p1", 10)));

        assertEquals(List.of(6, 10, 0), s.player("p1").roundPoints());
        assertEquals(16, s.player("p1").score());
        AlhambraView view = (AlhambraView) ENGINE.view(s, null);
        assertEquals(List.of(3, 0, 0), view.players().get(1).roundPoints());
        assertEquals(0, view.players().get(2).score());
    }
}
