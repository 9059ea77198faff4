package dev.tessera.game.alhambra;

import static dev.tessera.game.rules.RulesFixture.setup;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.game.alhambra.AlhambraState.Phase;
import dev.tessera.game.rules.GameSetup;
import dev.tessera.game.rules.RulesFixture;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The set-up, checked over many seeds. */
class AlhambraSetupTest {
    private static final RulesFixture<AlhambraState, AlhambraMove, AlhambraEvent> RULES =
            RulesFixture.of(new AlhambraEngine());
    private static final int SEEDS = 300;

    private static AlhambraState start(int players, long seed) {
        return RULES.given(setup(players, seed)).state();
    }

    @ParameterizedTest(name = "{0} players")
    @ValueSource(ints = {2, 3, 4, 5, 6})
    void every_component_is_somewhere(int players) {
        for (long seed = 0; seed < SEEDS; seed++) {
            AlhambraState s = start(players, seed);
            Set<MoneyCard> money = new HashSet<>(s.display());
            s.deck().stream()
                    .filter(MoneyCard.class::isInstance)
                    .map(MoneyCard.class::cast)
                    .forEach(money::add);
            s.players().forEach(p -> money.addAll(p.hand()));
            assertEquals(players == 2 ? 72 : 108, money.size());
            assertEquals(Set.copyOf(AlhambraData.moneyCards(players)), money);
            assertEquals(
                    2, s.deck().stream().filter(ScoringCard.class::isInstance).count());

            Set<Tile> tiles = new HashSet<>(s.supply());
            tiles.addAll(s.dirk());
            s.market().forEach(m -> tiles.add(m.tile()));
            assertEquals(54, tiles.size());
            assertEquals(players == 2 ? 6 : 0, s.dirk().size());
            assertEquals(4, s.display().size());
            assertEquals(
                    List.of(Currency.values()),
                    s.market().stream().map(MarketSpace::currency).toList());
            assertTrue(s.players().stream()
                    .allMatch(p -> p.alhambra().isEmpty() && p.reserve().isEmpty()));
            assertEquals(Phase.ACTION, s.phase());
            assertEquals(0, s.scoringRound());
        }
    }

    @ParameterizedTest(name = "{0} players")
    @ValueSource(ints = {2, 3, 4, 5, 6})
    void the_scoring_cards_lie_in_the_second_and_fourth_fifths_of_the_deck(int players) {
        for (long seed = 0; seed < SEEDS; seed++) {
            List<DeckCard> deck = start(players, seed).deck();
            int n = deck.size() - 2;
            int first = deck.indexOf(new ScoringCard(1));
            int second = deck.indexOf(new ScoringCard(2)) - 1; // money cards above it
            assertTrue(
                    first >= Math.ceil(n / 5.0) && first <= Math.floor(2 * n / 5.0), "card 1 at " + first + " of " + n);
            assertTrue(
                    second >= Math.ceil(3 * n / 5.0) && second <= Math.floor(4 * n / 5.0),
                    "card 2 at " + second + " of " + n);
        }
    }

    @ParameterizedTest(name = "{0} players")
    @ValueSource(ints = {2, 3, 4, 5, 6})
    void everyone_is_dealt_until_their_money_reaches_twenty(int players) {
        for (long seed = 0; seed < SEEDS; seed++) {
            for (PlayerState p : start(players, seed).players()) {
                int total = p.hand().stream().mapToInt(MoneyCard::value).sum();
                int last = p.hand().get(p.hand().size() - 1).value();
                assertTrue(total >= 20 && total - last < 20, p.hand().toString());
            }
        }
    }

    @ParameterizedTest(name = "{0} players")
    @ValueSource(ints = {2, 3, 4, 5, 6})
    void the_start_player_has_the_fewest_cards_then_the_lowest_total_then_the_earliest_seat(int players) {
        Set<Integer> startSeats = new HashSet<>();
        for (long seed = 0; seed < SEEDS; seed++) {
            AlhambraState s = start(players, seed);
            PlayerState start = s.players().get(s.current());
            for (int seat = 0; seat < players; seat++) {
                PlayerState other = s.players().get(seat);
                int byCards = Integer.compare(start.hand().size(), other.hand().size());
                int byTotal = Integer.compare(sum(start), sum(other));
                int order = byCards != 0 ? byCards : byTotal != 0 ? byTotal : Integer.compare(s.current(), seat);
                assertTrue(order <= 0, "seat " + s.current() + " starts although seat " + seat + " should");
            }
            startSeats.add(s.current());
        }
        assertEquals(players, startSeats.size(), "every seat starts in some game");
    }

    @Test
    void the_same_seed_gives_the_same_game_and_another_seed_another_one() {
        assertEquals(start(4, 42), start(4, 42));
        assertNotEquals(start(4, 42).deck(), start(4, 43).deck());
    }

    @Test
    void alhambra_is_for_two_to_six_distinct_players() {
        assertThrows(IllegalArgumentException.class, () -> RULES.given(new GameSetup(List.of("a"), 1, Map.of())));
        assertThrows(IllegalArgumentException.class, () -> start(7, 1));
        assertThrows(IllegalArgumentException.class, () -> RULES.given(new GameSetup(List.of("a", "a"), 1, Map.of())));
        assertEquals("alhambra", RULES.engine().game());
        assertEquals(2, RULES.engine().minPlayers());
        assertEquals(6, RULES.engine().maxPlayers());
    }

    private static int sum(PlayerState p) {
        return p.hand().stream().mapToInt(MoneyCard::value).sum();
    }
}
