package dev.tessera.gateway.api.model;

import java.time.OffsetDateTime;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A published event in its CloudEvents 1.0 envelope (dev.tessera.events.CloudEvent), JSON structured mode. */
@Schema(
        name = "CloudEvent",
        description = "One event of a game's stream in its CloudEvents 1.0 envelope. `type` names the event "
                + "(tessera.game.GameStarted, tessera.alhambra.TilePlaced, tessera.game.GameEnded…), `data` is the event itself and "
                + "`streamversion` its position in the game's stream (1 for GameStarted, then one more per event). Events carry no "
                + "hidden information: the seed of GameStarted (and the salt of its `commitment`) is removed while the game "
                + "runs. tessera.game.GameEnded's `data.standings` are the final standings ({player, score, rank}, best "
                + "first); it is followed by tessera.game.SeedRevealed, the game's last event, which publishes the seed and "
                + "the salt, so that anyone can decide the game again from its moves (`movedby` and `move`, on each move's "
                + "first event) and check every draw (./tessera verify; docs/replays-and-fairness.md).",
        examples = Examples.EVENT_GAME_ENDED)
public record CloudEvent(
        @Schema(required = true, examples = "1.0") String specversion,

        @Schema(required = true, description = "The event's unique id")
        String id,

        @Schema(required = true, description = "The service that published it", examples = "/tessera/game-service")
        String source,

        @Schema(required = true, description = "The event type", examples = "tessera.alhambra.TilePlaced")
        String type,

        @Schema(description = "The stream: the game's id") String subject,
        @Schema(description = "When it was recorded (UTC)") OffsetDateTime time,
        @Schema(examples = "application/json") String datacontenttype,

        @Schema(
                description = "The data's JSON schema URI; its last segment is the schema version",
                examples = "https://tessera.dev/schemas/events/tessera.alhambra.TilePlaced/v1.json")
        String dataschema,

        @Schema(required = true, description = "The event's position in the game's stream, from 1")
        Long streamversion,

        @Schema(
                type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.OBJECT,
                additionalProperties = Schema.True.class,
                description = "The event, game-specific; see game-service/docs/<game>.md for each type's fields")
        Map<String, Object> data,

        @Schema(
                description =
                        "On the first event of the events a player's move produced (absent on any other): the seat "
                                + "the move was played for")
        String movedby,

        @Schema(
                description = "With movedby: the move itself, as the move endpoint accepts it, in JSON text",
                examples = "{\"type\":\"take-money\",\"cards\":[3,88]}")
        String move,

        @Schema(
                description = "On the live feed and in a move's answer (not in the events endpoint's history), on the"
                        + " last event of each append: the player the game waits for once the append is made; absent"
                        + " when it waits for nobody")
        String toact,

        @Schema(description = "With toact, when the table plays with a turn clock: when that player's clock runs out")
        OffsetDateTime deadline) {}
