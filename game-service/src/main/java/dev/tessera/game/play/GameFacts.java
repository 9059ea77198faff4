package dev.tessera.game.play;

import dev.tessera.events.TesseraEvent;
import dev.tessera.events.Topics;
import dev.tessera.events.game.GameEnded;
import dev.tessera.events.game.SeedRevealed;
import dev.tessera.kit.eventing.EventStore;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;
import java.util.function.BiPredicate;
import org.jboss.logging.Logger;

/**
 * Records on a game's stream the facts that come from outside its players (scoring answers, final standings); the
 * final standings with the game's {@link SeedRevealed}.
 */
@ApplicationScoped
public class GameFacts {
    private static final Logger LOG = Logger.getLogger(GameFacts.class);

    @Inject
    EventStore store;

    @Inject
    GameClocks clocks;

    @Inject
    GameLoader loader;

    /**
     * Appends a fact that comes from outside the rules (a scoring answer, the final standings) at the
     * stream's current version, in the caller's transaction (the caller asks the relay for a run once it has
     * committed). Skipped, and said so, when the stream already holds the same fact ({@code sameFact}) or when
     * the rules cannot apply it now (an answer nobody is waiting for): a late or repeated answer must never
     * change a game twice. The game's clock row is locked first and rewritten after the append (a running turn
     * of the same player keeps its deadline).
     */
    <S, M, E> Uni<Void> record(String gameId, TesseraEvent fact, BiPredicate<TesseraEvent, TesseraEvent> sameFact) {
        return clocks.lock(gameId)
                .chain(clock -> store.load(gameId, 0).chain(events -> {
                    if (events.isEmpty()) {
                        LOG.warnf(
                                "%s for unknown game %s ignored",
                                fact.getClass().getSimpleName(), gameId);
                        return Uni.createFrom().voidItem();
                    }
                    if (events.stream().map(store::event).anyMatch(e -> sameFact.test(e, fact))) {
                        LOG.infof("game %s already has %s", gameId, fact);
                        return Uni.createFrom().voidItem();
                    }
                    GameStream<S, M, E> game = loader.fold(gameId, events);
                    S state = game.state();
                    if (game.engine().eventType().isInstance(fact)) {
                        try {
                            state = game.engine()
                                    .evolve(
                                            game.state(),
                                            game.engine().eventType().cast(fact));
                        } catch (RuntimeException e) {
                            LOG.warnf("game %s cannot take %s now: %s", gameId, fact, e.getMessage());
                            return Uni.createFrom().voidItem();
                        }
                    }
                    // The game's end reveals its seed, in the same append: from then on anyone may check its draws.
                    List<TesseraEvent> recorded = fact instanceof GameEnded
                            ? List.of(
                                    fact,
                                    new SeedRevealed(
                                            gameId,
                                            game.started().seed(),
                                            game.started().salt()))
                            : List.of(fact);
                    GameStream<S, M, E> after =
                            new GameStream<>(game.started(), game.engine(), state, game.version() + recorded.size());
                    // A fact from outside the players: a running turn or grace of the same player keeps its deadline.
                    Optional<ClockRules.Turn<M>> turn = ClockRules.toAct(after);
                    Optional<ClockRow> row = clocks.rowAfter(after, turn, clock, true);
                    return store.append(
                                    gameId,
                                    game.version(),
                                    recorded,
                                    Topics.GAME_EVENTS,
                                    null,
                                    null,
                                    GameClocks.toAct(turn, row))
                            .chain(() -> clocks.replace(gameId, clock, row))
                            .replaceWithVoid();
                }));
    }
}
