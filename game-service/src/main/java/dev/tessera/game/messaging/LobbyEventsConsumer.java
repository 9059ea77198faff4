package dev.tessera.game.messaging;

import dev.tessera.events.lobby.TableStarted;
import dev.tessera.game.play.GameService;
import dev.tessera.kit.eventing.IdempotentConsumer;
import dev.tessera.kit.eventing.OutboxRelay;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/** A started table becomes a game (records of {@code lobby-events}, from {@link IncomingEvents}). */
@ApplicationScoped
public class LobbyEventsConsumer {

    @Inject
    IdempotentConsumer consumer;

    @Inject
    GameService games;

    @Inject
    OutboxRelay relay;

    public Uni<Void> consume(ConsumerRecord<String, String> record) {
        return relay.after(() -> consumer.once(
                "game.tables",
                record,
                TableStarted.class::isInstance,
                (envelope, event) -> games.create((TableStarted) event)));
    }
}
