package dev.tessera.lobby.messaging;

import dev.tessera.events.scoring.FinalStandings;
import dev.tessera.kit.eventing.IdempotentConsumer;
import dev.tessera.lobby.tables.TableService;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * The final standings end a table's game as far as the lobby is concerned, even before game-service
 * has recorded GameEnded. Ratings are not computed from them but from GameEnded, which carries the
 * same standings and comes after the game's SeatTakenByBot events on the game's own partition.
 */
@ApplicationScoped
public class ScoringEventsConsumer {

    @Inject
    IdempotentConsumer consumer;

    @Inject
    TableService tables;

    @Incoming("scoring-events")
    public Uni<Void> consume(ConsumerRecord<String, String> record) {
        return consumer.once(
                "lobby.standings",
                record,
                FinalStandings.class::isInstance,
                (envelope, event) -> tables.gameEnded(((FinalStandings) event).gameId()));
    }
}
