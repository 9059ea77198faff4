package dev.tessera.gateway.api;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.Redaction;
import dev.tessera.gateway.api.model.Examples;
import dev.tessera.gateway.live.LiveFeeds;
import dev.tessera.gateway.upstream.Forwarder;
import dev.tessera.gateway.upstream.Upstream;
import dev.tessera.kit.problem.ProblemException;
import io.quarkus.security.Authenticated;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * A game's events as server-sent events: first those after version {@code from} (or after the
 * {@code Last-Event-ID} a reconnecting client sends), then each new one as it is published, in order,
 * each once. The SSE id of every event is its stream version, so a client that reconnects resumes
 * exactly where it left off.
 */
@Authenticated
@Path("/api/v1/games/{id}/live")
@Tag(name = "Games")
public class LiveApi {

    @Inject
    LiveFeeds feeds;

    @Inject
    Forwarder forwarder;

    @Inject
    EventCodec codec;

    @GET
    @Blocking
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @Operation(operationId = "followGame", summary = "Follow a game live (server-sent events)", description = """
                    Replays the events after `from` (or after the `Last-Event-ID` header, which wins), then pushes each new one as \
                    it is published, in stream order and each once; the stream stays open. Events hold no hidden \
                    information (GameStarted's seed is removed).

                    Each SSE event is `id: <streamversion>`, `event: <CloudEvent type>` and `data: <the CloudEvent as one line \
                    of JSON>` (the CloudEvent schema), then an empty line. A client that reconnects sends the last id it \
                    received as `Last-Event-ID` (a browser's EventSource does so by itself) and resumes exactly after it. \
                    Generated clients do not stream server-sent events: read this with an SSE client or a streaming HTTP client.""")
    @APIResponse(
            responseCode = "200",
            description = "The event stream (text/event-stream); it does not end by itself",
            content =
                    @Content(
                            mediaType = MediaType.SERVER_SENT_EVENTS,
                            schema =
                                    @Schema(
                                            type = SchemaType.STRING,
                                            description = "Server-sent events: `id:` the stream version, `event:` "
                                                    + "the CloudEvent type, `data:` the CloudEvent JSON"),
                            examples =
                                    @ExampleObject(
                                            name = "start",
                                            summary = "The first two events of a game",
                                            value = Examples.LIVE_FEED)))
    @APIResponse(responseCode = "400", ref = ApiDocument.INVALID_FIELD)
    @APIResponse(responseCode = "401", ref = ApiDocument.BAD_CREDENTIAL)
    @APIResponse(responseCode = "404", ref = ApiDocument.NOT_FOUND)
    public Multi<OutboundSseEvent> live(
            @Parameter(description = GamesApi.GAME_ID) @PathParam("id") String id,
            @Parameter(
                            description = "A stream version, 0 or more: replay the events after it (0, the default, "
                                    + "replays the whole game)",
                            schema =
                                    @Schema(
                                            type = SchemaType.INTEGER,
                                            format = "int64",
                                            minimum = "0",
                                            defaultValue = "0"))
                    @QueryParam("from")
                    String from,
            @Parameter(
                            in = ParameterIn.HEADER,
                            name = "Last-Event-ID",
                            description =
                                    "The id of the last "
                                            + "event received, when reconnecting: the feed resumes after it (it wins over `from`)",
                            schema = @Schema(type = SchemaType.STRING),
                            example = "42")
                    @HeaderParam("Last-Event-ID")
                    String lastEventId,
            @Context Sse sse) {
        // Last-Event-ID wins over from; either is checked before anything is sent.
        long start = lastEventId != null && !lastEventId.isBlank()
                ? GamesApi.version("Last-Event-ID", lastEventId)
                : GamesApi.version("from", from);
        // Listen before asking for the past, so that nothing published in between is missed. The past is read before
        // the answer starts (this method runs on a worker thread for it), so that an unknown game is a 404 and an
        // unreadable feed a 503, each a problem, rather than a 200 whose stream then breaks off.
        FeedStart.Started<CloudEvent, List<CloudEvent>> started =
                FeedStart.start(feeds.follow(id), "the game events", () -> history(id, start));
        AtomicLong last = new AtomicLong(start);
        return started.answering(Multi.createBy()
                .concatenating()
                .streams(Multi.createFrom().iterable(started.answer()), started.arriving())
                .onItem()
                .transformToMultiAndConcatenate(event -> inOrder(id, event, last))
                .map(event ->
                        FeedStart.event(sse, String.valueOf(event.streamversion()), event.type(), codec.write(event))));
    }

    /** Each version once and in order: an event already sent is dropped, a gap is filled from game-service. */
    private Multi<CloudEvent> inOrder(String gameId, CloudEvent event, AtomicLong last) {
        long v = event.streamversion();
        if (v <= last.get()) {
            return Multi.createFrom().empty();
        }
        if (v == last.get() + 1) {
            last.set(v);
            return Multi.createFrom().item(event);
        }
        return history(gameId, last.get())
                .toMulti()
                .flatMap(Multi.createFrom()::iterable)
                .filter(e -> e.streamversion() > last.get())
                .invoke(e -> last.set(e.streamversion()));
    }

    private Uni<List<CloudEvent>> history(String gameId, long after) {
        return forwarder
                .get(Upstream.GAME, gameId, "/api/v1/games/" + Uris.segment(gameId) + "/events?from=" + after, null)
                .map(response -> {
                    if (response.getStatus() == 404) {
                        throw ProblemException.notFound("game", gameId);
                    }
                    if (response.getStatus() != 200) {
                        throw new ProblemException(
                                503,
                                "service-unavailable",
                                "Service unavailable",
                                "the game service did not answer; retry shortly",
                                java.util.Map.of());
                    }
                    try {
                        List<CloudEvent> events = codec.mapper()
                                .readValue((byte[]) response.getEntity(), new TypeReference<List<CloudEvent>>() {});
                        return events.stream().map(Redaction::forPublic).toList();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
    }
}
