package dev.tessera.gateway.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.tessera.events.CloudEvent;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A gateway being drained (SIGTERM, service-kit's quarkus.shutdown.delay) ends its live feeds and takes no new
 * follower: a feed asked for then ends at once, without reading Kafka, so that the client follows again through
 * another gateway and the graceful shutdown does not wait for an answer that never ends.
 */
class LiveFeedsDrainTest {

    @Test
    void aFeedAskedForWhileDrainingEndsAtOnceWithoutReadingKafka() {
        LiveFeeds feeds = new LiveFeeds();
        feeds.drain(null);

        LiveFeeds.Following<CloudEvent> following = feeds.follow("some-game");

        following.listening().await().atMost(Duration.ofSeconds(1));
        List<CloudEvent> events = following.items().collect().asList().await().atMost(Duration.ofSeconds(1));
        assertEquals(List.of(), events, "the feed ends at once, empty");
        assertFalse(feeds.reading(), "no reader of game-events was started");
    }
}
