package dev.tessera.gateway.api.model;

import java.time.OffsetDateTime;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The caller's matchmaking entry (lobby-service's MatchmakingResource.EntryView; absent members are omitted). */
@Schema(
        name = "QueueEntry",
        description = "The caller's place in the quick-play queue: `queued` with the place in line, "
                + "`matched` with the table formed (already started), or `not-queued` alone when the caller has no "
                + "entry.",
        examples = Examples.QUEUED)
public record QueueEntry(
        @Schema(
                required = true,
                enumeration = {"queued", "matched", "not-queued"})
        String status,

        @Schema(description = "queued and matched: the game waited for")
        String game,

        @Schema(description = "queued and matched: the table size waited for")
        Integer players,

        @Schema(
                description =
                        "queued and matched: the table options waited for, with every default filled in (the clock; Carrara's "
                                + "`expansion`): the table formed gets them")
        Map<String, String> options,

        @Schema(description = "queued and matched: when the caller joined the queue")
        OffsetDateTime queuedAt,

        @Schema(
                description =
                        "matched: the table formed, already started; wait for its gameId with GET /api/v1/tables/{id}")
        String tableId,

        @Schema(description = "matched: when") OffsetDateTime matchedAt,

        @Schema(description = "queued: 1 for the first in line")
        Long position,

        @Schema(description = "queued: how many wait for the same game, table size and options")
        Long waiting) {}
