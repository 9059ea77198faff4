package dev.tessera.gateway.api;

import static dev.tessera.gateway.api.ApiDocument.BAD_CREDENTIAL;
import static dev.tessera.gateway.api.ApiDocument.INVALID_FIELD;
import static dev.tessera.gateway.api.ApiDocument.JSON;

import dev.tessera.gateway.api.model.AlhambraPlacementRequest;
import dev.tessera.gateway.api.model.AlhambraPlacementResult;
import dev.tessera.gateway.api.model.AlhambraScoringRequest;
import dev.tessera.gateway.api.model.AlhambraScoringResult;
import dev.tessera.gateway.api.model.AlhambraWallRequest;
import dev.tessera.gateway.api.model.AlhambraWallResult;
import dev.tessera.gateway.api.model.BuildersFinalRequest;
import dev.tessera.gateway.api.model.BuildersFinalResult;
import dev.tessera.gateway.api.model.CarraraValuationRequest;
import dev.tessera.gateway.api.model.CarraraValuationResult;
import dev.tessera.gateway.api.model.Examples;
import dev.tessera.gateway.upstream.Forwarder;
import dev.tessera.gateway.upstream.Upstream;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Stateless rules and scoring checks for companion apps; no account needed. Bodies and answers pass through
 * as bytes; the model records only describe them in the API document.
 */
@Path("/api/v1/calculators")
@Tag(name = "Calculators")
@Consumes(MediaType.APPLICATION_JSON)
@Produces({MediaType.APPLICATION_JSON, "application/problem+json"})
@APIResponse(responseCode = "400", ref = INVALID_FIELD)
@APIResponse(responseCode = "401", ref = BAD_CREDENTIAL)
public class CalculatorsApi {
    private static final String BASE = "/api/v1/calculators/";

    @Inject
    Forwarder forwarder;

    @POST
    @Path("alhambra/scoring")
    @Operation(
            operationId = "scoreAlhambraRound",
            summary = "Score an Alhambra scoring round from layouts or building counts",
            description =
                    "The same code that scores Tessera's own games. Bad input is a 400 naming the `field` path, e.g. players[1].alhambra[0].walls.")
    @RequestBody(
            required = true,
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = AlhambraScoringRequest.class),
                            examples = @ExampleObject(name = "round-1", value = Examples.ALHAMBRA_SCORING_REQUEST)))
    @APIResponse(
            responseCode = "200",
            description = "Each player's points",
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = AlhambraScoringResult.class),
                            examples = @ExampleObject(name = "round-1", value = Examples.ALHAMBRA_SCORING_RESULT)))
    public Uni<Response> alhambraScoring(byte[] body) {
        return forwarder.post(Upstream.SCORING, BASE + "alhambra/scoring", body, null);
    }

    @POST
    @Path("alhambra/wall")
    @Operation(operationId = "alhambraLongestWall", summary = "The longest continuous outer wall of an Alhambra")
    @RequestBody(
            required = true,
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = AlhambraWallRequest.class),
                            examples = @ExampleObject(name = "one-tile", value = Examples.ALHAMBRA_WALL_REQUEST)))
    @APIResponse(
            responseCode = "200",
            description = "The longest wall",
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = AlhambraWallResult.class),
                            examples = @ExampleObject(name = "one-tile", value = Examples.ALHAMBRA_WALL_RESULT)))
    public Uni<Response> alhambraWall(byte[] body) {
        return forwarder.post(Upstream.SCORING, BASE + "alhambra/wall", body, null);
    }

    @POST
    @Path("alhambra/placement")
    @Operation(
            operationId = "checkAlhambraPlacement",
            summary = "Whether placing, removing or swapping a tile is legal, and which rule forbids it",
            description = "Answered by game-service with the code that judges moves in a game.")
    @RequestBody(
            required = true,
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = AlhambraPlacementRequest.class),
                            examples =
                                    @ExampleObject(name = "unreachable", value = Examples.ALHAMBRA_PLACEMENT_REQUEST)))
    @APIResponse(
            responseCode = "200",
            description = "legal, or the rule that forbids it",
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = AlhambraPlacementResult.class),
                            examples =
                                    @ExampleObject(name = "unreachable", value = Examples.ALHAMBRA_PLACEMENT_RESULT)))
    public Uni<Response> alhambraPlacement(byte[] body) {
        return forwarder.post(Upstream.GAME, BASE + "alhambra/placement", body, null);
    }

    @POST
    @Path("builders/final")
    @Operation(operationId = "buildersFinalStandings", summary = "Final standings of The Builders: Middle Ages")
    @RequestBody(
            required = true,
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = BuildersFinalRequest.class),
                            examples = @ExampleObject(name = "tie", value = Examples.BUILDERS_FINAL_REQUEST)))
    @APIResponse(
            responseCode = "200",
            description = "The standings, best first",
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = BuildersFinalResult.class),
                            examples = @ExampleObject(name = "tie", value = Examples.BUILDERS_FINAL_RESULT)))
    public Uni<Response> buildersFinal(byte[] body) {
        return forwarder.post(Upstream.SCORING, BASE + "builders/final", body, null);
    }

    @POST
    @Path("carrara/valuation")
    @Operation(operationId = "carraraValuation", summary = "A Carrara valuation by building type or by city")
    @RequestBody(
            required = true,
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = CarraraValuationRequest.class),
                            examples = @ExampleObject(name = "palazzi", value = Examples.CARRARA_VALUATION_REQUEST)))
    @APIResponse(
            responseCode = "200",
            description = "What the valuation pays",
            content =
                    @Content(
                            mediaType = JSON,
                            schema = @Schema(implementation = CarraraValuationResult.class),
                            examples = @ExampleObject(name = "palazzi", value = Examples.CARRARA_VALUATION_RESULT)))
    public Uni<Response> carraraValuation(byte[] body) {
        return forwarder.post(Upstream.SCORING, BASE + "carrara/valuation", body, null);
    }
}
