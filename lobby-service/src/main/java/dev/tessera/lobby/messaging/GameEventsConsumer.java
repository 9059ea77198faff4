package dev.tessera.lobby.messaging;

import dev.tessera.events.game.GameEnded;
import dev.tessera.events.game.GameStarted;
import dev.tessera.kit.eventing.IdempotentConsumer;
import dev.tessera.lobby.tables.TableService;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** Keeps each table's status in step with its game: playing once the game exists, finished at its end. */
@ApplicationScoped
public class GameEventsConsumer {

    @Inject
    IdempotentConsumer consumer;

    @Inject
    TableService tables;

    @Incoming("game-events")
    public Uni<Void> consume(ConsumerRecord<String, String> record) {
        return consumer.once("lobby.table-status", record, e -> e instanceof GameStarted || e instanceof GameEnded, (envelope, event) -> {
            if (event instanceof GameStarted started) {
                return tables.gameStarted(started.tableId(), started.gameId());
            }
            if (event instanceof GameEnded ended) {
                return tables.gameEnded(ended.gameId());
            }
            return Uni.createFrom().voidItem();
        });
    }
}
