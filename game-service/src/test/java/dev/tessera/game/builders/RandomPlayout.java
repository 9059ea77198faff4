package dev.tessera.game.builders;

import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.game.rules.Decision;
import dev.tessera.game.rules.GameSetup;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.BiConsumer;

/** Plays whole games by picking uniformly among the legal moves with a seeded Random. */
final class RandomPlayout {

    /** Far beyond any game seen in playouts; reaching it means the game failed to end. */
    static final int MOVE_LIMIT = 20_000;
    private static final int SEND_WEIGHT = 4;

    record Game(GameSetup setup, BuildersState end, List<BuildersEvent> events, int moves) {
    }

    private final BuildersEngine engine = new BuildersEngine();

    /** The setup of a game created today (the current edition of the cards, machines included). */
    static GameSetup setup(int players, long seed) {
        return new GameSetup(names(players), seed, new BuildersEngine().optionsForNewGame(Map.of()));
    }

    /** The setup of a game recorded before editions: its options name none, so it has no machines. */
    static GameSetup setupBeforeMachines(int players, long seed) {
        return new GameSetup(names(players), seed, Map.of());
    }

    private static List<String> names(int players) {
        List<String> names = new ArrayList<>();
        for (int i = 1; i <= players; i++) {
            names.add("p" + i);
        }
        return names;
    }

    /** Plays one game; {@code afterMove} sees the state after every accepted move and the events it caused. */
    Game play(GameSetup setup, Random random, BiConsumer<BuildersState, List<BuildersEvent>> afterMove) {
        BuildersState state = engine.start(setup);
        List<BuildersEvent> events = new ArrayList<>();
        int moves = 0;
        while (!engine.isOver(state)) {
            if (moves == MOVE_LIMIT) {
                throw new AssertionError("game did not end within " + MOVE_LIMIT + " moves, seed " + setup.seed());
            }
            String player = state.currentPlayer().name();
            List<BuildersMove> legal = engine.legalMoves(state, player);
            BuildersMove move = pick(legal, random);
            Decision<BuildersEvent> decision = engine.decide(state, player, move);
            if (!(decision instanceof Decision.Accepted<BuildersEvent> accepted)) {
                throw new AssertionError("legal move " + move + " rejected: " + decision);
            }
            for (BuildersEvent event : accepted.events()) {
                state = engine.evolve(state, event);
            }
            events.addAll(accepted.events());
            moves++;
            afterMove.accept(state, accepted.events());
        }
        return new Game(setup, state, events, moves);
    }

    /**
     * Picks a kind of move at random, sending a worker or a machine weighted {@value #SEND_WEIGHT} to 1, then one
     * move of that kind. Uniform choice over all moves mostly opens buildings and recruits (ten such moves most of the
     * time) and strands every worker on unfinishable sites, so games would rarely reach the VP target.
     */
    private static BuildersMove pick(List<BuildersMove> legal, Random random) {
        List<Class<?>> kinds = new ArrayList<>();
        for (BuildersMove move : legal) {
            if (!kinds.contains(move.getClass())) {
                boolean send = move instanceof BuildersMove.SendWorker || move instanceof BuildersMove.SendMachine;
                int weight = send ? SEND_WEIGHT : 1;
                for (int i = 0; i < weight; i++) {
                    kinds.add(move.getClass());
                }
            }
        }
        Class<?> kind = kinds.get(random.nextInt(kinds.size()));
        List<BuildersMove> ofKind = legal.stream().filter(kind::isInstance).toList();
        return ofKind.get(random.nextInt(ofKind.size()));
    }

    Game play(GameSetup setup, Random random) {
        return play(setup, random, (state, events) -> { });
    }
}
