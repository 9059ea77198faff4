package dev.tessera.game.messaging;

import dev.tessera.events.TesseraEvent;
import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.events.carrara.ValuationScored;
import dev.tessera.events.game.GameEnded;
import dev.tessera.events.scoring.FinalStandings;
import dev.tessera.events.scoring.ScoringRoundScored;
import dev.tessera.game.play.GameService;
import dev.tessera.kit.eventing.IdempotentConsumer;
import dev.tessera.kit.eventing.OutboxRelay;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.runtime.Startup;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Scoring-service's answers become facts of the games: Alhambra's round points, a Carrara valuation's
 * reward, and the final standings, after which the game has ended. Each is recorded once per game
 * whatever is delivered twice (the event id) or computed twice (the same round, the same game end). Records of
 * {@code scoring-events}, from {@link IncomingEvents}.
 */
@Startup
@ApplicationScoped
public class ScoringEventsConsumer {

    @Inject
    IdempotentConsumer consumer;

    @Inject
    GameService games;

    @Inject
    OutboxRelay relay;

    /** tessera_scoring_round_trip_seconds, registered at the start so that the series is there before the first round. */
    private Timer roundTrip;

    @Inject
    void measure(MeterRegistry registry) {
        roundTrip = Timer.builder("tessera.scoring.round.trip")
                .description("From a scoring round's trigger in game-service to its points recorded back")
                .publishPercentileHistogram()
                .register(registry);
    }

    public Uni<Void> consume(ConsumerRecord<String, String> record) {
        return relay.after(() -> consumer.once("game.scoring", record, (envelope, event) -> {
            if (event instanceof ScoringRoundScored scored) {
                Map<String, Integer> points = new LinkedHashMap<>();
                scored.scores().forEach(s -> points.put(s.player(), s.total()));
                return games.record(
                                scored.gameId(),
                                new AlhambraEvent.PointsAwarded(scored.round(), points),
                                ScoringEventsConsumer::sameRound)
                        .chain(() -> measureRoundTrip(scored));
            }
            if (event instanceof ValuationScored valuation) {
                return games.record(
                        envelope.subject(),
                        valuation,
                        (a, b) -> a instanceof ValuationScored v && v.valuation() == valuation.valuation());
            }
            if (event instanceof FinalStandings standings) {
                GameEnded ended = new GameEnded(
                        standings.gameId(),
                        standings.standings().stream()
                                .map(s -> new GameEnded.Standing(s.player(), s.score(), s.rank()))
                                .toList());
                return games.record(standings.gameId(), ended, (a, b) -> a instanceof GameEnded);
            }
            return Uni.createFrom().voidItem();
        }));
    }

    /**
     * tessera_scoring_round_trip_seconds: from the append of ScoringRoundTriggered to the points
     * recorded here (scoring rounds are rare, so reading the stream for the trigger's time is cheap).
     */
    private Uni<Void> measureRoundTrip(ScoringRoundScored scored) {
        return games.recordedAt(
                        scored.gameId(),
                        e -> e instanceof AlhambraEvent.ScoringRoundTriggered t && t.round() == scored.round())
                .invoke(triggered ->
                        triggered.ifPresent(at -> roundTrip.record(Duration.between(at, OffsetDateTime.now()))))
                .replaceWithVoid();
    }

    private static boolean sameRound(TesseraEvent existing, TesseraEvent incoming) {
        return existing instanceof AlhambraEvent.PointsAwarded a
                && incoming instanceof AlhambraEvent.PointsAwarded b
                && a.round() == b.round();
    }
}
