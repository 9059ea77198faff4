package dev.tessera.kit.eventing;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.TesseraEvent;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * Records to publish, written in the caller's transaction (so they exist exactly when the state change
 * they announce does). {@link OutboxRelay} publishes them to Kafka afterwards.
 */
@ApplicationScoped
public class Outbox {
    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(Outbox.class);
    static final int SLOTS = 8;

    @Inject
    EventCodec codec;

    @ConfigProperty(name = "quarkus.application.name")
    String application;

    /** The CloudEvents source of this service's events. */
    public String source() {
        return "/tessera/" + application;
    }

    /** Wraps {@code event} (position {@code streamVersion} of stream {@code key}) and adds it; inside a transaction. */
    public Uni<CloudEvent> publish(String topic, String key, long streamVersion, TesseraEvent event) {
        CloudEvent envelope = codec.envelope(source(), key, streamVersion, event, OffsetDateTime.now(ZoneOffset.UTC));
        return add(topic, key, envelope).replaceWith(envelope);
    }

    /**
     * Adds a record to the outbox; must run inside a transaction. While a rebuilt read model replays
     * records it had applied before ({@link ReplayMarks}), nothing is added: it was published then.
     */
    public Uni<Void> add(String topic, String key, CloudEvent event) {
        if (ReplayMarks.replaying()) {
            LOG.debugf("replay: %s for %s on %s was published before the rebuild", event.type(), key, topic);
            return Uni.createFrom().voidItem();
        }
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "INSERT INTO outbox (topic, record_key, slot, payload) VALUES (:topic, :key, :slot, :payload)")
                .setParameter("topic", topic)
                .setParameter("key", key)
                .setParameter("slot", slot(key))
                .setParameter("payload", codec.write(event))
                .executeUpdate())
                .replaceWithVoid();
    }

    static short slot(String key) {
        return (short) Math.floorMod(key.hashCode(), SLOTS);
    }
}
