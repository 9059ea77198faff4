package dev.tessera.gateway.api.model;

import java.time.OffsetDateTime;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** One game in a player's history (lobby-service's PlayedGame). */
@Schema(
        name = "PlayedGame",
        description = "One game in a player's history; rank and score are the final standings' (null while playing).")
public record PlayedGame(
        @Schema(required = true) String gameId,
        @Schema(required = true) String tableId,
        @Schema(required = true, examples = "alhambra") String game,

        @Schema(required = true, description = "Every player's id, in seat order")
        List<String> players,

        @Schema(
                required = true,
                enumeration = {"playing", "finished"})
        String status,

        OffsetDateTime startedAt,
        @Schema(description = "null while playing") OffsetDateTime endedAt,

        @Schema(description = "The player's final rank (1 is best); null while playing")
        Integer rank,

        @Schema(description = "The player's final score; null while playing")
        Integer score,

        @Schema(required = true, description = "The player timed out and a bot finished the game for them")
        boolean abandoned,

        @Schema(description = "The player's Elo rating in this game before it")
        Integer ratingBefore,

        @Schema(description = "… and after it; null while playing")
        Integer ratingAfter) {}
