package dev.tessera.game.play;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.TesseraEvent;
import dev.tessera.game.rules.Decision;
import dev.tessera.kit.eventing.ConcurrencyConflictException;
import dev.tessera.kit.problem.ProblemException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * What the rules decide for a player's or a bot's move, before anything is written: the checks of the seat and the
 * version, the engine's decision (a refusal counted by rule), and the game and clock row that follow. {@link GameMoves}
 * appends what this prepares.
 */
@ApplicationScoped
class MoveDecisions {
    /** Rule codes that mean "the game waits for another service" (a 409), not "the rules forbid it" (a 422). */
    private static final Set<String> WAITING_RULES = Set.of("awaiting-valuation");

    @Inject
    FoldedGames folded;

    /**
     * Whether a player's move may be decided on the game kept in memory and appended without a read first ({@link
     * #fromKept}); off, every move reads the stream first (env TESSERA_GAMES_DECIDE_ON_KEPT, for a paired benchmark).
     */
    @ConfigProperty(name = "tessera.games.decide-on-kept", defaultValue = "true")
    boolean decideOnKept;

    @Inject
    MeterRegistry registry;

    @Inject
    GameClocks clocks;

    @Inject
    MoveJson json;

    /**
     * The move prepared on the game kept at {@code expectedVersion} with its clock row, when this instance keeps both
     * and the kept game accepts the move; else null, and nothing counted: the caller reads the stream and decides
     * again, so that every refusal is told from what the store holds.
     */
    <S, M, E> Prepared<S, M, E> fromKept(String gameId, String player, long expectedVersion, JsonNode move) {
        FoldedGames.Kept<S, M, E> kept = decideOnKept ? folded.keptAt(gameId, expectedVersion) : null;
        if (kept == null) {
            return null;
        }
        GameStream<S, M, E> game = kept.game();
        if (kept.clock().filter(row -> row.isBot(player)).isPresent()) {
            return null;
        }
        String seat = Seats.actingAs(game, player);
        if (seat == null) {
            return null;
        }
        M parsed;
        try {
            parsed = json.parse(game.engine(), move);
        } catch (RuntimeException unreadable) {
            return null;
        }
        if (!(game.engine().decide(game.state(), seat, parsed) instanceof Decision.Accepted<E> accepted)) {
            return null;
        }
        return prepared(game, kept.clock(), seat, parsed, accepted.events());
    }

    /** The move prepared on {@code game} as read from the store with its clock row; a refusal is thrown and counted. */
    <S, M, E> Prepared<S, M, E> prepare(
            GameStream<S, M, E> game, Optional<ClockRow> clock, String player, long expectedVersion, JsonNode move) {
        String gameId = game.started().gameId();
        if (clock.isPresent() && clock.get().isBot(player)) {
            throw ProblemException.conflict(
                    "seat-taken-by-bot",
                    player + " timed out and a bot plays their seat "
                            + "now; the seat cannot be moved from outside any more");
        }
        if (game.version() != expectedVersion) {
            throw new ConcurrencyConflictException(gameId, expectedVersion, game.version());
        }
        String seat = Seats.actingAs(game, player);
        if (seat == null) {
            throw ProblemException.illegalMove(
                    "not-a-player",
                    "this is a sandbox game that only " + game.started().fork().player() + ", who forked it, plays");
        }
        M parsed = json.parse(game.engine(), move);
        return prepared(game, clock, seat, parsed, decided(game, seat, parsed));
    }

    /** The game after {@code accepted}, the move's events, and the clock row that follows. */
    private <S, M, E> Prepared<S, M, E> prepared(
            GameStream<S, M, E> game, Optional<ClockRow> clock, String seat, M parsed, List<E> accepted) {
        GameStream<S, M, E> after = evolved(game, accepted, game.version() + accepted.size())
                .withLastAppend(appended(game.version(), seat, accepted));
        // Whose turn it is now: the clock row needs it, and so does the answer (the mover's next moves).
        Optional<ClockRules.Turn<M>> turn = ClockRules.toAct(after);
        Optional<ClockRow> row = clocks.enabled() ? clocks.nextRow(after, () -> turn, clock, false) : clock;
        return new Prepared<>(game, clock, seat, parsed, accepted, after, turn, row);
    }

    /** A move decided and ready to append: the game it was decided on, and what follows from it. */
    record Prepared<S, M, E>(
            GameStream<S, M, E> game,
            Optional<ClockRow> clock,
            String seat,
            M parsed,
            List<E> accepted,
            GameStream<S, M, E> after,
            Optional<ClockRules.Turn<M>> turn,
            Optional<ClockRow> row) {}

    /**
     * The events the rules decide for {@code move} by {@code player} on {@code game}; else a rejection with the rule (a
     * 409 when the game waits for another service, else a 422), counted.
     */
    <S, M, E> List<E> decided(GameStream<S, M, E> game, String player, M move) {
        Decision<E> decision = game.engine().decide(game.state(), player, move);
        if (decision instanceof Decision.Rejected<E> rejected) {
            moves(game.engine().game(), "rejected", rejected.rule()).increment();
            // Waiting for another service is a conflict with the moment, not an illegal move: retry later.
            throw WAITING_RULES.contains(rejected.rule())
                    ? ProblemException.conflict(rejected.rule(), rejected.detail())
                    : ProblemException.illegalMove(rejected.rule(), rejected.detail());
        }
        return ((Decision.Accepted<E>) decision).events();
    }

    /** tessera_moves_total{game, result, rule}: what players try and what the rules say. */
    Counter moves(String game, String result, String rule) {
        return Counter.builder("tessera.moves")
                .tag("game", game)
                .tag("result", result)
                .tag("rule", rule)
                .description("Moves played, by game, result (accepted, rejected) and the rule a rejected one broke")
                .register(registry);
    }

    /** The events of a move of {@code seat} appended after {@code version}, as the store will hold them. */
    private static <E> List<UndoPoint.Entry> appended(long version, String seat, List<E> events) {
        JsonNode metadata = Batch.of(version, seat, null);
        return IntStream.range(0, events.size())
                .mapToObj(i -> new UndoPoint.Entry(version + 1 + i, (TesseraEvent) events.get(i), metadata))
                .toList();
    }

    static <S, M, E> GameStream<S, M, E> evolved(GameStream<S, M, E> game, List<E> events, long version) {
        S state = game.state();
        for (E event : events) {
            state = game.engine().evolve(state, event);
        }
        return new GameStream<>(game.started(), game.engine(), state, version);
    }
}
