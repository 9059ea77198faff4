package dev.tessera.game.alhambra;

import static dev.tessera.game.alhambra.Crafted.card;
import static dev.tessera.game.alhambra.Crafted.p1ToAct;
import static dev.tessera.game.alhambra.Crafted.tile;
import static dev.tessera.game.alhambra.Crafted.withHand;
import static dev.tessera.game.alhambra.Crafted.withMarket;
import static dev.tessera.game.alhambra.Currency.BLUE;
import static dev.tessera.game.alhambra.Currency.GREEN;
import static dev.tessera.game.alhambra.Currency.ORANGE;
import static dev.tessera.game.alhambra.Currency.YELLOW;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.events.alhambra.AlhambraEvent.MoneyDisplayRefilled;
import dev.tessera.events.alhambra.AlhambraEvent.MoneyTaken;
import dev.tessera.events.alhambra.AlhambraEvent.PlayerPassed;
import dev.tessera.events.alhambra.AlhambraEvent.TileBought;
import dev.tessera.events.alhambra.AlhambraEvent.TurnEnded;
import dev.tessera.events.alhambra.MoneyCardInfo;
import dev.tessera.game.alhambra.AlhambraState.Phase;
import dev.tessera.game.rules.RulesFixture;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The three actions of a turn and the turn order; redesign is in {@link AlhambraPlacementTest}. */
class AlhambraActionsTest {
    private static final RulesFixture<AlhambraState, AlhambraMove, AlhambraEvent> RULES =
            RulesFixture.of(new AlhambraEngine());

    private static final MoneyCard BLUE_9 = card(BLUE, 9);
    private static final MoneyCard GREEN_2 = card(GREEN, 2);
    private static final MoneyCard YELLOW_3 = card(YELLOW, 3);
    private static final MoneyCard ORANGE_1 = card(ORANGE, 1);

    /** p1 to act; the display shows blue 9, green 2, yellow 3, orange 1. */
    private static AlhambraState withDisplay() {
        AlhambraState s = p1ToAct();
        return s.withMoney(s.deck(), s.discards(), List.of(BLUE_9, GREEN_2, YELLOW_3, ORANGE_1));
    }

    private static List<Integer> ids(MoneyCard... cards) {
        return Arrays.stream(cards).map(MoneyCard::id).toList();
    }

    private static AlhambraMove.TakeMoney take(MoneyCard... cards) {
        return new AlhambraMove.TakeMoney(ids(cards));
    }

    private static AlhambraMove.BuyTile buy(Tile tile, MoneyCard... cards) {
        return new AlhambraMove.BuyTile(tile.id(), ids(cards));
    }

    @Nested
    class TakeMoney {
        @Test
        void taking_one_card_of_any_value_ends_the_turn_and_refills_the_display() {
            AlhambraState s = withDisplay();
            DeckCard top = s.deck().get(0);

            var taken = RULES.given(s).when("p1", take(BLUE_9));

            List<AlhambraEvent> events = taken.events();
            assertEquals(new MoneyTaken("p1", List.of(new MoneyCardInfo(BLUE_9.id(), "blue", 9)), 9), events.get(0));
            assertEquals(
                    List.of(Infos.info((MoneyCard) top)),
                    taken.the(MoneyDisplayRefilled.class).cards());
            assertEquals(new TurnEnded("p1", "p2"), events.get(events.size() - 1));
            AlhambraState after = taken.state();
            assertTrue(after.player("p1").hand().contains(BLUE_9));
            assertEquals(List.of(GREEN_2, YELLOW_3, ORANGE_1, top), after.display());
            assertEquals("p2", after.currentPlayer());
        }

        @Test
        void several_cards_may_be_taken_when_they_total_at_most_five() {
            var taken = RULES.given(withDisplay()).when("p1", take(GREEN_2, YELLOW_3));
            assertEquals(5, taken.the(MoneyTaken.class).total());
        }

        @Test
        void several_cards_totalling_more_than_five_are_refused() {
            RULES.given(withDisplay())
                    .when("p1", take(GREEN_2, YELLOW_3, ORANGE_1))
                    .thenRejected("take-money-over-5");
            RULES.given(withDisplay()).when("p1", take(BLUE_9, ORANGE_1)).thenRejected("take-money-over-5");
        }

        @Test
        void only_cards_on_the_display_can_be_taken_each_once() {
            RULES.given(withDisplay()).when("p1", take(card(BLUE, 1))).thenRejected("no-such-card");
            RULES.given(withDisplay()).when("p1", take(GREEN_2, GREEN_2)).thenRejected("no-such-card");
            RULES.given(withDisplay())
                    .when("p1", new AlhambraMove.TakeMoney(List.of()))
                    .thenRejected("no-cards");
        }
    }

    @Nested
    class BuyTile {
        @Test
        void an_exact_payment_gives_another_action() {
            AlhambraState s = withHand(withMarket(p1ToAct(), BLUE, tile(12)), "p1", card(BLUE, 5), card(BLUE, 3));

            var bought = RULES.given(s).when("p1", buy(tile(12), card(BLUE, 5), card(BLUE, 3)));

            TileBought tileBought = bought.the(TileBought.class);
            assertTrue(tileBought.exactAmount());
            assertEquals(8, tileBought.paid());
            assertEquals("blue", tileBought.currency());
            assertEquals(1, bought.events().size(), "no refill and no turn end yet");
            AlhambraState after = bought.state();
            assertEquals(Phase.ACTION, after.phase());
            assertEquals(List.of(tile(12)), after.player("p1").pending());
            assertTrue(after.player("p1").hand().isEmpty());
            assertTrue(after.discards().containsAll(List.of(card(BLUE, 5), card(BLUE, 3))));
            assertEquals(null, after.space(BLUE).tile(), "the market is refilled only at the end of the turn");
            assertTrue(((AlhambraView) RULES.engine().view(after, "p1")).extraAction());
        }

        @Test
        void exact_payments_chain_and_the_tiles_wait_for_the_end_of_the_turn() {
            AlhambraState s = withMarket(withMarket(p1ToAct(), BLUE, tile(12)), GREEN, tile(6));
            s = withHand(s, "p1", card(BLUE, 8), card(GREEN, 2), card(YELLOW, 9));

            s = RULES.given(s)
                    .played("p1", buy(tile(12), card(BLUE, 8)), buy(tile(6), card(GREEN, 2)))
                    .state();
            assertEquals(Phase.ACTION, s.phase());
            RULES.given(s).when("p1", new AlhambraMove.PlaceTile(12, 1, 0)).thenRejected("extra-action-first");
            assertFalse(RULES.engine().legalMoves(s, "p1").stream().anyMatch(m -> m instanceof AlhambraMove.PlaceTile));

            s = RULES.given(s).played("p1", take(s.display().get(0))).state();
            assertEquals(Phase.PLACEMENT, s.phase());
            assertEquals(List.of(tile(12), tile(6)), s.player("p1").pending());
            RULES.given(s).when("p1", take(s.display().get(0))).thenRejected("must-place-tiles-first");
        }

        @Test
        void overpaying_ends_the_actions_without_change() {
            AlhambraState s = withHand(withMarket(p1ToAct(), BLUE, tile(12)), "p1", card(BLUE, 9), card(BLUE, 1));

            AlhambraState after =
                    RULES.given(s).when("p1", buy(tile(12), card(BLUE, 9))).state();

            assertEquals(Phase.PLACEMENT, after.phase());
            assertEquals(List.of(card(BLUE, 1)), after.player("p1").hand(), "no change is given");
            assertEquals("p1", after.currentPlayer());
        }

        @Test
        void a_tile_is_paid_in_its_spaces_currency_only() {
            AlhambraState s = withHand(withMarket(p1ToAct(), BLUE, tile(12)), "p1", card(BLUE, 5), card(GREEN, 3));
            RULES.given(s)
                    .when("p1", buy(tile(12), card(BLUE, 5), card(GREEN, 3)))
                    .thenRejected("wrong-currency");
        }

        @Test
        void a_payment_below_the_price_is_refused() {
            AlhambraState s = withHand(withMarket(p1ToAct(), BLUE, tile(12)), "p1", card(BLUE, 5), card(BLUE, 2));
            RULES.given(s)
                    .when("p1", buy(tile(12), card(BLUE, 5), card(BLUE, 2)))
                    .thenRejected("not-enough-money");
        }

        @Test
        void only_market_tiles_and_own_cards_can_be_used() {
            var given = RULES.given(withHand(withMarket(p1ToAct(), BLUE, tile(12)), "p1", card(BLUE, 9)));
            given.when("p1", buy(tile(13), card(BLUE, 9))).thenRejected("no-such-tile");
            given.when("p1", buy(tile(12), card(BLUE, 8))).thenRejected("no-such-card");
            given.when("p1", buy(tile(12), card(BLUE, 9), card(BLUE, 9))).thenRejected("no-such-card");
            given.when("p1", new AlhambraMove.BuyTile(12, List.of())).thenRejected("no-cards");
        }

        @Test
        void interchangeable_cards_are_listed_once_but_any_copy_is_accepted() {
            AlhambraState s = withHand(
                    withMarket(p1ToAct(), BLUE, tile(7)), "p1", card(BLUE, 3, 1), card(BLUE, 3, 0), card(BLUE, 3, 2));
            List<AlhambraMove> buys = RULES.engine().legalMoves(s, "p1").stream()
                    .filter(m -> m instanceof AlhambraMove.BuyTile)
                    .toList();
            // one, two or three threes: three value multisets, each with the lowest ids
            assertEquals(
                    List.of(
                            buy(tile(7), card(BLUE, 3, 0)),
                            buy(tile(7), card(BLUE, 3, 0), card(BLUE, 3, 1)),
                            buy(tile(7), card(BLUE, 3, 0), card(BLUE, 3, 1), card(BLUE, 3, 2))),
                    buys);
            RULES.given(s).when("p1", buy(tile(7), card(BLUE, 3, 2))).events(); // fails unless accepted
        }
    }

    @Test
    void only_the_current_player_moves() {
        AlhambraState s = withDisplay();
        RULES.given(s).when("p2", take(BLUE_9)).thenRejected("not-your-turn");
        RULES.given(s).when("mallory", take(BLUE_9)).thenRejected("not-a-player");
        assertTrue(RULES.engine().legalMoves(s, "p2").isEmpty());
    }

    @Nested
    class PlaceTile {
        @Test
        void placing_with_nothing_bought_is_refused() {
            RULES.given(withDisplay())
                    .when("p1", new AlhambraMove.PlaceTile(12, 1, 0))
                    .thenRejected("nothing-to-place");
        }
    }

    @Nested
    class Pass {
        @Test
        void passing_is_only_for_a_player_without_any_action() {
            RULES.given(withDisplay()).when("p1", new AlhambraMove.Pass()).thenRejected("cannot-pass");

            AlhambraState stuck = p1ToAct();
            stuck = withHand(stuck.withMoney(List.of(), List.of(), List.of()), "p1");
            assertEquals(List.of(new AlhambraMove.Pass()), RULES.engine().legalMoves(stuck, "p1"));
            List<AlhambraEvent> events =
                    RULES.given(stuck).when("p1", new AlhambraMove.Pass()).events();
            assertEquals(new PlayerPassed("p1"), events.get(0));
            assertEquals(new TurnEnded("p1", "p2"), events.get(events.size() - 1));
        }
    }
}
