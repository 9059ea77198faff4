package dev.tessera.gateway.api.model;

import java.time.OffsetDateTime;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The caller's matchmaking entry (lobby-service's MatchmakingResource.EntryView; absent members are omitted). */
@Schema(
        name = "QueueEntry",
        description = "The caller's place in the quick-play queue: `queued` with the place in line, "
                + "or `matched` with the table formed (already started).",
        examples = Examples.QUEUED)
public record QueueEntry(
        @Schema(
                required = true,
                enumeration = {"queued", "matched"})
        String status,

        @Schema(required = true) String game,

        @Schema(required = true, description = "The table size waited for")
        int players,

        @Schema(
                required = true,
                description = "The table options waited for, with every default filled in (the clock; Carrara's "
                        + "`expansion`): the table formed gets them")
        Map<String, String> options,

        @Schema(required = true) OffsetDateTime queuedAt,

        @Schema(
                description =
                        "matched: the table formed, already started; wait for its gameId with GET /api/v1/tables/{id}")
        String tableId,

        @Schema(description = "matched: when") OffsetDateTime matchedAt,

        @Schema(description = "queued: 1 for the first in line")
        Long position,

        @Schema(description = "queued: how many wait for the same game, table size and options")
        Long waiting) {}
