package dev.tessera.scoring.messaging;

import dev.tessera.kit.eventing.IdempotentConsumer;
import dev.tessera.kit.eventing.OutboxRelay;
import dev.tessera.scoring.games.GameScoring;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** Every game's events, applied once each to scoring-service's own state; results go out through the outbox. */
@ApplicationScoped
public class GameEventsConsumer {
    /** The idempotent consumer's name: what {@link dev.tessera.scoring.Rebuild} forgets. */
    public static final String NAME = "scoring.games";

    @Inject
    IdempotentConsumer consumer;

    @Inject
    GameScoring scoring;

    @Inject
    OutboxRelay relay;

    @Incoming("game-events")
    public Uni<Void> consume(ConsumerRecord<String, String> record) {
        return relay.after(() -> consumer.once(NAME, record, scoring::apply));
    }
}
