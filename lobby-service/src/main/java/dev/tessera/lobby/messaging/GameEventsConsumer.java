package dev.tessera.lobby.messaging;

import dev.tessera.events.EventTypes;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.game.GameEnded;
import dev.tessera.events.game.GameStarted;
import dev.tessera.kit.eventing.EventBatches;
import dev.tessera.kit.eventing.IdempotentConsumer;
import dev.tessera.lobby.players.PlayersReadModel;
import dev.tessera.lobby.tables.TableService;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.KafkaRecordBatch;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * The lobby's one reader of {@code game-events} (a channel has one {@code @Incoming}), feeding two
 * idempotent consumers in turn, each in its own transaction and with its own record of what it applied:
 * {@code lobby.table-status} keeps each table's status in step with its game (playing once the game
 * exists, finished at its end), and {@value PlayersReadModel#CONSUMER} builds the players read model
 * (histories and ratings), which can therefore be rebuilt on its own. A game's events are mostly moves, which
 * neither needs: records come a poll at a time and those are passed over by their type header, unread.
 */
@ApplicationScoped
public class GameEventsConsumer {
    /** The types the table status follows. */
    private static final Set<Class<? extends TesseraEvent>> TABLE_STATUS = Set.of(GameStarted.class, GameEnded.class);
    /** The types either consumer applies, by name. */
    static final Set<String> TYPES = Stream.concat(TABLE_STATUS.stream(), PlayersReadModel.WANTED.stream())
            .map(type -> EventTypes.of(type).value())
            .collect(Collectors.toUnmodifiableSet());

    @Inject
    IdempotentConsumer consumer;

    @Inject
    EventBatches batches;

    @Inject
    TableService tables;

    @Inject
    PlayersReadModel players;

    @Incoming("game-events")
    public Uni<Void> consume(KafkaRecordBatch<String, String> batch) {
        return batches.apply(batch, TYPES, this::apply);
    }

    /** Read once, applied by both (a game event is parsed once, not once per consumer). */
    private Uni<Void> apply(IdempotentConsumer.Delivery delivery) {
        return consumer.once(
                        "lobby.table-status",
                        delivery,
                        e -> e != null && TABLE_STATUS.contains(e.getClass()),
                        (envelope, event) -> {
                            if (event instanceof GameStarted started) {
                                return tables.gameStarted(started.tableId(), started.gameId());
                            }
                            if (event instanceof GameEnded ended) {
                                return tables.gameEnded(ended.gameId());
                            }
                            return Uni.createFrom().voidItem();
                        })
                .chain(() ->
                        consumer.once(PlayersReadModel.CONSUMER, delivery, PlayersReadModel::wanted, players::apply));
    }
}
