package dev.tessera.gateway.api.model;

import java.time.OffsetDateTime;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** One line of GET history (game-service's GameHistory.Line, with the gateway's names put in). */
@Schema(
        name = "HistoryLine",
        description = "What happened at one version of the game, in the words the web client's log shows, with the"
                + " players' names in place of their ids.")
public record HistoryLine(
        @Schema(required = true, description = "The stream version of the event")
        long version,

        @Schema(required = true, description = "The event's CloudEvents type, as in GET events")
        String type,

        @Schema(
                nullable = true,
                description = "The id of the player the event is about; null for nobody's (a scoring round)")
        String actor,

        @Schema(nullable = true, description = "That player's name (null when there is no actor)")
        String actorName,

        @Schema(required = true, description = "When it was recorded")
        OffsetDateTime at,

        @Schema(required = true, description = "What happened, in one line")
        String text) {}
