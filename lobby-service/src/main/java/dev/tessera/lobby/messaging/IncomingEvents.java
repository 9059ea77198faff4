package dev.tessera.lobby.messaging;

import dev.tessera.events.EventTypes;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.game.GameEnded;
import dev.tessera.events.game.GameStarted;
import dev.tessera.events.scoring.FinalStandings;
import dev.tessera.kit.eventing.EventBatches;
import dev.tessera.kit.eventing.IdempotentConsumer;
import dev.tessera.kit.eventing.OutboxRelay;
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
 * The lobby's one Kafka consumer, over {@code game-events} and {@code scoring-events}, a poll at a time. One consumer
 * rather than one per topic: each costs its polling loop (ten wake-ups a second), its heartbeats and its fetches at
 * the broker whether or not anything comes (issue 41: an idle platform; bench/results/journal.md, thirtieth session).
 * A game's events are mostly moves, which the lobby does not need: those are passed over by their type header,
 * unread. The others feed idempotent consumers, each in its own transaction and with its own record of what it
 * applied:
 *
 * <ul>
 *   <li>{@code lobby.table-status} keeps each table's status in step with its game (playing once the game exists,
 *       finished at its end), and publishes each change on lobby-events in the same transaction (PlayBegan,
 *       TableFinished), the relay kicked once it has committed;
 *   <li>{@value PlayersReadModel#CONSUMER} builds the players read model (histories and ratings), which can
 *       therefore be rebuilt on its own;
 *   <li>{@code lobby.standings}: the final standings (scoring-events) end a table's game as far as the lobby is
 *       concerned, even before game-service has recorded GameEnded (TableFinished is published by whichever of the two
 *       finishes the table). Ratings are not computed from them but from
 *       GameEnded, which carries the same standings and comes after the game's SeatTakenByBot events on the game's
 *       own partition.
 * </ul>
 */
@ApplicationScoped
public class IncomingEvents {
    /** The game-events the table status follows. */
    private static final Set<Class<? extends TesseraEvent>> TABLE_STATUS = Set.of(GameStarted.class, GameEnded.class);
    /** The types any of the consumers applies, by name. */
    static final Set<String> TYPES = Stream.concat(
                    Stream.concat(TABLE_STATUS.stream(), PlayersReadModel.WANTED.stream()),
                    Stream.of(FinalStandings.class))
            .map(type -> EventTypes.of(type).value())
            .collect(Collectors.toUnmodifiableSet());

    @Inject
    IdempotentConsumer consumer;

    @Inject
    EventBatches batches;

    @Inject
    TableService tables;

    @Inject
    OutboxRelay relay;

    @Inject
    PlayersReadModel players;

    @Incoming("events")
    public Uni<Void> consume(KafkaRecordBatch<String, String> batch) {
        return batches.apply(batch, TYPES, this::apply);
    }

    /** Read once, applied by each consumer that wants it (an event is parsed once, not once per consumer). */
    private Uni<Void> apply(IdempotentConsumer.Delivery delivery) {
        if (delivery.event() instanceof FinalStandings standings) {
            return relay.after(() -> consumer.once(
                    "lobby.standings",
                    delivery,
                    FinalStandings.class::isInstance,
                    (envelope, event) -> tables.gameEnded(standings.gameId(), envelope)));
        }
        return relay.after(() -> consumer.once(
                        "lobby.table-status",
                        delivery,
                        e -> e != null && TABLE_STATUS.contains(e.getClass()),
                        (envelope, event) -> {
                            if (event instanceof GameStarted started) {
                                return tables.gameStarted(started.tableId(), started.gameId(), envelope);
                            }
                            if (event instanceof GameEnded ended) {
                                return tables.gameEnded(ended.gameId(), envelope);
                            }
                            return Uni.createFrom().voidItem();
                        }))
                .chain(() ->
                        consumer.once(PlayersReadModel.CONSUMER, delivery, PlayersReadModel::wanted, players::apply));
    }
}
