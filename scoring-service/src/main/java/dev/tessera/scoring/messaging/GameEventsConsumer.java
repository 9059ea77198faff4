package dev.tessera.scoring.messaging;

import dev.tessera.events.game.GameEnded;
import dev.tessera.events.game.GameStarted;
import dev.tessera.kit.eventing.IdempotentConsumer;
import dev.tessera.scoring.games.ScoredGame;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** Projects game-events into scoring-service's own record of every game. */
@ApplicationScoped
public class GameEventsConsumer {

    @Inject
    IdempotentConsumer consumer;

    @Incoming("game-events")
    public Uni<Void> consume(ConsumerRecord<String, String> record) {
        return consumer.once("scoring.games", record, (envelope, event) -> {
            if (event instanceof GameStarted started) {
                ScoredGame game = new ScoredGame();
                game.gameId = started.gameId();
                game.game = started.game();
                game.players = started.players().toArray(String[]::new);
                game.lastVersion = envelope.streamversion();
                game.updatedAt = OffsetDateTime.now(ZoneOffset.UTC);
                return game.persist().replaceWithVoid();
            }
            return ScoredGame.<ScoredGame>findById(envelope.subject()).invoke(game -> {
                if (game != null) {
                    game.lastVersion = Math.max(game.lastVersion, envelope.streamversion());
                    game.finished |= event instanceof GameEnded;
                    game.updatedAt = OffsetDateTime.now(ZoneOffset.UTC);
                }
            }).replaceWithVoid();
        });
    }
}
