package dev.tessera.kit.problem;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import dev.tessera.kit.eventing.ConcurrencyConflictException;
import jakarta.persistence.OptimisticLockException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.hibernate.StaleStateException;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import java.util.Map;
import java.util.stream.Collectors;

/**
 * Every error a service answers is {@code application/problem+json}: bad JSON names the field, a lost
 * optimistic-concurrency race is a 409 with the current version, and anything unexpected is a 500 that
 * says nothing of the internals (the cause goes to the log).
 */
public class ProblemMappers {
    private static final Logger LOG = Logger.getLogger(ProblemMappers.class);

    @ServerExceptionMapper
    public Response problem(ProblemException e, UriInfo uri) {
        return respond(e.toProblem(uri.getPath()));
    }

    @ServerExceptionMapper
    public Response conflict(ConcurrencyConflictException e, UriInfo uri) {
        ProblemException p = new ProblemException(409, "version-conflict", "Version conflict",
                "the stream moved on: reload and retry with the current version",
                Map.of("rule", "version-conflict", "expectedVersion", e.expectedVersion()));
        if (e.actualVersion() >= 0) {
            p.with("currentVersion", e.actualVersion());
        }
        return respond(p.toProblem(uri.getPath()));
    }

    @ServerExceptionMapper
    public Response badJson(JsonProcessingException e, UriInfo uri) {
        String field = e instanceof JsonMappingException m && !m.getPath().isEmpty()
                ? m.getPath().stream().map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                        .collect(Collectors.joining(".")).replace(".[", "[")
                : "body";
        return respond(ProblemException.badField(field, "malformed JSON: " + e.getOriginalMessage()).toProblem(uri.getPath()));
    }

    /**
     * JSON of the wrong shape ({@code "seats": "many"}): Quarkus's own mapper for this exception is more
     * specific than {@link #badJson} and would answer plain JSON, so it is mapped by name here.
     */
    @ServerExceptionMapper
    public Response mismatched(MismatchedInputException e, UriInfo uri) {
        return badJson(e, uri);
    }

    /** Two requests changed the same row at once (an entity's version column): the loser retries. */
    @ServerExceptionMapper({StaleStateException.class, OptimisticLockException.class})
    public Response concurrentChange(RuntimeException e, UriInfo uri) {
        return respond(new ProblemException(409, "concurrent-change", "Concurrent change",
                "someone changed this at the same moment; reload and retry", Map.of("rule", "concurrent-change"))
                .toProblem(uri.getPath()));
    }

    @ServerExceptionMapper
    public Response web(WebApplicationException e, UriInfo uri) {
        if (e.getCause() instanceof JsonProcessingException json) {
            return badJson(json, uri);
        }
        int status = e.getResponse().getStatus();
        if (status >= 500) {
            LOG.error("request failed", e);
        }
        String title = Response.Status.fromStatusCode(status) != null
                ? Response.Status.fromStatusCode(status).getReasonPhrase() : "Error";
        String slug = title.toLowerCase().replace(' ', '-');
        return respond(new Problem(Problem.TYPE_BASE + slug, title, status,
                status >= 500 ? "the request could not be completed" : e.getMessage(), uri.getPath(), Map.of()));
    }

    @ServerExceptionMapper
    public Response unexpected(RuntimeException e, UriInfo uri) {
        LOG.error("unexpected error", e);
        return respond(new Problem(Problem.TYPE_BASE + "internal-error", "Internal error", 500,
                "the request could not be completed; it has been logged", uri.getPath(), Map.of()));
    }

    public static Response respond(Problem problem) {
        return Response.status(problem.status()).type(Problem.MEDIA_TYPE).entity(problem).build();
    }
}
