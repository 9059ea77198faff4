package dev.tessera.gateway.api;

import dev.tessera.gateway.upstream.Forwarder;
import dev.tessera.gateway.upstream.Upstream;
import io.quarkus.security.Authenticated;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import java.time.Instant;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * For analysts: live statistics per game title and exports of the raw events, both from scoring-service
 * (Kafka Streams state stores; the game-events topic). docs/analytics.md explains them. Their query parameters are
 * forwarded as they came and checked by scoring-service, whose 400 problems (naming the {@code field}) come back unchanged:
 * {@code sandbox} too, which says whether sandbox games (practice games, such as forks of finished games) are
 * included.
 */
@Authenticated
@Path("/api/v1")
@Tag(name = "Analytics", description = "Statistics per game and event exports (docs/analytics.md)")
@APIResponse(responseCode = "401", ref = ApiDocument.BAD_CREDENTIAL)
public class AnalyticsApi {
    static final String NDJSON = "application/x-ndjson";
    private static final String SANDBOX =
            "`exclude` (the default; also when absent or empty) leaves sandbox games out: practice games, such as forks "
                    + "of finished games, marked `sandbox` in their GameStarted; `include` includes them. Another value is "
                    + "a 400 problem naming `sandbox`.";
    private static final String STATS_EXAMPLE = """
            {"game": "builders", "latestEventTime": "2026-11-29T17:58:12Z",
             "games": {"started": 4, "finished": 3, "abandoned": 1, "inProgress": 1},
             "scores": {"count": 8, "average": 21.5, "averageWinning": 27.0, "distribution": [{"from": 20, "to": 29, "count": 5}]},
             "seats": [{"players": 2, "seat": 1, "games": 3, "wins": 2, "winRate": 0.667}],
             "length": {"games": 3, "averageMoves": 61.0, "averageMinutes": 4.2},
             "builders": {"players": 8, "averageFinalVp": 21.5, "averageBuildingVp": 18.1, "averageBuildingsCompleted": 4.3,
                          "buildingsCompleted": 34}}""";

    /** The statistics of one title as scoring-service answers them; each title adds a section of its own. */
    @Schema(name = "GameStatistics", examples = STATS_EXAMPLE)
    public record GameStatistics(
            @Schema(required = true) String game,

            @Schema(description = "The time of the latest event counted")
            Instant latestEventTime,

            @Schema(required = true, description = "started, finished, abandoned (a bot took a seat), inProgress")
            Map<String, Long> games,

            @Schema(description = "Final scores: count, average, averageWinning, distribution in buckets of 10")
            Map<String, Object> scores,

            @Schema(description = "Win rate by seat order and player count (start-player advantage)")
            java.util.List<Map<String, Object>> seats,

            @Schema(description = "Finished games' average length in moves (turns) and minutes")
            Map<String, Object> length,

            @Schema(
                    description =
                            "Alhambra only: exact-payment share, buildings bought per type, longest wall per round")
            Map<String, Object> alhambra,

            @Schema(description = "Carrara only: valuations by kind")
            Map<String, Object> carrara,

            @Schema(description = "The Builders only: final VP and buildings completed")
            Map<String, Object> builders) {}

    @Inject
    Forwarder forwarder;

    @GET
    @Path("stats/{game}")
    @Produces({ApiDocument.JSON, ApiDocument.PROBLEM})
    @Operation(
            operationId = "getStatistics",
            summary = "A game title's statistics, live",
            description =
                    "Computed continuously from game-events and scoring-events (Kafka Streams); `latestEventTime` says how far they have got. "
                            + "Sandbox games are left out unless `sandbox=include`.")
    @APIResponse(
            responseCode = "200",
            description = "The statistics",
            content =
                    @Content(
                            mediaType = ApiDocument.JSON,
                            schema = @Schema(implementation = GameStatistics.class),
                            examples = @ExampleObject(name = "builders", value = STATS_EXAMPLE)))
    @APIResponse(responseCode = "400", ref = ApiDocument.INVALID_FIELD)
    @APIResponse(responseCode = "404", ref = ApiDocument.NOT_FOUND)
    public Uni<Response> stats(
            @Parameter(description = "The game", schema = @Schema(enumeration = {"alhambra", "carrara", "builders"}))
                    @PathParam("game")
                    String game,
            @Parameter(
                            description = SANDBOX,
                            schema =
                                    @Schema(
                                            type = SchemaType.STRING,
                                            enumeration = {"exclude", "include"},
                                            defaultValue = "exclude"))
                    @QueryParam("sandbox")
                    String sandbox) {
        return forwarder.get(
                Upstream.SCORING,
                Uris.withQuery("/api/v1/stats/" + Uris.segment(game), Uris.query("sandbox", sandbox)),
                null);
    }

    @GET
    @Path("exports/events")
    @Blocking
    @Produces({NDJSON, ApiDocument.PROBLEM})
    @Operation(
            operationId = "exportEvents",
            summary = "Export a title's events as newline-delimited CloudEvents",
            description =
                    "One CloudEvents JSON object per line, redacted as for a spectator, for the games of `game`, whose `time` "
                            + "is in [from, to); of sandbox games only with `sandbox=include`. Streamed: the answer starts at once and "
                            + "never sits whole in memory, however long.")
    @APIResponse(
            responseCode = "200",
            description = "The events, one per line",
            content =
                    @Content(
                            mediaType = NDJSON,
                            schema = @Schema(type = SchemaType.STRING),
                            examples = @ExampleObject(name = "two lines", value = """
                            {"specversion":"1.0","id":"…","source":"/tessera/game-service","type":"tessera.game.GameStarted","subject":"9c1…","time":"2026-11-29T17:01:02Z","streamversion":1,"data":{…}}
                            {"specversion":"1.0","id":"…","source":"/tessera/game-service","type":"tessera.builders.WorkerRecruited","subject":"9c1…","time":"2026-11-29T17:01:09Z","streamversion":2,"data":{…}}""")))
    @APIResponse(responseCode = "400", ref = ApiDocument.INVALID_FIELD)
    public Response export(
            @Parameter(description = "The game title", required = true) @QueryParam("game") String game,
            @Parameter(description = "ISO-8601 instant, inclusive") @QueryParam("from") String from,
            @Parameter(description = "ISO-8601 instant, exclusive") @QueryParam("to") String to,
            @Parameter(
                            description = SANDBOX,
                            schema =
                                    @Schema(
                                            type = SchemaType.STRING,
                                            enumeration = {"exclude", "include"},
                                            defaultValue = "exclude"))
                    @QueryParam("sandbox")
                    String sandbox) {
        return forwarder.stream(
                Upstream.SCORING,
                Uris.withQuery(
                        "/api/v1/exports/events",
                        Uris.query("game", game),
                        Uris.query("from", from),
                        Uris.query("to", to),
                        Uris.query("sandbox", sandbox)),
                null);
    }
}
