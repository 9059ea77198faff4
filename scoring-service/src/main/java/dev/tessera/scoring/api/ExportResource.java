package dev.tessera.scoring.api;

import dev.tessera.events.EventCodec;
import dev.tessera.events.Games;
import dev.tessera.kit.problem.ProblemException;
import dev.tessera.scoring.ServiceUnavailable;
import dev.tessera.scoring.exports.EventExport;
import dev.tessera.scoring.stats.StatsQueries;
import dev.tessera.scoring.stats.StatsStores;
import io.vertx.ext.web.RoutingContext;
import jakarta.annotation.PostConstruct;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * Exports of {@code game-events} for analysts: newline-delimited CloudEvents JSON, redacted as for a
 * spectator, streamed from Kafka as it is read (an export's memory is bounded whatever its size: see
 * {@link EventExport}). Runs on a worker thread, which the response's back-pressure blocks while the client
 * reads slowly. At most {@code scoring.exports.max-concurrent} run at once on an instance, so that exports
 * retried all together (after an outage) cannot take the heap between them.
 */
@Path("/api/v1/exports/events")
@Singleton
public class ExportResource {
    public static final String NDJSON = "application/x-ndjson";

    @Inject
    EventCodec codec;

    @Inject
    StatsStores stores;

    @ConfigProperty(name = "kafka.bootstrap.servers")
    String bootstrapServers;

    /** How long after its event a record may be published (outbox relay lag) and still be found by a window's end. */
    @ConfigProperty(name = "scoring.exports.publish-lag", defaultValue = "PT10M")
    Duration publishLag;

    /** An export that reads nothing for this long (broker gone) is aborted. */
    @ConfigProperty(name = "scoring.exports.idle-limit", defaultValue = "PT30S")
    Duration idleLimit;

    /** Exports running at once on this instance; one more is a 503 to retry. */
    @ConfigProperty(name = "scoring.exports.max-concurrent", defaultValue = "2")
    int maxConcurrent;

    /** Games one export may meet (an entry of about 160 bytes each); one that meets more is cut off. */
    @ConfigProperty(name = "scoring.exports.max-games", defaultValue = "100000")
    int maxGames;

    private Semaphore running;

    @PostConstruct
    void init() {
        running = new Semaphore(maxConcurrent);
    }

    @GET
    @Produces(NDJSON)
    @Operation(
            summary = "Export a title's game events",
            description =
                    "One CloudEvents JSON object per line "
                            + "(application/x-ndjson), redacted as for a spectator (no GameStarted seed): the events on game-events of "
                            + "the games of `game` whose `time` is in [from, to). Events of one game are in order; games are interleaved. "
                            + "Sandbox games (practice games, such as forks of finished games) are left out unless `sandbox=include`.")
    @APIResponse(
            responseCode = "200",
            content =
                    @Content(
                            mediaType = NDJSON,
                            schema =
                                    @Schema(
                                            type =
                                                    org.eclipse.microprofile.openapi.annotations.enums.SchemaType
                                                            .STRING)))
    @APIResponse(
            responseCode = "400",
            description = "unknown game, a time that is not an ISO-8601 instant, from after to, or a `sandbox` other "
                    + "than include or exclude; `field` names it")
    @APIResponse(
            responseCode = "503",
            description = "the statistics (which know the games' titles) are not running, or as many exports as "
                    + "allowed are running: retry after `Retry-After` seconds")
    public Response export(
            @Parameter(description = "title: alhambra, carrara or builders", required = true) @QueryParam("game")
                    String game,
            @Parameter(description = "ISO-8601 instant, inclusive; default: the first event") @QueryParam("from")
                    String from,
            @Parameter(
                            description =
                                    "ISO-8601 instant, exclusive; default: the last event published when the export starts")
                    @QueryParam("to")
                    String to,
            @Parameter(
                            description = Sandbox.DESCRIPTION,
                            schema = @Schema(enumeration = {Sandbox.EXCLUDE, Sandbox.INCLUDE}))
                    @QueryParam(Sandbox.PARAMETER)
                    String sandbox,
            @Context RoutingContext routing) {
        if (game == null || game.isBlank()) {
            throw ProblemException.badField("game", "game is required: one of " + titles());
        }
        if (Games.byId(game).isEmpty()) {
            throw ProblemException.badField("game", "unknown game " + game + ": one of " + titles());
        }
        Instant since = instant("from", from);
        Instant until = instant("to", to);
        if (since != null && until != null && since.isAfter(until)) {
            throw ProblemException.badField("from", "from (" + since + ") is after to (" + until + ")");
        }
        boolean withSandbox = Sandbox.included(sandbox);
        stores.requireRunning(); // 503 now, rather than a cut-off export, while the statistics cannot name games'
        // titles
        if (!running.tryAcquire()) {
            throw new ServiceUnavailable(
                    maxConcurrent + " exports are running on this instance; retry shortly", 5, Map.of());
        }
        // Released when the export ends, or when the response does without it (the client left first).
        AtomicBoolean held = new AtomicBoolean(true);
        Runnable release = () -> {
            if (held.getAndSet(false)) {
                running.release();
            }
        };
        routing.addEndHandler(ended -> release.run());
        EventExport export = new EventExport(
                codec,
                bootstrapServers,
                game,
                withSandbox,
                since,
                until,
                publishLag,
                idleLimit,
                this::storedGame,
                maxGames);
        StreamingOutput body = out -> {
            try {
                export.writeTo(out);
            } finally {
                release.run();
            }
        };
        return Response.ok(body, NDJSON).build();
    }

    /**
     * The title of a game started before the window, and whether it is a sandbox game, from whichever instance holds
     * it; waits as long as an export waits for records (a rebalance, an instance that died). The statistics may be a
     * moment behind the topic, so a game they do not know is asked for twice more.
     */
    private StatsQueries.StoredGame storedGame(String gameId) {
        for (int attempt = 0; ; attempt++) {
            StatsQueries.StoredGame game = stores.game(gameId, idleLimit);
            if (game != null || attempt == 2) {
                return game;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
    }

    private static Instant instant(String field, String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return Instant.parse(value);
        } catch (DateTimeParseException e) {
            try {
                return OffsetDateTime.parse(value).toInstant();
            } catch (DateTimeParseException e2) {
                throw ProblemException.badField(
                        field, field + " is not an ISO-8601 instant (e.g. 2026-03-01T19:15:00Z): " + value);
            }
        }
    }

    private static String titles() {
        return String.join(", ", Games.ALL.stream().map(Games.Title::id).toList());
    }
}
