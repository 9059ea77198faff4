package dev.tessera.scoring.messaging;

import dev.tessera.kit.eventing.IdempotentConsumer;
import dev.tessera.kit.eventing.OutboxRelay;
import dev.tessera.scoring.games.GameScoring;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Every game's events, applied to scoring-service's own state; results go out through the outbox. Events that
 * start a game or concern its scoring are applied once each (recorded as processed in the same transaction);
 * the others only move the game's last version on, which is idempotent by itself and needs neither.
 */
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
        IdempotentConsumer.Delivery delivery = consumer.read(record);
        if (GameScoring.onlyAdvances(delivery.event())) {
            return scoring.advance(delivery.envelope());
        }
        return relay.after(() -> consumer.once(NAME, delivery, event -> true, scoring::apply));
    }
}
