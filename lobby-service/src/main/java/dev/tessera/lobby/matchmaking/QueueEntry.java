package dev.tessera.lobby.matchmaking;

import java.time.OffsetDateTime;
import java.util.Map;

/**
 * A player's quick-play request: waiting for {@code players - 1} others who want the same game at the
 * same player count with the same options, or matched to a table ({@code tableId}).
 *
 * @param options  the table options asked for, with every default filled in (as the table gets them)
 * @param position the player's place in the line of that game, player count and options (1 is next), while waiting
 * @param waiting  how many wait in that line, the player included, while waiting
 */
public record QueueEntry(
        String player,
        String game,
        int players,
        Map<String, String> options,
        OffsetDateTime queuedAt,
        String tableId,
        OffsetDateTime matchedAt,
        Long position,
        Long waiting) {

    public boolean matched() {
        return tableId != null;
    }
}
