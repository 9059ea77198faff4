package dev.tessera.gateway.limits;

import dev.tessera.kit.problem.HttpLayerProblems;
import dev.tessera.kit.problem.Problem;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The limits on a request's head, answered as problems: a request-target longer than {@code tessera.limits.max-uri}
 * is a 414, headers larger than {@code tessera.limits.max-headers} in all a 431. Vert.x's HTTP codec refuses the
 * same with an empty answer, before any handler runs and where Quarkus gives no hook; so the codec's own limits
 * ({@code quarkus.http.limits.max-initial-line-length} and {@code max-header-size}) are set higher, and these, the
 * limits clients are told, are checked here, first of all. Past the codec's limits the empty answer remains.
 */
@ApplicationScoped
public class RequestHeadLimit {
    public static final String URI_TOO_LONG = Problem.TYPE_BASE + "uri-too-long";
    public static final String HEADERS_TOO_LARGE = Problem.TYPE_BASE + "headers-too-large";
    /** Before everything, CORS included: nothing else should read a head this large. */
    static final int ORDER = -1000;

    @ConfigProperty(name = "tessera.limits.max-uri", defaultValue = "8192")
    int maxUri;

    @ConfigProperty(name = "tessera.limits.max-headers", defaultValue = "20480")
    int maxHeaders;

    @Inject
    HttpLayerProblems problems;

    void install(@Observes Router router) {
        router.route().order(ORDER).handler(this::check);
    }

    private void check(RoutingContext context) {
        String uri = context.request().uri();
        if (uri.length() > maxUri) {
            refuse(
                    context,
                    new Problem(
                            URI_TOO_LONG,
                            "URI too long",
                            414,
                            "the request's path and query are " + uri.length() + " characters; at most " + maxUri
                                    + " are read",
                            abbreviated(context.request().path()),
                            Map.of("maxLength", maxUri)));
            return;
        }
        int size = 0;
        for (Map.Entry<String, String> header : context.request().headers()) {
            size += header.getKey().length() + header.getValue().length() + 4; // "name: value\r\n"
        }
        if (size > maxHeaders) {
            refuse(
                    context,
                    new Problem(
                            HEADERS_TOO_LARGE,
                            "Request header fields too large",
                            431,
                            "the request's headers are " + size + " bytes; at most " + maxHeaders + " are read",
                            abbreviated(context.request().path()),
                            Map.of("maxBytes", maxHeaders)));
            return;
        }
        context.next();
    }

    private void refuse(RoutingContext context, Problem problem) {
        context.response().putHeader(HttpHeaders.CONNECTION, "close");
        problems.send(context, problem);
    }

    private static String abbreviated(String path) {
        return path == null || path.length() <= 200 ? path : path.substring(0, 200) + "…";
    }
}
