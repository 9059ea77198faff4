package dev.tessera.gateway.api.model;

import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Body of POST /api/v1/matchmaking (lobby-service's MatchmakingResource.QueueRequest). */
@Schema(
        name = "QueueRequest",
        description = "The game, table size and table options to wait for.",
        examples = Examples.QUEUE)
public record QueueRequest(
        @Schema(
                required = true,
                description = "The game to play",
                enumeration = {"alhambra", "carrara", "builders"})
        String game,

        @Schema(required = true, description = "How many play at the table (the game's minimum to maximum)")
        Integer players,

        @Schema(
                description =
                        "The table options wanted, as for opening a table (OpenTableRequest.options): every game's `clock` "
                                + "(`turnSeconds` or `moveHours`), Carrara's `expansion` `true` or `false`; left out, the defaults. Players are "
                                + "matched only with others who want the same game, table size and options once defaults are filled in, and the "
                                + "table formed gets them. A bad key or value is a 400 naming `options.<key>`.",
                examples = "{\"expansion\": \"true\"}")
        Map<String, String> options) {}
