package dev.tessera.kit.problem;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Map;

/**
 * The HTTP layer's own refusals as problems, like every other error (issue 29). Vert.x Web fails a request it
 * cannot route, such as a path with a malformed percent-escape ({@code /games/abc%zz}), with a 400 that Quarkus
 * answered with no body; a failure handler ahead of Quarkus's answers a problem instead. {@link #send} is the one way a
 * route handler (below the JAX-RS resources and their exception mappers) writes a problem.
 *
 * <p>Not reachable from here: what Netty's HTTP decoder refuses before Vert.x makes a request of it (a
 * non-numeric {@code Content-Length}, {@code Content-Length} with chunked encoding, a control character in a
 * header, a request line or headers past the codec's limits). Vert.x answers those, with no body, through the
 * server's {@code invalidRequestHandler}, which it reads once, when each {@code HttpServer} listens; Quarkus 3.33
 * creates its servers and listens with no hook in between, and setting the handler afterwards changes nothing.
 * Nothing short of Vert.x internals or reflection into Quarkus would reach it, so this class does not try; see
 * gateway/README.md, "What the API refuses", and quarkusio/quarkus#55082.
 */
@ApplicationScoped
public class HttpLayerProblems {
    public static final String MALFORMED = Problem.TYPE_BASE + "malformed-request";
    /** First among the failure handlers. */
    static final int ORDER = -1000;

    @Inject
    ObjectMapper mapper;

    void install(@Observes Router router) {
        // A request the router cannot match (its path does not decode) fails outside any route: the router's error
        // handler for the status answers it. One that fails as routing starts (no Host header) goes through the
        // failure handlers, where Quarkus's own (last) would answer it with an empty body: this one comes first.
        router.errorHandler(400, this::malformed);
        router.route().order(ORDER).failureHandler(context -> {
            if (context.statusCode() == 400) {
                malformed(context);
            } else {
                context.next();
            }
        });
    }

    private void malformed(RoutingContext context) {
        send(
                context,
                new Problem(
                        MALFORMED,
                        "Malformed request",
                        400,
                        "the request is not valid HTTP" + reason(context),
                        context.request().path(),
                        Map.of()));
    }

    private static String reason(RoutingContext context) {
        Throwable failure = context.failure();
        return failure == null || failure.getMessage() == null ? "" : ": " + failure.getMessage();
    }

    /** Answers {@code problem}, unless an answer has begun already. */
    public void send(RoutingContext context, Problem problem) {
        if (context.response().headWritten()) {
            return;
        }
        String json;
        try {
            json = mapper.writeValueAsString(problem);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        context.response()
                .setStatusCode(problem.status())
                .putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                .end(json);
    }
}
