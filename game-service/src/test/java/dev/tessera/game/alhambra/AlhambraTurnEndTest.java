package dev.tessera.game.alhambra;

import static dev.tessera.game.alhambra.Crafted.card;
import static dev.tessera.game.alhambra.Crafted.p1ToAct;
import static dev.tessera.game.alhambra.Crafted.tile;
import static dev.tessera.game.alhambra.Crafted.withHand;
import static dev.tessera.game.alhambra.Crafted.withMarket;
import static dev.tessera.game.alhambra.Crafted.withPending;
import static dev.tessera.game.alhambra.Currency.BLUE;
import static dev.tessera.game.alhambra.Currency.GREEN;
import static dev.tessera.game.alhambra.Currency.YELLOW;
import static dev.tessera.game.rules.RulesFixture.setup;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import dev.tessera.game.alhambra.AlhambraMove.ReserveTile;
import dev.tessera.game.alhambra.AlhambraMove.TakeMoney;
import dev.tessera.game.alhambra.AlhambraState.Phase;
import dev.tessera.game.rules.RulesFixture;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The end of a turn, the end of the game, Dirk and scores coming back. */
class AlhambraTurnEndTest {
    private static final RulesFixture<AlhambraState, AlhambraMove, AlhambraEvent> RULES =
            RulesFixture.of(new AlhambraEngine());

    private static TakeMoney takeFirstCard(AlhambraState s) {
        return new TakeMoney(List.of(s.display().get(0).id()));
    }

    private static AlhambraState withDeck(AlhambraState s, List<DeckCard> deck, List<MoneyCard> discards) {
        return s.withMoney(deck, discards, s.display());
    }

    /** The game of {@code players} players as seed 11 sets it up. */
    private static AlhambraState started(int players) {
        return RULES.given(setup(players, 11)).state();
    }

    @Nested
    class Refills {
        @Test
        void the_market_is_refilled_from_the_supply_at_the_end_of_the_turn() {
            AlhambraState s = withHand(withMarket(p1ToAct(), BLUE, tile(12)), "p1", card(BLUE, 9));
            Tile next = s.supply().get(0);
            var bought = RULES.given(s)
                    .played("p1", new BuyTile(12, List.of(card(BLUE, 9).id())));
            int supplyLeft = bought.state().supply().size() - 1;

            var reserved = bought.when("p1", new ReserveTile(12));

            assertEquals(
                    new MarketRefilled(List.of(new MarketTileInfo("blue", Infos.info(next))), supplyLeft),
                    reserved.the(MarketRefilled.class));
            assertEquals(next, reserved.state().space(BLUE).tile());
        }

        @Test
        void a_scoring_card_drawn_during_the_refill_triggers_a_scoring_round_and_play_goes_on() {
            AlhambraState s = p1ToAct();
            List<DeckCard> deck = new ArrayList<>(s.deck());
            deck.remove(new ScoringCard(1));
            deck.add(0, new ScoringCard(1));
            s = withDeck(s, deck, List.of());

            var taken = RULES.given(s).when("p1", takeFirstCard(s));

            assertEquals(
                    List.of(
                            MoneyTaken.class,
                            ScoringCardDrawn.class,
                            MoneyDisplayRefilled.class,
                            ScoringRoundTriggered.class,
                            TurnEnded.class),
                    taken.events().stream().map(Object::getClass).toList());
            assertEquals(new ScoringRoundTriggered(1), taken.the(ScoringRoundTriggered.class));
            assertEquals(
                    List.of(Infos.info((MoneyCard) deck.get(1))),
                    taken.the(MoneyDisplayRefilled.class).cards());
            AlhambraState after = taken.state();
            assertEquals(1, after.scoringRound());
            assertFalse(after.deck().contains(new ScoringCard(1)));
            assertEquals(Phase.ACTION, after.phase());
            assertEquals("p2", after.currentPlayer());
        }

        @Test
        void an_empty_deck_is_replaced_by_the_shuffled_discards() {
            List<MoneyCard> discards = List.of(card(BLUE, 1), card(BLUE, 2), card(BLUE, 3));
            AlhambraState s = withDeck(p1ToAct(), List.of(), discards);

            var taken = RULES.given(s).when("p1", takeFirstCard(s));

            assertEquals(new DiscardsReshuffled(3, 1), taken.the(DiscardsReshuffled.class));
            AlhambraState after = taken.state();
            assertEquals(1, after.reshuffles());
            assertTrue(after.discards().isEmpty());
            assertEquals(2, after.deck().size());
            assertTrue(discards.containsAll(List.of(
                    after.display().get(3), after.deck().get(0), after.deck().get(1))));
            assertEquals(
                    taken.events(),
                    RULES.given(s).when("p1", takeFirstCard(s)).events(),
                    "the shuffle derives from the seed");
        }

        @Test
        void with_no_money_left_anywhere_the_display_stays_short() {
            AlhambraState s = withDeck(p1ToAct(), List.of(), List.of());
            var taken = RULES.given(s).when("p1", takeFirstCard(s));
            assertFalse(taken.caused(MoneyDisplayRefilled.class));
            assertEquals(3, taken.state().display().size());
        }
    }

    /** p1 overpays the blue tile with an empty supply; p2 holds yellow 5 and green 4, p3 yellow 3 and green 4. */
    private static AlhambraState lastPurchase() {
        AlhambraState s = withMarket(p1ToAct(), BLUE, tile(12));
        s = s.withTiles(s.market(), List.of(), s.dirk(), s.unclaimed());
        s = withHand(s, "p1", card(BLUE, 9));
        s = withHand(s, "p2", card(YELLOW, 5), card(GREEN, 4));
        s = withHand(s, "p3", card(YELLOW, 3), card(GREEN, 4, 1));
        return RULES.given(s)
                .played("p1", new BuyTile(12, List.of(card(BLUE, 9).id())))
                .state();
    }

    @Nested
    class GameEnd {
        @Test
        void the_game_ends_when_a_market_space_cannot_be_refilled_and_leftovers_go_to_the_strictly_highest_holder() {
            var reserved = RULES.given(lastPurchase()).when("p1", new ReserveTile(12));

            assertEquals(new BuildingSupplyExhausted(List.of("blue")), reserved.the(BuildingSupplyExhausted.class));
            assertEquals(
                    new LeftoverTileAwarded("p2", "yellow", Infos.info(tile(57)), 5),
                    reserved.the(LeftoverTileAwarded.class));
            List<LeftoverTileUnclaimed> unclaimed = reserved.events().stream()
                    .filter(LeftoverTileUnclaimed.class::isInstance)
                    .map(LeftoverTileUnclaimed.class::cast)
                    .toList();
            assertEquals(
                    List.of(
                            new LeftoverTileUnclaimed("green", Infos.info(tile(58)), "tie"),
                            new LeftoverTileUnclaimed("orange", Infos.info(tile(46)), "no-money")),
                    unclaimed);
            assertFalse(reserved.caused(ScoringRoundTriggered.class), "p2 must place the leftover tile first");
            assertFalse(reserved.caused(TurnEnded.class));

            AlhambraState end = reserved.state();
            assertEquals(Phase.FINAL_PLACEMENT, end.phase());
            assertEquals(List.of("p2"), ((AlhambraView) RULES.engine().view(end, null)).waitingFor());
            RULES.given(end).when("p1", new ReserveTile(57)).thenRejected("not-your-turn");
            assertFalse(RULES.engine().legalMoves(end, "p2").contains(new AlhambraMove.GiveToDirk()));

            var last = RULES.given(end).when("p2", new ReserveTile(57));
            List<AlhambraEvent> lastEvents = last.events();
            assertEquals(new ScoringRoundTriggered(3), lastEvents.get(lastEvents.size() - 1));
            AlhambraState over = last.state();
            assertTrue(RULES.engine().isOver(over));
            assertEquals(3, over.scoringRound());
            assertTrue(RULES.engine().legalMoves(over, "p2").isEmpty());
            RULES.given(over).when("p2", new ReserveTile(57)).thenRejected("game-over");
        }

        @Test
        void when_nobody_receives_a_leftover_the_final_scoring_is_triggered_at_once() {
            AlhambraState s = withHand(withHand(lastPurchase(), "p2"), "p3");

            var reserved = RULES.given(s).when("p1", new ReserveTile(12));

            List<AlhambraEvent> events = reserved.events();
            assertEquals(new ScoringRoundTriggered(3), events.get(events.size() - 1));
            assertTrue(RULES.engine().isOver(reserved.state()));
        }
    }

    @Test
    void dirk_has_six_tiles_from_the_start_of_a_two_player_game() {
        AlhambraState s = started(2);
        assertEquals(6, s.dirk().size());
        assertEquals(54 - 6 - 4, s.supply().size());
        assertTrue(started(3).dirk().isEmpty());
    }

    @Nested
    class GiveToDirk {
        @Test
        void bought_tiles_can_be_given_to_dirk_in_a_two_player_game() {
            AlhambraState s = withPending(started(2).withCurrent(0), "p1", tile(12), tile(19))
                    .withPhase(Phase.PLACEMENT);
            assertTrue(RULES.engine().legalMoves(s, "p1").contains(new AlhambraMove.GiveToDirk()));

            var given = RULES.given(s).when("p1", new AlhambraMove.GiveToDirk());

            assertEquals(
                    new TilesGivenToDirk("p1", List.of(Infos.info(tile(12)), Infos.info(tile(19)))),
                    given.events().get(0));
            AlhambraState after = given.state();
            assertTrue(after.dirk().containsAll(List.of(tile(12), tile(19))));
            assertEquals("p2", after.currentPlayer());

            AlhambraState threePlayers = withPending(p1ToAct(), "p1", tile(12)).withPhase(Phase.PLACEMENT);
            RULES.given(threePlayers).when("p1", new AlhambraMove.GiveToDirk()).thenRejected("no-dirk");
            assertFalse(RULES.engine().legalMoves(threePlayers, "p1").contains(new AlhambraMove.GiveToDirk()));
        }
    }

    @Test
    void dirk_receives_six_tiles_after_round_one_and_a_third_of_the_supply_after_round_two() {
        for (int round = 1; round <= 2; round++) {
            AlhambraState s = started(2).withCurrent(0);
            List<DeckCard> deck = new ArrayList<>(s.deck());
            deck.remove(new ScoringCard(round));
            deck.add(0, new ScoringCard(round));
            s = withDeck(s, deck, List.of());

            var taken = RULES.given(s).when("p1", takeFirstCard(s));

            List<AlhambraEvent> events = taken.events();
            int dirkIndex = events.indexOf(new ScoringRoundTriggered(round)) + 1;
            DirkReceivedTiles dirk = (DirkReceivedTiles) events.get(dirkIndex);
            int expected = round == 1 ? 6 : s.supply().size() / 3;
            assertEquals(round, dirk.afterRound());
            assertEquals(Infos.tileInfos(s.supply().subList(0, expected)), dirk.tiles());
            assertEquals(6 + expected, taken.state().dirk().size());
        }
    }

    @Test
    void points_come_back_from_the_scoring_service_and_add_up_per_round() {
        AlhambraState s = RULES.given(p1ToAct())
                .and(new PointsAwarded(1, Map.of("p1", 6, "p2", 3, "Dirk", 5)), new PointsAwarded(2, Map.of("p1", 10)))
                .state();

        assertEquals(List.of(6, 10, 0), s.player("p1").roundPoints());
        assertEquals(16, s.player("p1").score());
        AlhambraView view = (AlhambraView) RULES.engine().view(s, null);
        assertEquals(List.of(3, 0, 0), view.players().get(1).roundPoints());
        assertEquals(0, view.players().get(2).score());
    }
}
