package dev.tessera.verify;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.EventTypes;
import dev.tessera.events.game.GameStarted;
import dev.tessera.events.game.SeedCommitment;
import dev.tessera.events.game.SeedRevealed;
import dev.tessera.game.alhambra.AlhambraEngine;
import dev.tessera.game.builders.BuildersEngine;
import dev.tessera.game.carrara.CarraraEngine;
import dev.tessera.game.rules.RulesEngine;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Checks that finished games were played fair: from an export of their events (one CloudEvent per line, as
 * {@code GET /api/v1/exports/events} writes them), each game is decided again from the seed its {@code SeedRevealed}
 * publishes once it has ended (checked against the commitment its {@code GameStarted} published at the start) and the
 * moves its events record ({@code movedby} and {@code move} on each move's first event). Every event must come out the
 * same: each draw, each move's consequences, each answer of scoring-service, the final standings.
 *
 * <pre>{@code
 * Report report = Verifier.verify(Path.of("alhambra.ndjson"));
 * report.games().forEach(game -> System.out.println(game.describe()));
 * boolean fair = report.passed();
 * }</pre>
 *
 * <p>Pure Java: the rules engines are game-service's, the calculators scoring-service's, run here without either
 * service. The export is read whole into memory, one game's events at a time decided.
 */
public final class Verifier {
    private static final String GAME_STARTED = EventTypes.of(GameStarted.class).value();
    private static final String SEED_REVEALED =
            EventTypes.of(SeedRevealed.class).value();

    private static final Map<String, RulesEngine<?, ?, ?>> ENGINES = Stream.<RulesEngine<?, ?, ?>>of(
                    new AlhambraEngine(), new CarraraEngine(), new BuildersEngine())
            .collect(Collectors.toUnmodifiableMap(RulesEngine::game, Function.identity()));

    private final EventCodec codec = new EventCodec();

    private Verifier() {}

    /** Verifies every game of the export in {@code file} (UTF-8, one CloudEvent JSON per line). */
    public static Report verify(Path file) throws IOException {
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return verify(reader);
        }
    }

    /** Verifies every game of the export read from {@code export}. */
    public static Report verify(Reader export) throws IOException {
        return new Verifier().check(export instanceof BufferedReader b ? b : new BufferedReader(export));
    }

    private Report check(BufferedReader export) throws IOException {
        Map<String, List<Line>> games = new LinkedHashMap<>();
        String text;
        long number = 0;
        while ((text = export.readLine()) != null) {
            number++;
            if (text.isBlank()) {
                continue;
            }
            CloudEvent envelope;
            try {
                envelope = codec.readEnvelope(text);
            } catch (RuntimeException e) {
                return new Report(List.of(), "line " + number + " is not a CloudEvent in JSON: " + firstLine(e));
            }
            if (envelope.type() == null
                    || !envelope.type().startsWith("tessera.")
                    || envelope.subject() == null
                    || envelope.streamversion() == null
                    || envelope.dataschema() == null
                    || envelope.data() == null) {
                return new Report(
                        List.of(),
                        "line " + number + " is not an event of an export (it needs a tessera type, a subject, a "
                                + "streamversion, a dataschema and data)");
            }
            games.computeIfAbsent(envelope.subject(), id -> new ArrayList<>()).add(new Line(number, envelope));
        }
        if (games.isEmpty()) {
            return new Report(List.of(), "it holds no event");
        }
        List<Verdict> verdicts = new ArrayList<>();
        games.forEach((gameId, lines) -> verdicts.add(game(gameId, lines)));
        return new Report(verdicts, null);
    }

    /** One game's verdict, from its lines in the export's order (each game's events are in stream order there). */
    private Verdict game(String gameId, List<Line> lines) {
        int n = lines.size();
        Line first = lines.get(0);
        if (!GAME_STARTED.equals(first.type()) || first.envelope().streamversion() != 1) {
            return Verdict.notVerifiable(gameId, null, n, "the export does not hold its start, GameStarted");
        }
        GameStarted started;
        try {
            started = (GameStarted) codec.read(first.envelope());
        } catch (RuntimeException e) {
            return Verdict.differs(gameId, null, n, first, "GameStarted does not read: " + firstLine(e));
        }
        String title = started.game();
        if (started.fork() != null) {
            return Verdict.notVerifiable(
                    gameId,
                    title,
                    n,
                    "a fork: its events up to version " + started.fork().at() + " are copies of game "
                            + started.fork().gameId() + "'s; verify that game");
        }
        if (started.commitment() == null) {
            return Verdict.notVerifiable(gameId, title, n, "no commitment: it started before games published one");
        }
        Line last = lines.get(n - 1);
        if (!SEED_REVEALED.equals(last.type())) {
            return Verdict.notVerifiable(gameId, title, n, "it has not ended in this export: its seed is still secret");
        }
        SeedRevealed revealed;
        try {
            revealed = (SeedRevealed) codec.read(last.envelope());
        } catch (RuntimeException e) {
            return Verdict.differs(gameId, title, n, last, "SeedRevealed does not read: " + firstLine(e));
        }
        String commitment = SeedCommitment.of(revealed.seed(), revealed.salt());
        if (!started.commitment().equals(commitment)) {
            return Verdict.differs(
                    gameId,
                    title,
                    n,
                    last,
                    "the seed and salt revealed hash to " + commitment + ", not to the commitment "
                            + started.commitment() + " that GameStarted (line " + first.number() + ") published");
        }
        RulesEngine<?, ?, ?> engine = ENGINES.get(title);
        if (engine == null) {
            return Verdict.notVerifiable(gameId, title, n, "no rules engine here for " + title);
        }
        Replay.Difference difference = new Replay<>(engine, codec, started, lines).run(revealed);
        return difference == null
                ? Verdict.verified(gameId, title, n)
                : Verdict.differs(gameId, title, n, difference.line(), difference.what());
    }

    private static String firstLine(RuntimeException e) {
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        return message.lines().findFirst().orElse(message);
    }
}
