package dev.tessera.game.alhambra;

import static dev.tessera.game.rules.RulesFixture.setup;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.events.alhambra.AlhambraEvent.PointsAwarded;
import dev.tessera.events.alhambra.AlhambraEvent.ScoringRoundTriggered;
import dev.tessera.game.alhambra.AlhambraState.Phase;
import dev.tessera.game.rules.AnyTitle;
import dev.tessera.game.rules.GameSetup;
import dev.tessera.game.rules.RulesFixture;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * 1,000 random whole games per player count (system property {@code alhambra.games} changes it), every
 * invariant checked after every move, and every finished game rebuilt from its events.
 */
class AlhambraPropertyTest {
    private static final RulesFixture<AlhambraState, AlhambraMove, AlhambraEvent> RULES =
            RulesFixture.of(new AlhambraEngine());
    private static final int GAMES = Integer.getInteger("alhambra.games", 1_000);
    /** No game comes near this; reaching it means the game does not end. */
    private static final int MAX_MOVES = 5_000;

    private static final int TILE_IDS = 60;
    private static final int MONEY_IDS = AlhambraData.moneyCards(3).size();

    /**
     * Random Alhambra games as the property, JSON and benchmark runs play them: the three redesign moves count as one
     * kind of move, so that they do not drown the moves that drive the game forward, and scoring-service answers
     * every scoring round with random points.
     */
    static AnyTitle.Playout<AlhambraState, AlhambraMove, AlhambraEvent> randomGames() {
        return AnyTitle.playout(RULES.engine())
                .kinds(AlhambraPropertyTest::kind)
                .answering(AlhambraPropertyTest::randomPoints)
                .atMost(MAX_MOVES);
    }

    private static Object kind(AlhambraMove move) {
        boolean redesign = move instanceof AlhambraMove.RedesignPlace
                || move instanceof AlhambraMove.RedesignRemove
                || move instanceof AlhambraMove.RedesignSwap;
        return redesign ? AlhambraMove.RedesignPlace.class : move.getClass();
    }

    private static List<AlhambraEvent> randomPoints(AlhambraState s, AlhambraEvent event, Random random) {
        if (!(event instanceof ScoringRoundTriggered round)) {
            return List.of();
        }
        Map<String, Integer> points = new LinkedHashMap<>();
        s.seats().forEach(p -> points.put(p, random.nextInt(30)));
        return List.of(new PointsAwarded(round.round(), points));
    }

    @ParameterizedTest(name = "{0} players")
    @ValueSource(ints = {2, 3, 4, 5, 6})
    void random_games_keep_every_invariant_and_replay_identically(int players) {
        int scoringRoundsSeen = 0;
        for (int g = 0; g < GAMES; g++) {
            GameSetup setup = setup(players, players * 1_000_003L + g);
            Invariants invariants = new Invariants(players);
            var game = randomGames()
                    .after((before, mover, move, events, after) -> invariants.check(after))
                    .play(setup, new Random(setup.seed()));
            assertEquals(Phase.OVER, game.end().phase());
            assertTrue(RULES.engine().legalMoves(game.end(), "p1").isEmpty());

            AlhambraState replayed = RULES.given(setup).and(game.events()).state();
            assertEquals(game.end(), replayed, "replay of game " + setup.seed());
            scoringRoundsSeen += game.end().scoringRound();
        }
        assertEquals(3 * GAMES, scoringRoundsSeen, "every game reaches scoring round 3");
    }

    /** The checks after every move; an Alhambra is re-validated whenever its layout changed. */
    private static final class Invariants {
        private final int moneyCards;
        private final boolean twoCopies;
        private final Map<String, List<PlacedTile>> validated = new HashMap<>();

        Invariants(int players) {
            moneyCards = AlhambraData.moneyCards(players).size();
            twoCopies = moneyCards < MONEY_IDS;
        }

        void check(AlhambraState s) {
            boolean[] money = new boolean[MONEY_IDS];
            boolean[] tiles = new boolean[TILE_IDS];
            int moneyCount = 0;
            int tileCount = 0;
            int scoringCards = 0;
            for (DeckCard c : s.deck()) {
                if (c instanceof MoneyCard m) {
                    moneyCount += mark(money, m);
                } else {
                    scoringCards++;
                    assertTrue(((ScoringCard) c).round() > s.scoringRound(), "a triggered scoring card is in the deck");
                }
            }
            assertEquals(2 - Math.min(2, s.scoringRound()), scoringCards, "scoring cards left in the deck");
            for (MoneyCard c : s.discards()) {
                moneyCount += mark(money, c);
            }
            for (MoneyCard c : s.display()) {
                moneyCount += mark(money, c);
            }
            for (MarketSpace m : s.market()) {
                tileCount += m.tile() == null ? 0 : mark(tiles, m.tile());
            }
            tileCount += markAll(tiles, s.supply()) + markAll(tiles, s.dirk()) + markAll(tiles, s.unclaimed());
            for (PlayerState p : s.players()) {
                for (MoneyCard c : p.hand()) {
                    assertTrue(c.value() >= 1 && c.value() <= AlhambraData.MAX_CARD_VALUE, "card value");
                    moneyCount += mark(money, c);
                }
                for (PlacedTile t : p.alhambra()) {
                    tileCount += mark(tiles, t.tile());
                }
                tileCount += markAll(tiles, p.reserve()) + markAll(tiles, p.pending());
                if (validated.get(p.id()) != p.alhambra()) {
                    AlhambraGrid grid = p.grid();
                    assertEquals(
                            PlacementRule.OK,
                            grid.validate(),
                            () -> "illegal Alhambra of " + p.id() + ": " + p.alhambra());
                    assertEquals(
                            p.alhambra().size() + 1, grid.tileCount(), "a tile on the fountain or two on a square");
                    validated.put(p.id(), p.alhambra());
                }
                boolean mayHavePending = s.phase() == Phase.FINAL_PLACEMENT
                        || p.id().equals(s.currentPlayer()) && s.phase() != Phase.OVER;
                assertTrue(mayHavePending || p.pending().isEmpty(), "pending tiles outside their owner's turn");
            }
            assertEquals(moneyCards, moneyCount, "money cards conserved");
            assertEquals(AlhambraData.TILES.size(), tileCount, "tiles conserved");
            assertTrue(s.display().size() <= AlhambraData.DISPLAY_SIZE, "display size");
            if (s.phase() == Phase.ACTION
                    && s.player(s.currentPlayer()).pending().isEmpty()) {
                assertTrue(s.market().stream().allMatch(m -> m.tile() != null), "market full when a turn starts");
            }
            assertTrue(s.hasDirk() || s.dirk().isEmpty(), "Dirk only with two players");
        }

        /** Marks a card seen; a card met twice, or one a two-player game does not have, fails. */
        private int mark(boolean[] seen, MoneyCard c) {
            if (seen[c.id()] || twoCopies && c.id() % AlhambraData.COPIES == AlhambraData.COPIES_TWO_PLAYERS) {
                fail("money card " + c + " duplicated or foreign");
            }
            seen[c.id()] = true;
            return 1;
        }

        private static int mark(boolean[] seen, Tile t) {
            if (seen[t.id()]) {
                fail("tile " + t + " is in two places");
            }
            seen[t.id()] = true;
            return 1;
        }

        private static int markAll(boolean[] seen, List<Tile> tiles) {
            tiles.forEach(t -> mark(seen, t));
            return tiles.size();
        }
    }
}
