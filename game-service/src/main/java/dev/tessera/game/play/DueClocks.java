package dev.tessera.game.play;

import dev.tessera.events.game.PlayerTimedOut;
import dev.tessera.events.game.SeatTakenByBot;
import dev.tessera.events.lobby.ClockOptions;
import dev.tessera.kit.eventing.ConcurrencyConflictException;
import dev.tessera.kit.eventing.EventStore;
import dev.tessera.kit.eventing.OutboxRelay;
import dev.tessera.kit.problem.ProblemException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Acts on the game clocks whose deadline has passed, a batch at a time: a player's turn ran out →
 * {@link PlayerTimedOut} and a grace of one more turn length; the grace ran out with the same player still to act →
 * {@link SeatTakenByBot} and from then on the {@link RandomBot} plays that seat, through the same decide-and-append
 * path as a player's move. Each batch is one short transaction that locks its rows with
 * {@code FOR UPDATE SKIP LOCKED}, so that several instances of the service never act on the same game at once; each
 * action appends at the stream version the row was computed at, so a player's move and a timeout can never both
 * commit. The {@link ClockWorker} decides when a batch runs.
 */
@ApplicationScoped
public class DueClocks {
    private static final Logger LOG = Logger.getLogger(DueClocks.class);
    /** How long a game whose clock action fails unexpectedly (a bug, not a race) waits before the next try. */
    private static final Duration BACK_OFF = Duration.ofMinutes(1);

    @Inject
    GameLoader loader;

    @Inject
    GameMoves moves;

    @Inject
    GameClocks clocks;

    @Inject
    FoldedGames folded;

    @Inject
    OutboxRelay relay;

    @Inject
    MeterRegistry registry;

    @ConfigProperty(name = "tessera.clocks.batch-size", defaultValue = "20")
    int batchSize;

    @ConfigProperty(name = "tessera.clocks.bot-moves-per-transaction", defaultValue = "10")
    int botMovesPerTransaction;

    /** One batch of due rows acted on in one transaction; what it did, to apply once it has committed. */
    Uni<Batch> batch() {
        OffsetDateTime now = ClockRules.now();
        Batch batch = new Batch();
        return Panache.withTransaction(() -> clocks.due(now, batchSize).chain(rows -> {
                    Uni<Void> chain = Uni.createFrom().voidItem();
                    for (ClockRow row : rows) {
                        chain = chain.chain(() -> act(row, now, batch));
                    }
                    return chain;
                }))
                .replaceWith(batch);
    }

    /** One due row: act, or recompute it when the stream is not where the row was computed. */
    private Uni<Void> act(ClockRow row, OffsetDateTime now, Batch batch) {
        return loader.current(row.gameId())
                .chain(game -> step(game, row, now, batch))
                .onFailure(ConcurrencyConflictException.class)
                .recoverWithItem(e -> {
                    // The stream moved on meanwhile (a player's move): the next run sees it and recomputes.
                    LOG.debugf("clock of %s: %s", row.gameId(), e.getMessage());
                    return null;
                })
                .onFailure(e -> !(e instanceof ConcurrencyConflictException))
                .recoverWithUni(e -> {
                    if (e instanceof ProblemException p && p.status() == 404) {
                        LOG.warnf("clock of unknown game %s dropped", row.gameId());
                        return clocks.write(row.gameId(), Optional.of(row), Optional.empty())
                                .replaceWithVoid();
                    }
                    LOG.errorf(
                            e,
                            "clock of game %s (%s of %s) failed; retried in %s",
                            row.gameId(),
                            row.phase(),
                            row.player(),
                            BACK_OFF);
                    return clocks.postpone(row.gameId(), now.plus(BACK_OFF));
                });
    }

    private <S, M, E> Uni<Void> step(GameStream<S, M, E> game, ClockRow row, OffsetDateTime now, Batch batch) {
        String gameId = row.gameId();
        if (game.version() != row.streamVersion()) {
            batch.progress++;
            return clocks.after(game, Optional.of(row), true).replaceWithVoid();
        }
        Optional<ClockRules.Turn<M>> turn = ClockRules.toAct(game);
        String actor = turn.map(ClockRules.Turn::player).orElse(null);
        Optional<Duration> length = ClockOptions.turnLength(game.started().options());
        boolean humanStillToAct = actor != null && actor.equals(row.player()) && !row.isBot(actor);
        switch (row.phase()) {
            case ClockRow.TURN -> {
                if (!humanStillToAct || length.isEmpty()) {
                    break;
                }
                OffsetDateTime graceEnds = now.plus(length.get());
                return moves.append(
                                game,
                                new PlayerTimedOut(gameId, actor, graceEnds),
                                new EventStore.ToAct(actor, graceEnds))
                        .chain(after -> {
                            batch.appended(after, "timeout");
                            return clocks.write(
                                    gameId,
                                    Optional.of(row),
                                    Optional.of(new ClockRow(
                                            gameId, actor, ClockRow.GRACE, graceEnds, after.version(), row.bots())));
                        })
                        .replaceWithVoid();
            }
            case ClockRow.GRACE -> {
                if (!humanStillToAct) {
                    break;
                }
                List<String> bots = new ArrayList<>(row.bots());
                bots.add(actor);
                return moves.append(
                                game,
                                new SeatTakenByBot(gameId, actor, RandomBot.NAME, "timeout"),
                                new EventStore.ToAct(actor, null))
                        .chain(after -> {
                            batch.appended(after, "bot-takeover");
                            LOG.infof(
                                    "game %s: %s timed out; a %s bot plays their seat", gameId, actor, RandomBot.NAME);
                            return botMoves(
                                    after,
                                    new ClockRow(gameId, actor, ClockRow.BOT, now, after.version(), bots),
                                    botMovesPerTransaction,
                                    batch);
                        });
            }
            case ClockRow.BOT -> {
                return botMoves(game, row, botMovesPerTransaction, batch);
            }
            default -> {}
        }
        // The row does not describe the game (it changed without the row, or clocks were off): recompute.
        batch.progress++;
        return clocks.after(game, Optional.of(row), false).replaceWithVoid();
    }

    /**
     * Plays while a bot is to act, at most {@code left} moves in this transaction, then writes the row for
     * whoever acts next (a bot again: due now, and the run goes on with the next batch).
     */
    private <S, M, E> Uni<Void> botMoves(GameStream<S, M, E> game, ClockRow row, int left, Batch batch) {
        Optional<ClockRules.Turn<M>> turn = ClockRules.toAct(game);
        if (left == 0 || turn.isEmpty() || !row.isBot(turn.get().player())) {
            batch.progress++;
            return clocks.after(game, Optional.of(row), false).replaceWithVoid();
        }
        String bot = turn.get().player();
        M move = RandomBot.pick(turn.get().legal(), game.started().seed(), game.version());
        return moves.play(game, bot, move).chain(moved -> {
            batch.moved(moved.after());
            return botMoves(moved.after(), row, left - 1, batch);
        });
    }

    /** What a batch did, applied only once its transaction committed. */
    final class Batch {
        /** How many games the batch changed (0 stops the run until the next wake or kick). */
        int progress;

        private final Map<String, GameStream<?, ?, ?>> latest = new LinkedHashMap<>();
        private final List<String> clockEvents = new ArrayList<>();
        private final List<GameStream<?, ?, ?>> movedGames = new ArrayList<>();

        void appended(GameStream<?, ?, ?> after, String event) {
            progress++;
            latest.put(after.started().gameId(), after);
            clockEvents.add(event);
        }

        void moved(GameStream<?, ?, ?> after) {
            appended(after, "bot-move");
            movedGames.add(after);
        }

        void committed() {
            latest.values().forEach(folded::remember);
            movedGames.forEach(moves::accepted);
            clockEvents.forEach(event -> counter(event).increment());
            if (!latest.isEmpty()) {
                relay.kick();
            }
        }
    }

    /** tessera_clock_events_total{event}: timeouts, seats taken by bots and the moves bots played. */
    private Counter counter(String event) {
        return Counter.builder("tessera.clock.events")
                .tag("event", event)
                .description("Game clock events: timeout (PlayerTimedOut), bot-takeover (SeatTakenByBot), bot-move")
                .register(registry);
    }
}
