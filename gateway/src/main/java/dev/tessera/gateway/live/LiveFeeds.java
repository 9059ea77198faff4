package dev.tessera.gateway.live;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.Redaction;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.operators.multi.processors.BroadcastProcessor;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Every game's events as they are published, for the clients following a game. Each gateway instance
 * reads the whole of game-events in a consumer group of its own (so any instance can serve any game)
 * from the latest offset: what happened before a client connected comes from game-service instead.
 */
@ApplicationScoped
public class LiveFeeds {
    private static final Logger LOG = Logger.getLogger(LiveFeeds.class);

    @Inject
    EventCodec codec;

    private final Map<String, Hub> hubs = new ConcurrentHashMap<>();

    private static final class Hub {
        final BroadcastProcessor<CloudEvent> events = BroadcastProcessor.create();
        final AtomicInteger followers = new AtomicInteger();
    }

    @Incoming("game-events-live")
    public void publish(ConsumerRecord<String, String> record) {
        Hub hub = hubs.get(record.key());
        if (hub == null) {
            return;
        }
        try {
            hub.events.onNext(Redaction.forPublic(codec.readEnvelope(record.value())));
        } catch (RuntimeException e) {
            LOG.debugf("record of %s skipped by the live feed: %s", record.key(), e.getMessage());
        }
    }

    /** The game's events from now on; nothing is buffered for a game nobody follows. */
    public Multi<CloudEvent> follow(String gameId) {
        Hub hub = hubs.computeIfAbsent(gameId, id -> new Hub());
        return hub.events
                .onSubscription().invoke(() -> hub.followers.incrementAndGet())
                .onTermination().invoke(() -> {
                    if (hub.followers.decrementAndGet() == 0) {
                        hubs.remove(gameId, hub);
                    }
                });
    }
}
