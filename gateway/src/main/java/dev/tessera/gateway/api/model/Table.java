package dev.tessera.gateway.api.model;

import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A table as lobby-service answers it (TableResource.TableView). */
@Schema(
        name = "Table",
        description = "A table: its seats, status and, once the game is created, its game id.",
        examples = Examples.TABLE_PLAYING)
public record Table(
        @Schema(required = true, description = "The table's id")
        String id,

        @Schema(required = true, description = "The game played at it", examples = "alhambra")
        String game,

        @Schema(required = true, description = "How many seats it has")
        int seats,

        @Schema(required = true, description = "The hosting player's id (who may start it and remove players)")
        String host,

        @Schema(required = true, description = "The seated players' ids, in seat order (the host first)")
        List<String> players,

        @Schema(
                required = true,
                description =
                        "The table's options with their defaults filled in: the clock "
                                + "(`clock` and `turnSeconds` or `moveHours`) and, on a Carrara table, `expansion` (`true` or `false`)")
        Map<String, String> options,

        @Schema(
                required = true,
                description = "open: waiting for players; starting: started, game-service is creating the game; "
                        + "playing; finished; closed: everyone left before the start",
                enumeration = {"open", "starting", "playing", "finished", "closed"})
        String status,

        @Schema(
                description =
                        "The game's id once game-service created it (null before): use it with /api/v1/games/{id}")
        String gameId) {}
