package dev.tessera.verify;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.Redaction;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.game.GameEnded;
import dev.tessera.events.game.GameStarted;
import dev.tessera.events.game.SeedCommitment;
import dev.tessera.events.game.SeedRevealed;
import dev.tessera.game.alhambra.AlhambraEngine;
import dev.tessera.game.builders.BuildersEngine;
import dev.tessera.game.carrara.CarraraEngine;
import dev.tessera.game.rules.Decision;
import dev.tessera.game.rules.GameSetup;
import dev.tessera.game.rules.RulesEngine;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Whole games played by random players through the rules engines alone, written as an export writes them: what
 * game-service and scoring-service would have published, redacted for the public, one CloudEvent per line. Each move's
 * first event records the move; scoring's answers follow the move that asked for them; the game ends with its
 * GameEnded and SeedRevealed.
 */
final class PlayedGames {
    private static final EventCodec CODEC = new EventCodec();
    private static final OffsetDateTime TIME = OffsetDateTime.of(2026, 12, 3, 7, 0, 0, 0, ZoneOffset.UTC);

    private PlayedGames() {}

    static RulesEngine<?, ?, ?> engine(String title) {
        return switch (title) {
            case "alhambra" -> new AlhambraEngine();
            case "carrara" -> new CarraraEngine();
            default -> new BuildersEngine();
        };
    }

    /** The export's lines of one whole game of {@code title}, played from {@code seed} by random players. */
    static List<String> game(String title, String gameId, long seed) {
        return play(engine(title), title, gameId, seed);
    }

    private static <S, M, E> List<String> play(RulesEngine<S, M, E> engine, String title, String gameId, long seed) {
        List<String> players = List.of("ana", "bob");
        String salt = SeedCommitment.newSalt();
        S state = engine.start(new GameSetup(players, seed, Map.of()));
        List<String> lines = new ArrayList<>();
        long version = 1;
        lines.add(line(
                new GameStarted(
                        gameId,
                        "t-" + gameId,
                        title,
                        players,
                        seed,
                        Map.of(),
                        CODEC.mapper().valueToTree(engine.view(state, null)),
                        salt),
                gameId,
                version,
                null,
                null));
        ScoringAnswers scoring = ScoringAnswers.of(title, CODEC.mapper(), gameId);
        Random random = new Random(seed);
        GameEnded ended = null;
        for (int moves = 0; !engine.isOver(state) && moves < 20_000; moves++) {
            List<String> movers = new ArrayList<>();
            for (String p : players) {
                if (!engine.legalMoves(state, p).isEmpty()) {
                    movers.add(p);
                }
            }
            String mover = movers.get(random.nextInt(movers.size()));
            List<M> legal = engine.legalMoves(state, mover);
            M move = legal.get(random.nextInt(legal.size()));
            List<E> events = ((Decision.Accepted<E>) engine.decide(state, mover, move)).events();
            List<TesseraEvent> answers = new ArrayList<>();
            for (int k = 0; k < events.size(); k++) {
                state = engine.evolve(state, events.get(k));
                lines.add(line(
                        (TesseraEvent) events.get(k),
                        gameId,
                        ++version,
                        k == 0 ? mover : null,
                        k == 0 ? json(engine.moveType(), move) : null));
                for (Map.Entry<String, TesseraEvent> answer :
                        scoring.answersTo(events.get(k), state).entrySet()) {
                    if (answer.getKey().equals(ScoringAnswers.END)) {
                        ended = (GameEnded) answer.getValue();
                    } else {
                        answers.add(answer.getValue());
                    }
                }
            }
            for (TesseraEvent answer : answers) {
                state = engine.evolve(state, engine.eventType().cast(answer));
                lines.add(line(answer, gameId, ++version, null, null));
            }
        }
        lines.add(line(ended, gameId, ++version, null, null));
        lines.add(line(new SeedRevealed(gameId, seed, salt), gameId, ++version, null, null));
        return lines;
    }

    private static String line(TesseraEvent event, String gameId, long version, String seat, String move) {
        CloudEvent envelope = CODEC.envelope("/tessera/game-service", gameId, version, event, TIME);
        if (move != null) {
            envelope = envelope.withMove(seat, move);
        }
        return CODEC.write(Redaction.forPublic(envelope));
    }

    /** The move as game-service records it: written through its engine's move type, which names its kind. */
    private static <M> String json(Class<M> type, M move) {
        try {
            return CODEC.mapper().writerFor(type).writeValueAsString(move);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
