package dev.tessera.gateway.api.model;

import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Body of POST /api/v1/tables (lobby-service's TableResource.OpenTable). */
@Schema(
        name = "OpenTableRequest",
        description = "A table to open; the caller takes the first seat and hosts.",
        examples = Examples.OPEN_TABLE)
public record OpenTableRequest(
        @Schema(
                required = true,
                description = "The game to play",
                enumeration = {"alhambra", "carrara", "builders"})
        String game,

        @Schema(
                required = true,
                description = "How many seats: Alhambra 2 to 6, Carrara and The Builders 2 to 4",
                minimum = "2",
                maximum = "6")
        Integer seats,

        @Schema(
                description =
                        "Table options, all values strings, each optional. Every game: `clock` `turn-based` (the default; "
                                + "`moveHours` 1 to 720, default 72) or `realtime` (`turnSeconds` 5 to 3600, default 120); a player whose time runs "
                                + "out is marked timed out, and after one more turn a server bot takes the seat. Carrara only: `expansion` `true` "
                                + "(with the expansion) or `false` (the basic game, the default); on another game it is a 400. The table keeps them "
                                + "with every default filled in. Any other key or value is a 400 naming `options.<key>`.",
                examples = "{\"clock\": \"realtime\", \"turnSeconds\": \"60\"}")
        Map<String, String> options) {}
