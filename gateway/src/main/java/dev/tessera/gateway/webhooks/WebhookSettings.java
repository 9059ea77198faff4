package dev.tessera.gateway.webhooks;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** The webhooks' settings ({@code tessera.webhooks.*} in application.properties, which explains each). */
@ConfigMapping(prefix = "tessera.webhooks")
public interface WebhookSettings {
    /** Local development: {@code http} URLs to loopback are allowed (and only those besides public https ones). */
    @WithDefault("false")
    boolean local();

    /** Subscriptions one owner may have at most. */
    @WithDefault("20")
    int maxPerOwner();

    /** The most one delivery attempt takes, from connecting to the answer's end. */
    @WithDefault("5s")
    Duration timeout();

    /** The most of a receiver's answer that is read (bytes); the rest is cut off, and the attempt still counts. */
    @WithDefault("65536")
    int maxResponse();

    /** How long a delivery is retried before it is given up as failed. */
    @WithDefault("24h")
    Duration retryFor();

    /** The wait before the first retry; each retry waits twice as long, up to {@link #backoffMax}, with jitter. */
    @WithDefault("5s")
    Duration backoffInitial();

    @WithDefault("1h")
    Duration backoffMax();

    /**
     * How long a subscription's attempts may all fail (none succeeding since the first of them) before it is paused:
     * a receiver that is gone stops costing retries, one that is down for a while is not paused.
     */
    @WithDefault("12h")
    Duration pauseAfter();

    /** How long the secret a rotation replaced keeps signing beside the new one. */
    @WithDefault("24h")
    Duration rotationOverlap();

    /** Attempts one gateway instance has in flight at most. */
    @WithDefault("64")
    int inFlight();

    /**
     * The longest the dispatcher sleeps with deliveries pending: deliveries another instance left (it stopped in the
     * middle of an attempt) are taken over after at most this, and after their lease.
     */
    @WithDefault("30s")
    Duration interval();
}
