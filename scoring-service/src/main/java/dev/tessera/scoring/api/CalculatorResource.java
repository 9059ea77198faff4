package dev.tessera.scoring.api;

import dev.tessera.kit.problem.ProblemException;
import dev.tessera.kit.problem.ProblemMappers;
import dev.tessera.scoring.alhambra.AlhambraCalculator;
import dev.tessera.scoring.alhambra.AlhambraScoringRequest;
import dev.tessera.scoring.alhambra.AlhambraScoringResponse;
import dev.tessera.scoring.alhambra.AlhambraWallRequest;
import dev.tessera.scoring.alhambra.AlhambraWallResponse;
import dev.tessera.scoring.builders.BuildersCalculator;
import dev.tessera.scoring.builders.BuildersFinalRequest;
import dev.tessera.scoring.builders.BuildersFinalResponse;
import dev.tessera.scoring.carrara.CarraraValuation;
import dev.tessera.scoring.carrara.ValuationInput;
import dev.tessera.scoring.carrara.ValuationResult;
import dev.tessera.scoring.standings.InvalidInputException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Stateless scoring calculators: a companion app can score a tabletop game with the same code that
 * scores Tessera's own games. Pure computation, so they run on the request thread and write nothing.
 */
@Path("/api/v1/calculators")
public class CalculatorResource {

    @POST
    @Path("alhambra/scoring")
    public AlhambraScoringResponse alhambraScoring(AlhambraScoringRequest request) {
        return AlhambraCalculator.score(request);
    }

    @POST
    @Path("alhambra/wall")
    public AlhambraWallResponse alhambraWall(AlhambraWallRequest request) {
        return AlhambraCalculator.longestWall(request);
    }

    @POST
    @Path("builders/final")
    public BuildersFinalResponse buildersFinal(BuildersFinalRequest request) {
        return BuildersCalculator.finalStandings(request);
    }

    @POST
    @Path("carrara/valuation")
    public ValuationResult carraraValuation(ValuationInput request) {
        return CarraraValuation.value(request);
    }

    @ServerExceptionMapper
    public Response invalid(InvalidInputException e, UriInfo uri) {
        String field = e.field() == null || e.field().isEmpty() ? "body" : e.field();
        return ProblemMappers.respond(
                ProblemException.badField(field, e.detail()).toProblem(uri.getPath()));
    }
}
