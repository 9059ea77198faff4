package dev.tessera.game.play;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.events.game.GameStarted;
import dev.tessera.game.builders.BuildersEngine;
import dev.tessera.game.builders.BuildersMove;
import dev.tessera.game.builders.BuildersState;
import dev.tessera.game.rules.Decision;
import dev.tessera.game.rules.GameSetup;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The games a game-service instance keeps folded in memory: games in play up to their bound, finished games in a
 * smaller set of their own, so that a long-running instance does not fill its heap with every game it ever played
 * (the soak found it filling).
 */
class FoldedGamesTest {
    private final BuildersEngine engine = new BuildersEngine();

    @Test
    void finishedGamesAreKeptApartAndFewer() {
        FoldedGames folded = new FoldedGames(10, 2);
        GameStream<BuildersState, BuildersMove, BuildersEvent> playing1 = started("g1", 1);
        GameStream<BuildersState, BuildersMove, BuildersEvent> playing2 = started("g2", 2);
        folded.remember(playing1);
        folded.remember(playing2);
        List<GameStream<BuildersState, BuildersMove, BuildersEvent>> ended =
                List.of(finished("f1", 3), finished("f2", 4), finished("f3", 5));
        ended.forEach(folded::remember);

        assertArrayEquals(new int[] {2, 2}, folded.sizes(), "2 games in play, the 2 last finished");
        assertSame(playing1, folded.get("g1"));
        assertSame(playing2, folded.get("g2"));
        assertNull(folded.get("f1"), "the finished game met first made room");
        assertSame(ended.get(2), folded.get("f3"));
    }

    @Test
    void aGameThatEndsMovesToTheFinishedOnes() {
        FoldedGames folded = new FoldedGames(10, 2);
        GameStream<BuildersState, BuildersMove, BuildersEvent> ended = finished("g1", 7);
        folded.remember(started("g1", 7));
        assertArrayEquals(new int[] {1, 0}, folded.sizes());

        folded.remember(ended);

        assertArrayEquals(new int[] {0, 1}, folded.sizes());
        assertSame(ended, folded.get("g1"));
        folded.remember(started("g1", 7));
        assertSame(ended, folded.get("g1"), "an earlier version never replaces a later one");
        folded.forgetIfAhead("g1", 3);
        assertNull(folded.get("g1"), "kept ahead of its stream: dropped");
    }

    private GameStream<BuildersState, BuildersMove, BuildersEvent> started(String id, long seed) {
        GameStarted started = new GameStarted(id, "t-" + id, "builders", List.of("ann", "bob"), seed, Map.of(), null);
        return new GameStream<>(started, engine, engine.start(setup(started)), 1);
    }

    /** A game played to its end by random bots, deterministic from its seed. */
    private GameStream<BuildersState, BuildersMove, BuildersEvent> finished(String id, long seed) {
        GameStream<BuildersState, BuildersMove, BuildersEvent> game = started(id, seed);
        BuildersState state = game.state();
        long version = 1;
        while (!engine.isOver(state)) {
            BuildersState now = state;
            String player = game.started().players().stream()
                    .filter(p -> !engine.legalMoves(now, p).isEmpty())
                    .findFirst()
                    .orElseThrow();
            BuildersMove move = RandomBot.pick(engine.legalMoves(state, player), seed, version);
            Decision<BuildersEvent> decision = engine.decide(state, player, move);
            for (BuildersEvent event : ((Decision.Accepted<BuildersEvent>) decision).events()) {
                state = engine.evolve(state, event);
                version++;
            }
            assertTrue(version < 10_000, "the game ends");
        }
        return new GameStream<>(game.started(), engine, state, version);
    }

    private static GameSetup setup(GameStarted started) {
        return new GameSetup(started.players(), started.seed(), started.options());
    }
}
