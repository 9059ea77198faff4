package dev.tessera.gateway.live;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * What the tables' live feed says of a change: which table, what happened to it (the type of the event that says so),
 * the game it concerns once there is one, and who plays there once it has started.
 *
 * @param tableId the table's id
 * @param type    the lobby event's type: {@code tessera.lobby.*} (opened, a player seated, left or removed, started,
 *                {@code PlayBegan}: the table's game exists and the table plays it, {@code TableFinished}: its game is
 *                over), or any type a later release of lobby-service adds
 * @param gameId  the table's game for {@code PlayBegan} and {@code TableFinished}, else null
 * @param players the seated players' ids in seat order for {@code TableStarted} (public: the table shows them too),
 *                else null
 */
@Schema(
        name = "TableChange",
        description = "One event of the tables' live feed (GET /api/v1/tables/live), the `data:` of its SSE event: "
                + "which table changed and how, not the table's new state.")
public record TableChange(
        @Schema(required = true, description = "The table's id")
        String tableId,

        @Schema(
                required = true,
                description = "The lobby event's type: `tessera.lobby.TableOpened`, `PlayerSeated`, `PlayerLeft`, "
                        + "`SeatRemoved`, `TableStarted`, `PlayBegan`, `TableFinished`, or a type a later release adds",
                examples = "tessera.lobby.TableStarted")
        String type,

        @Schema(
                nullable = true,
                description = "The table's game for `PlayBegan` and `TableFinished` (use it with /api/v1/games/{id}), "
                        + "else null")
        String gameId,

        @Schema(
                nullable = true,
                description =
                        "The seated players' ids in seat order for `TableStarted` (a player waiting in quick play "
                                + "sees whether this is their table without reading it), else null")
        List<String> players) {}
