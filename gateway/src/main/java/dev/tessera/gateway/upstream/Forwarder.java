package dev.tessera.gateway.upstream;

import dev.tessera.kit.identity.Caller;
import dev.tessera.kit.problem.Problem;
import dev.tessera.kit.problem.ProblemMappers;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpMethod;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.core.buffer.Buffer;
import io.vertx.mutiny.ext.web.client.HttpRequest;
import io.vertx.mutiny.ext.web.client.HttpResponse;
import io.vertx.mutiny.ext.web.client.WebClient;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.config.Config;
import org.jboss.logging.Logger;

import java.net.URI;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;

/**
 * Passes a public request to the service that owns it, with the caller's identity in a header the
 * services trust, and passes the answer back. The services already answer problem+json; what the
 * gateway adds is a problem of its own when a service cannot be reached, which never names the host.
 * Only the headers set here go upstream: an {@code X-Tessera-Player} a client sends never reaches a service.
 */
@ApplicationScoped
public class Forwarder {
    public static final String PLAYER_HEADER = Caller.PLAYER_HEADER;
    private static final Logger LOG = Logger.getLogger(Forwarder.class);

    @Inject
    Vertx vertx;

    @Inject
    Config config;

    private WebClient client;
    private final java.net.http.HttpClient streaming = java.net.http.HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final Map<Upstream, URI> bases = new EnumMap<>(Upstream.class);
    private long timeoutMs;

    @PostConstruct
    void init() {
        // Keep-alive connections to each service, more than Vert.x's default of 5 per host: under load the
        // requests of many players would otherwise queue for a connection (tessera.upstream.connections).
        client = WebClient.create(vertx, new io.vertx.ext.web.client.WebClientOptions().setKeepAlive(true)
                .setMaxPoolSize(config.getValue("tessera.upstream.connections", Integer.class)));
        for (Upstream u : Upstream.values()) {
            bases.put(u, URI.create(config.getValue("tessera.upstream." + u.configName, String.class)));
        }
        timeoutMs = config.getValue("tessera.upstream.timeout", Duration.class).toMillis();
    }

    public Uni<Response> get(Upstream upstream, String pathAndQuery, String player) {
        return send(upstream, HttpMethod.GET, pathAndQuery, null, player);
    }

    public Uni<Response> post(Upstream upstream, String pathAndQuery, byte[] body, String player) {
        return send(upstream, HttpMethod.POST, pathAndQuery, body, player);
    }

    public Uni<Response> delete(Upstream upstream, String pathAndQuery, String player) {
        return send(upstream, HttpMethod.DELETE, pathAndQuery, null, player);
    }

    /**
     * A GET whose answer may be long (an export): the body is streamed from the service to the client as
     * it arrives, never held whole. Blocking: call it on a worker thread. An unreachable service is the
     * same 503 problem as for {@link #get}.
     */
    public Response stream(Upstream upstream, String pathAndQuery, String player) {
        URI target = bases.get(upstream).resolve(pathAndQuery);
        java.net.http.HttpRequest.Builder request = java.net.http.HttpRequest.newBuilder(target).GET();
        if (player != null) {
            request.header(PLAYER_HEADER, player);
        }
        java.net.http.HttpResponse<java.io.InputStream> answer;
        try {
            answer = streaming.send(request.build(), java.net.http.HttpResponse.BodyHandlers.ofInputStream());
        } catch (java.io.IOException e) {
            LOG.warnf("GET %s on %s failed: %s", pathAndQuery, upstream, e.getMessage());
            return unavailable(upstream, pathAndQuery);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return unavailable(upstream, pathAndQuery);
        }
        jakarta.ws.rs.core.StreamingOutput body = out -> {
            try (java.io.InputStream in = answer.body()) {
                byte[] chunk = new byte[16 * 1024];
                for (int n; (n = in.read(chunk)) >= 0; ) {
                    out.write(chunk, 0, n);
                    out.flush();
                }
            }
        };
        return Response.status(answer.statusCode())
                .type(answer.headers().firstValue("Content-Type").orElse("application/octet-stream")).entity(body).build();
    }

    private Response unavailable(Upstream upstream, String pathAndQuery) {
        return ProblemMappers.respond(new Problem(Problem.TYPE_BASE + "service-unavailable", "Service unavailable", 503,
                "the " + upstream.name().toLowerCase() + " service did not answer; retry shortly", pathAndQuery, Map.of()));
    }

    private Uni<Response> send(Upstream upstream, HttpMethod method, String pathAndQuery, byte[] body, String player) {
        URI base = bases.get(upstream);
        HttpRequest<Buffer> request = client.request(method, base.getPort(), base.getHost(), pathAndQuery)
                .timeout(timeoutMs);
        if (player != null) {
            request.putHeader(PLAYER_HEADER, player);
        }
        Uni<HttpResponse<Buffer>> answer;
        if (body != null) {
            request.putHeader("Content-Type", "application/json");
            answer = request.sendBuffer(Buffer.buffer(body));
        } else {
            answer = request.send();
        }
        return answer.map(Forwarder::toResponse).onFailure().recoverWithItem(e -> {
            LOG.warnf("%s %s on %s failed: %s", method, pathAndQuery, upstream, e.getMessage());
            return unavailable(upstream, pathAndQuery);
        });
    }

    private static Response toResponse(HttpResponse<Buffer> r) {
        Response.ResponseBuilder builder = Response.status(r.statusCode());
        String type = r.getHeader("Content-Type");
        if (type != null) {
            builder.type(type);
        }
        Buffer body = r.body();
        return builder.entity(body == null ? new byte[0] : body.getBytes()).build();
    }
}
