package dev.tessera.game.play;

import dev.tessera.events.game.GameStarted;

/**
 * Who a caller is in a game. In a table's game each player holds their own seat and everyone else is a spectator. A
 * sandbox game (a fork) is played by its forker alone: they hold every seat, move for whichever seat may move and see
 * every hand, and everyone else, the original's players included, is a spectator.
 */
public final class Seats {
    private Seats() {}

    /**
     * The seat {@code caller}'s move is played for: their own in a table's game (the rules then say whether they
     * play in it); in a sandbox, for its forker the first seat that may move now (the first seat when none may, so
     * that the rules say why), and null for anyone else.
     */
    public static <S, M, E> String actingAs(GameStream<S, M, E> game, String caller) {
        if (!game.started().sandbox()) {
            return caller;
        }
        if (!forker(game.started(), caller)) {
            return null;
        }
        if (!game.engine().isOver(game.state())) {
            for (String seat : game.started().players()) {
                if (game.engine().mayMove(game.state(), seat)) {
                    return seat;
                }
            }
        }
        return game.started().players().get(0);
    }

    /** Whether {@code caller} moves for seat {@code seat}: it is theirs, or they forked this sandbox. */
    public static boolean playsFor(GameStarted started, String caller, String seat) {
        return seat != null && (started.sandbox() ? forker(started, caller) : seat.equals(caller));
    }

    /** Whether {@code viewer} sees every hand now: the forker of a sandbox game. */
    public static boolean seesEveryone(GameStarted started, String viewer) {
        return started.sandbox() && forker(started, viewer);
    }

    /** {@code viewer}'s own seat, whose hidden information they see; null for a spectator (and in a sandbox). */
    public static String seated(GameStarted started, String viewer) {
        return !started.sandbox() && viewer != null && started.players().contains(viewer) ? viewer : null;
    }

    private static boolean forker(GameStarted started, String caller) {
        return caller != null
                && started.fork() != null
                && caller.equals(started.fork().player());
    }
}
