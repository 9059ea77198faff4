package dev.tessera.gateway.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.gateway.api.model.Examples;
import dev.tessera.gateway.live.TableChange;
import dev.tessera.gateway.live.TableFeeds;
import io.quarkus.security.Authenticated;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import java.io.UncheckedIOException;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The tables' changes as server-sent events, from the moment the answer starts: a client shows tables read once and
 * again when a change comes, instead of asking every few seconds. Nothing is replayed: a client that reconnects reads
 * what it shows again.
 */
@Authenticated
@Path("/api/v1/tables/live")
@Tag(name = "Tables")
public class TablesLiveApi {

    @Inject
    TableFeeds feeds;

    @Inject
    ObjectMapper mapper;

    @GET
    @Blocking
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @Operation(
            operationId = "followTables",
            summary = "Follow the tables' changes (server-sent events)",
            description = """
                    Pushes an event each time a table changes: opened, a player seated, gone or removed, started, its \
                    game created (the table now plays it), its game over (the table is finished): lobby-service's events. \
                    It says which table and what happened, not the table's new state: read the tables you show \
                    again (`GET /api/v1/tables…`), once for a burst of changes. The answer starts once every change from then \
                    on will come, so read your lists after it has started and you miss nothing; nothing is replayed, so after \
                    a reconnection read them again. The stream stays open.

                    Each SSE event is `event: <the event's type>` and `data: {"tableId", "type", "gameId", "players"}` \
                    (the TableChange schema) as one line of JSON, then an empty line: `type` is \
                    `tessera.lobby.TableOpened`, `PlayerSeated`, `PlayerLeft`, `SeatRemoved`, `TableStarted` (with \
                    `players`: the seated players' ids in seat order), `PlayBegan` (with `gameId`: the table plays that \
                    game) or `TableFinished` (with `gameId`: the table's game is over); a type this list does not name may \
                    come too, and concerns `tableId` all the same. `gameId` is null but for `PlayBegan` and \
                    `TableFinished`, `players` but for `TableStarted`: a player waiting in quick play knows from it alone \
                    whether a table that started is theirs. \
                    Each event comes after lobby-service has recorded the change, so a table read when it comes shows it \
                    (`playing` with its `gameId`, `finished`). Generated clients do not stream server-sent events: read \
                    this with an SSE client or a streaming HTTP client.""")
    @APIResponse(
            responseCode = "200",
            description = "The changes (text/event-stream); the stream does not end by itself",
            content =
                    @Content(
                            mediaType = MediaType.SERVER_SENT_EVENTS,
                            schema =
                                    @Schema(
                                            type = SchemaType.STRING,
                                            description =
                                                    "Server-sent events: `event:` the type of the change, `data:` "
                                                            + "its JSON, {\"tableId\", \"type\", \"gameId\", \"players\"} (the TableChange schema)"),
                            examples =
                                    @ExampleObject(
                                            name = "a table filled and started",
                                            summary = "A player sits down, the host starts, the table plays its game",
                                            value = Examples.TABLE_CHANGES)))
    @APIResponse(responseCode = "401", ref = ApiDocument.BAD_CREDENTIAL)
    @APIResponse(responseCode = "503", ref = ApiDocument.SERVICE_UNAVAILABLE)
    public Multi<OutboundSseEvent> live(@Context Sse sse) {
        // Answered only once the reader has its place in the topics: a client that reads its tables after the answer
        // has started misses no change.
        FeedStart.Started<TableChange, Void> started = FeedStart.start(
                feeds.follow(), "the tables' changes", () -> Uni.createFrom().voidItem());
        return started.answering(
                started.arriving().map(change -> FeedStart.event(sse, null, change.type(), json(change))));
    }

    private String json(TableChange change) {
        try {
            return mapper.writeValueAsString(change);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
