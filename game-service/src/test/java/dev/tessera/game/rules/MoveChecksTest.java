package dev.tessera.game.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The checks every game needs ({@link MoveChecks}) answer every title alike: whole random games of each, in which at
 * every step the move about to be played is also sent by someone without a seat ({@code not-a-player}) and by every
 * player who has no legal move then ({@code not-your-turn}; in Alhambra's final placement several players may move),
 * and after the end by everyone ({@code game-over}). Through the API, with nothing written and a stale version too:
 * {@code play.SharedRejectionsTest}.
 */
class MoveChecksTest {
    private static final List<String> PLAYERS = List.of("ana", "bob", "cyd");
    private static final String STRANGER = "mallory";

    @ParameterizedTest
    @ValueSource(strings = {"alhambra", "carrara", "builders"})
    void a_stranger_a_player_out_of_turn_and_anyone_after_the_end_get_the_same_rule_in_every_title(String title) {
        checkEveryMove(AnyTitle.engine(title));
    }

    private static <S, M, E> void checkEveryMove(RulesEngine<S, M, E> engine) {
        AtomicInteger outOfTurn = new AtomicInteger();
        AnyTitle.Played<S, M, E> game = AnyTitle.play(
                engine, new GameSetup(PLAYERS, 36, Map.of()), new Random(36), (state, legal, mover, move) -> {
                    assertRejected("not-a-player", engine.decide(state, STRANGER, move));
                    for (String player : PLAYERS) {
                        if (!legal.containsKey(player)) {
                            assertRejected("not-your-turn", engine.decide(state, player, move));
                            outOfTurn.incrementAndGet();
                        }
                    }
                });
        assertTrue(outOfTurn.get() > 0, "no move was tried out of turn");
        for (String player : PLAYERS) {
            assertRejected("game-over", engine.decide(game.end(), player, game.last()));
        }
        assertRejected("game-over", engine.decide(game.end(), STRANGER, game.last()));
    }

    private static void assertRejected(String rule, Decision<?> decision) {
        Decision.Rejected<?> rejected = assertInstanceOf(Decision.Rejected.class, decision, decision::toString);
        assertEquals(rule, rejected.rule(), rejected::detail);
    }
}
