package dev.tessera.lobby.messaging;

import dev.tessera.events.game.GameEnded;
import dev.tessera.events.game.GameStarted;
import dev.tessera.kit.eventing.IdempotentConsumer;
import dev.tessera.lobby.players.PlayersReadModel;
import dev.tessera.lobby.tables.TableService;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * The lobby's one reader of {@code game-events} (a channel has one {@code @Incoming}), feeding two
 * idempotent consumers in turn, each in its own transaction and with its own record of what it applied:
 * {@code lobby.table-status} keeps each table's status in step with its game (playing once the game
 * exists, finished at its end), and {@value PlayersReadModel#CONSUMER} builds the players read model
 * (histories and ratings), which can therefore be rebuilt on its own.
 */
@ApplicationScoped
public class GameEventsConsumer {

    @Inject
    IdempotentConsumer consumer;

    @Inject
    TableService tables;

    @Inject
    PlayersReadModel players;

    @Incoming("game-events")
    public Uni<Void> consume(ConsumerRecord<String, String> record) {
        // Read once, applied by both (a game event is parsed once, not once per consumer).
        IdempotentConsumer.Delivery delivery = consumer.read(record);
        return consumer.once("lobby.table-status", delivery, e -> e instanceof GameStarted || e instanceof GameEnded, (envelope, event) -> {
                    if (event instanceof GameStarted started) {
                        return tables.gameStarted(started.tableId(), started.gameId());
                    }
                    if (event instanceof GameEnded ended) {
                        return tables.gameEnded(ended.gameId());
                    }
                    return Uni.createFrom().voidItem();
                })
                .chain(() -> consumer.once(PlayersReadModel.CONSUMER, delivery, PlayersReadModel::wanted, players::apply));
    }
}
