package dev.tessera.kit.problem;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import dev.tessera.events.EventCodec.NewerEventException;
import dev.tessera.kit.db.StorageUnavailable;
import dev.tessera.kit.eventing.ConcurrencyConflictException;
import jakarta.persistence.OptimisticLockException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.io.IOException;
import java.util.Map;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.hibernate.StaleStateException;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Every error a service answers is {@code application/problem+json}: bad JSON names the field, a lost
 * optimistic-concurrency race is a 409 with the current version, a database that cannot be reached is a 503
 * with {@code Retry-After}, and anything else unexpected is a 500 that says nothing of the internals (the cause
 * goes to the log).
 */
public class ProblemMappers {
    private static final Logger LOG = Logger.getLogger(ProblemMappers.class);
    /** Seconds a client is asked to wait before it retries a request that met a database outage. */
    static final int RETRY_AFTER_SECONDS = 1;

    @ConfigProperty(name = "quarkus.application.name", defaultValue = "the service")
    String service;

    @ServerExceptionMapper
    public Response problem(ProblemException e, UriInfo uri) {
        return respond(e.toProblem(uri.getPath()));
    }

    @ServerExceptionMapper
    public Response conflict(ConcurrencyConflictException e, UriInfo uri) {
        ProblemException p = new ProblemException(
                409,
                "version-conflict",
                "Version conflict",
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
                ? m.getPath().stream()
                        .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                        .collect(Collectors.joining("."))
                        .replace(".[", "[")
                : "body";
        return respond(ProblemException.badField(field, "malformed JSON: " + e.getOriginalMessage())
                .toProblem(uri.getPath()));
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
        return respond(new ProblemException(
                        409,
                        "concurrent-change",
                        "Concurrent change",
                        "someone changed this at the same moment; reload and retry",
                        Map.of("rule", "concurrent-change"))
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
                ? Response.Status.fromStatusCode(status).getReasonPhrase()
                : "Error";
        String slug = title.toLowerCase().replace(' ', '-');
        return respond(new Problem(
                Problem.TYPE_BASE + slug,
                title,
                status,
                status >= 500 ? "the request could not be completed" : e.getMessage(),
                uri.getPath(),
                Map.of()));
    }

    /**
     * Anything not mapped above. A failure whose cause chain says the database cannot be reached or the connection
     * to it was lost ({@link StorageUnavailable}) is a 503 with {@code Retry-After}: the same request may well succeed
     * a moment later, and a client should retry it rather than report a bug. Mapped from {@code Throwable}: a refused
     * connection arrives as a checked {@code ConnectException} and the pool's timeout as a bare {@code Throwable},
     * which Quarkus answered with a text/plain 500 and did not log.
     */
    @ServerExceptionMapper
    public Response unexpected(Throwable e, UriInfo uri) {
        NewerEventException newer = NewerEventException.in(e);
        if (newer != null) {
            LOG.warnf("%s answered 503: %s", uri.getPath(), newer.getMessage());
            return newerRelease(uri.getPath(), newer);
        }
        if (StorageUnavailable.matches(e)) {
            // One line, no stack: during an outage every request comes here, and the chain says all there is.
            LOG.warnf("storage unavailable, %s answered 503: %s", uri.getPath(), StorageUnavailable.describe(e));
            return unavailable(uri.getPath());
        }
        if (e instanceof IOException) {
            // As Quarkus does for an unmapped IOException: most likely the client went away.
            LOG.debugf(e, "%s failed with an I/O error, the client likely terminated the connection", uri.getPath());
        } else {
            LOG.error("unexpected error", e);
        }
        return respond(new Problem(
                Problem.TYPE_BASE + "internal-error",
                "Internal error",
                500,
                "the request could not be completed; it has been logged",
                uri.getPath(),
                Map.of()));
    }

    /** 503 {@code service-unavailable}: the service's database cannot be reached now; retry in a moment. */
    Response unavailable(String instance) {
        Problem problem = new Problem(
                Problem.TYPE_BASE + "service-unavailable",
                "Service unavailable",
                503,
                "the storage of " + service + " is unavailable at the moment; retry in a second",
                instance,
                Map.of());
        return retryLater(problem);
    }

    /**
     * 503 {@code newer-release}: what the request needs holds an event that a newer release wrote (a rolling upgrade
     * runs both side by side); another instance, or this one once upgraded, answers it. Changes nothing.
     */
    Response newerRelease(String instance, NewerEventException newer) {
        Problem problem = new Problem(
                Problem.TYPE_BASE + "newer-release",
                "Newer release",
                503,
                service + " is being upgraded and this instance cannot read " + newer.type() + " v" + newer.version()
                        + " yet; retry in a second",
                instance,
                Map.of("rule", "newer-release"));
        return retryLater(problem);
    }

    /** A 503 problem with {@code Retry-After}: the same request may well succeed a moment later. */
    private static Response retryLater(Problem problem) {
        return Response.status(503)
                .type(Problem.MEDIA_TYPE)
                .entity(problem)
                .header("Retry-After", RETRY_AFTER_SECONDS)
                .build();
    }

    public static Response respond(Problem problem) {
        return Response.status(problem.status())
                .type(Problem.MEDIA_TYPE)
                .entity(problem)
                .build();
    }
}
