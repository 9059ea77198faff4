package dev.tessera.gateway.limits;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.kit.problem.Problem;
import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Request bodies are limited by Quarkus' own {@code quarkus.http.limits.max-body-size}, whose answer is a
 * bare 413. This answers the same limit first, as a problem: a request that declares a longer body
 * ({@code Content-Length}) is refused before it is read, and the connection closed. A
 * chunked body (no declared length) is read here with Vert.x' body handler, which fails with 413 as soon as
 * it grows past the limit; the failure handler here answers that as a problem.
 */
@ApplicationScoped
public class BodySizeLimit {
    public static final String TOO_LARGE = Problem.TYPE_BASE + "payload-too-large";
    /**
     * Early, before Quarkus' own check (order -2) and the resources read the body, but after its CORS filter,
     * so that a browser may read the answer (LimitsTest checks the CORS headers on a 413).
     */
    static final int ORDER = -250;

    @ConfigProperty(name = "quarkus.http.limits.max-body-size")
    Optional<MemorySize> maxBodySize;

    @Inject
    ObjectMapper mapper;

    void install(@Observes Router router) {
        if (maxBodySize.isEmpty()) {
            return;
        }
        long max = maxBodySize.get().asLongValue();
        BodyHandler chunked = BodyHandler.create(false).setBodyLimit(max);
        router.route().order(ORDER).handler(context -> {
            String length = context.request().getHeader(HttpHeaders.CONTENT_LENGTH);
            if (length != null) {
                if (declaredLength(length) > max) {
                    context.response().putHeader(HttpHeaders.CONNECTION, "close");
                    answer(context, max);
                    return;
                }
                context.next();
            } else if (context.request().headers().contains(HttpHeaders.TRANSFER_ENCODING, HttpHeaders.CHUNKED, true)) {
                // Read here, counting: past the limit it fails with 413 (below); the resources get the body read.
                chunked.handle(context);
            } else {
                context.next();
            }
        });
        router.route().order(ORDER).failureHandler(context -> {
            if (context.statusCode() == 413 && !context.response().headWritten()) {
                answer(context, max);
            } else {
                context.next();
            }
        });
    }

    private static long declaredLength(String header) {
        try {
            return Long.parseLong(header.trim());
        } catch (NumberFormatException e) {
            return -1; // Vert.x refuses a malformed Content-Length by itself
        }
    }

    private void answer(RoutingContext context, long max) {
        Problem problem = new Problem(
                TOO_LARGE,
                "Payload too large",
                413,
                "the request body is larger than " + max + " bytes",
                context.normalizedPath(),
                Map.of("maxBytes", max));
        String json;
        try {
            json = mapper.writeValueAsString(problem);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        context.response()
                .setStatusCode(413)
                .putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                .end(json);
    }
}
