package dev.tessera.game.play;

import java.time.OffsetDateTime;
import java.util.List;

/**
 * A game's row of {@code game_clocks}: who is to act, in which phase, until when, at which stream version
 * the row was computed, and which seats bots have taken.
 *
 * @param player   the player to act (null in phase {@link #IDLE})
 * @param deadline when the worker acts (null in phase {@link #IDLE})
 */
public record ClockRow(
        String gameId, String player, String phase, OffsetDateTime deadline, long streamVersion, List<String> bots) {
    /** The player must move before the deadline, else they time out. */
    public static final String TURN = "turn";
    /** The player timed out; unless they move before the deadline, a bot takes their seat. */
    public static final String GRACE = "grace";
    /** A bot plays the player's seat, now. */
    public static final String BOT = "bot";
    /** Nobody is to act (game over, or waiting for another service): kept only for the bots. */
    public static final String IDLE = "idle";

    public ClockRow {
        bots = List.copyOf(bots);
    }

    public boolean isBot(String seat) {
        return seat != null && bots.contains(seat);
    }

    /** A bot is to act: the worker should run now rather than at its next poll. */
    public boolean botDue() {
        return BOT.equals(phase);
    }
}
