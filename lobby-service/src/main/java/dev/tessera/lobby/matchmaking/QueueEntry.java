package dev.tessera.lobby.matchmaking;

import java.time.OffsetDateTime;

/**
 * A player's quick-play request: waiting for {@code players - 1} others who want the same game at the
 * same player count, or matched to a table ({@code tableId}).
 *
 * @param position the player's place in the line of that game and player count (1 is next), while waiting
 * @param waiting  how many wait in that line, the player included, while waiting
 */
public record QueueEntry(String player, String game, int players, OffsetDateTime queuedAt, String tableId,
                         OffsetDateTime matchedAt, Long position, Long waiting) {

    public boolean matched() {
        return tableId != null;
    }
}
