package dev.tessera.gateway.api;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.Redaction;
import dev.tessera.gateway.live.LiveFeeds;
import dev.tessera.gateway.upstream.Forwarder;
import dev.tessera.gateway.upstream.Upstream;
import dev.tessera.kit.problem.ProblemException;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.operators.multi.processors.UnicastProcessor;
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
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A game's events as server-sent events: first those after version {@code from} (or after the
 * {@code Last-Event-ID} a reconnecting client sends), then each new one as it is published, in order,
 * each once. The SSE id of every event is its stream version, so a client that reconnects resumes
 * exactly where it left off.
 */
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
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @Operation(summary = "Follow a game live (server-sent events)",
            description = "Replays the events after `from` (or after the Last-Event-ID header), then pushes new ones. "
                    + "Each SSE event's id is the event's stream version and its data the CloudEvent JSON.")
    public Multi<OutboundSseEvent> live(@PathParam("id") String id, @QueryParam("from") Long from,
                                        @HeaderParam("Last-Event-ID") String lastEventId, @Context Sse sse) {
        long start = start(from, lastEventId);
        // Listen before asking for the past, so that nothing published in between is missed.
        UnicastProcessor<CloudEvent> arriving = UnicastProcessor.create();
        feeds.follow(id).subscribe(arriving);
        AtomicLong last = new AtomicLong(start);
        return Multi.createBy().concatenating().streams(history(id, start).toMulti().flatMap(Multi.createFrom()::iterable), arriving)
                .onItem().transformToMultiAndConcatenate(event -> inOrder(id, event, last))
                .map(event -> sse.newEventBuilder().id(String.valueOf(event.streamversion())).name(event.type())
                        .mediaType(MediaType.APPLICATION_JSON_TYPE).data(codec.write(event)).build());
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
        return history(gameId, last.get()).toMulti().flatMap(Multi.createFrom()::iterable)
                .filter(e -> e.streamversion() > last.get())
                .invoke(e -> last.set(e.streamversion()));
    }

    private Uni<List<CloudEvent>> history(String gameId, long after) {
        return forwarder.get(Upstream.GAME, "/api/v1/games/" + Uris.segment(gameId) + "/events?from=" + after, null)
                .map(response -> {
                    if (response.getStatus() == 404) {
                        throw ProblemException.notFound("game", gameId);
                    }
                    if (response.getStatus() != 200) {
                        throw new ProblemException(503, "service-unavailable", "Service unavailable",
                                "the game service did not answer; retry shortly", java.util.Map.of());
                    }
                    try {
                        List<CloudEvent> events = codec.mapper().readValue((byte[]) response.getEntity(),
                                new TypeReference<List<CloudEvent>>() {
                                });
                        return events.stream().map(Redaction::forPublic).toList();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
    }

    private static long start(Long from, String lastEventId) {
        if (lastEventId != null && !lastEventId.isBlank()) {
            try {
                return Long.parseLong(lastEventId.trim());
            } catch (NumberFormatException e) {
                throw ProblemException.badField("Last-Event-ID", "the id of an event of this feed: a stream version");
            }
        }
        if (from != null && from < 0) {
            throw ProblemException.badField("from", "from is a stream version, 0 or more");
        }
        return from == null ? 0 : from;
    }
}
