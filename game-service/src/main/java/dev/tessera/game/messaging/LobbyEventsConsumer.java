package dev.tessera.game.messaging;

import dev.tessera.events.EventTypes;
import dev.tessera.events.lobby.TableStarted;
import dev.tessera.game.play.GameService;
import dev.tessera.kit.eventing.EventBatches;
import dev.tessera.kit.eventing.IdempotentConsumer;
import dev.tessera.kit.eventing.OutboxRelay;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * A started table becomes a game (records of {@code lobby-events}, from {@link IncomingEvents}). Every other table
 * event (opened, seats, its game's start and end, and any type a later release adds: ADR 0008) is passed over by its
 * {@code ce_type} header, unread; a record without the header (published before there was one) is read to learn its
 * type.
 */
@ApplicationScoped
public class LobbyEventsConsumer {
    private static final String TABLE_STARTED =
            EventTypes.of(TableStarted.class).value();

    @Inject
    IdempotentConsumer consumer;

    @Inject
    GameService games;

    @Inject
    OutboxRelay relay;

    public Uni<Void> consume(ConsumerRecord<String, String> record) {
        String type = EventBatches.type(record);
        if (type != null && !type.equals(TABLE_STARTED)) {
            return Uni.createFrom().voidItem();
        }
        return relay.after(() -> consumer.once(
                "game.tables",
                record,
                TableStarted.class::isInstance,
                (envelope, event) -> games.create((TableStarted) event)));
    }
}
