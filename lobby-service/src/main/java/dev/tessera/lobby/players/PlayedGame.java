package dev.tessera.lobby.players;

import java.time.OffsetDateTime;
import java.util.List;

/**
 * One game in a player's history. {@code rank} and {@code score} are the final standings' (null while
 * playing); {@code ratingBefore}/{@code ratingAfter} the player's rating in the title around this game.
 */
public record PlayedGame(
        String gameId,
        String tableId,
        String game,
        List<String> players,
        String status,
        OffsetDateTime startedAt,
        OffsetDateTime endedAt,
        Integer rank,
        Integer score,
        boolean abandoned,
        Integer ratingBefore,
        Integer ratingAfter) {}
