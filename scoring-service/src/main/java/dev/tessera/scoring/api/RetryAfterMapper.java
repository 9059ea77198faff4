package dev.tessera.scoring.api;

import dev.tessera.kit.problem.ProblemMappers;
import dev.tessera.scoring.ServiceUnavailable;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** service-kit's problem mapper, plus the {@code Retry-After} header a client needs to retry a 503 politely. */
public class RetryAfterMapper {
    @ServerExceptionMapper
    public Response unavailable(ServiceUnavailable e, UriInfo uri) {
        Response problem = ProblemMappers.respond(e.toProblem(uri.getPath()));
        return Response.fromResponse(problem)
                .header("Retry-After", e.retryAfterSeconds())
                .build();
    }
}
