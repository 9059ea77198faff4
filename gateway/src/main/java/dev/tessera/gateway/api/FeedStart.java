package dev.tessera.gateway.api;

import dev.tessera.gateway.live.TopicFeeds;
import dev.tessera.kit.problem.ProblemException;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.operators.multi.processors.UnicastProcessor;
import io.smallrye.mutiny.subscription.Cancellable;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import java.time.Duration;
import java.util.Map;
import java.util.function.Supplier;

/**
 * How a live feed starts (a game's, {@link LiveApi}; the tables', {@link TablesLiveApi}): the resource waits, on a
 * worker thread, until the feed's reader has its place in the topics and whatever it reads elsewhere has answered, so
 * that a feed that cannot start is a 503 problem and never a 200 whose stream then breaks off.
 */
final class FeedStart {
    private static final Duration AT_MOST = Duration.ofSeconds(30);

    private FeedStart() {}

    /**
     * A feed started: what was read besides it ({@code answer}), what the feed published from the moment its reader
     * listened ({@code arriving}, kept meanwhile), and the subscription to end once the client goes: the processor's
     * cancellation does not reach what feeds it, which would else stay subscribed for good.
     */
    record Started<I, T>(T answer, Multi<I> arriving, Cancellable listening) {
        /** The answer's stream: {@code events}, the feed's subscription ended when it ends (the client went). */
        Multi<OutboundSseEvent> answering(Multi<OutboundSseEvent> events) {
            return events.onTermination().invoke(listening::cancel);
        }
    }

    /** One server-sent event of a feed: its id (none when null), its name and its data, JSON. */
    static OutboundSseEvent event(Sse sse, String id, String name, String json) {
        return sse.newEventBuilder()
                .id(id)
                .name(name)
                .mediaType(MediaType.APPLICATION_JSON_TYPE)
                .data(json)
                .build();
    }

    /**
     * Listens to {@code following}, waits until its reader has its place, then for {@code then}, and answers what
     * {@code then} did with what arrived since; a 503 problem when the topics cannot be read or it all takes more than
     * 30 s (the subscription then ended).
     *
     * @param events what the feed reads, in words for the problem's detail
     */
    static <I, T> Started<I, T> start(TopicFeeds.Following<I> following, String events, Supplier<Uni<T>> then) {
        UnicastProcessor<I> arriving = UnicastProcessor.create();
        Cancellable listening =
                following.items().subscribe().with(arriving::onNext, arriving::onError, arriving::onComplete);
        try {
            T answer = following
                    .listening()
                    .onFailure()
                    .transform(e -> unavailable("the live feed cannot read " + events + " now; retry shortly"))
                    .chain(then::get)
                    .ifNoItem()
                    .after(AT_MOST)
                    .failWith(() -> unavailable("the live feed did not start; retry shortly"))
                    .await()
                    .indefinitely();
            return new Started<>(answer, arriving, listening);
        } catch (RuntimeException e) {
            listening.cancel();
            throw e;
        }
    }

    private static ProblemException unavailable(String detail) {
        return new ProblemException(503, "service-unavailable", "Service unavailable", detail, Map.of());
    }
}
