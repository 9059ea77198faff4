package dev.tessera.game.messaging;

import dev.tessera.events.Topics;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Game-service's one Kafka consumer, over both topics it reads ({@code lobby-events} and {@code scoring-events}): each
 * record goes to its topic's consumer. One consumer rather than one per topic, because each costs its polling loop (ten
 * wake-ups a second), its heartbeats and its fetches at the broker whether or not anything comes, and both topics are
 * quiet beside game-events (issue 41: an idle platform; bench/results/journal.md, thirtieth session). Order per
 * partition is as before; a table's start may now wait behind a scoring answer, which takes milliseconds.
 */
@ApplicationScoped
public class IncomingEvents {
    @Inject
    LobbyEventsConsumer lobby;

    @Inject
    ScoringEventsConsumer scoring;

    @Incoming("events")
    public Uni<Void> consume(ConsumerRecord<String, String> record) {
        return Topics.LOBBY_EVENTS.equals(record.topic()) ? lobby.consume(record) : scoring.consume(record);
    }
}
