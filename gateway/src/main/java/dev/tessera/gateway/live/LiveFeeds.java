package dev.tessera.gateway.live;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.Redaction;
import dev.tessera.events.Topics;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Every game's events as they are published, for the clients following a game. The gateway reads game-events
 * only while someone follows a game through it ({@link TopicFeeds}: from the partitions' end, no consumer group,
 * stopped a linger after the last follower left). A gateway that serves only moves and reads (bots, most third-party
 * clients) does not read, decode and drop every event of every game. What happened before a client connected comes
 * from game-service instead.
 * <p>Its gauges, there from the start: {@code tessera_live_followers} (live feeds open on this instance) and
 * {@code tessera_live_games} (games they follow).
 */
@Startup
@ApplicationScoped
public class LiveFeeds extends TopicFeeds<CloudEvent> {

    @Inject
    EventCodec codec;

    public LiveFeeds() {
        super("gateway-live-feed", List.of(Topics.GAME_EVENTS));
    }

    @Inject
    void measure(MeterRegistry registry) {
        Gauge.builder("tessera.live.followers", this, LiveFeeds::followers)
                .description("Live feeds open on this instance (a client following a game)")
                .register(registry);
        Gauge.builder("tessera.live.games", this, LiveFeeds::keys)
                .description("Games followed through this instance's live feeds")
                .register(registry);
    }

    /** A record of a game nobody follows here is not even decoded. */
    @Override
    protected void read(ConsumerRecord<String, String> record) {
        if (followed(record.key())) {
            publish(record.key(), Redaction.forPublic(codec.readEnvelope(record.value())));
        }
    }
}
