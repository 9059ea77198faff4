package dev.tessera.gateway.limits;

import dev.tessera.kit.problem.Problem;
import dev.tessera.kit.problem.ProblemMappers;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.vertx.http.runtime.security.QuarkusHttpUser;
import io.vertx.core.net.SocketAddress;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import java.util.OptionalLong;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Applies {@link RateLimiter} to every request of the public API, in one place. It runs before the
 * request is matched to a resource (so unknown paths count too) but after authentication, which Quarkus
 * does first (proactively), so it knows who is calling: a verified player is limited by their id, whatever
 * address they call from; anyone else by the client's IP address. {@code /q/*} (health, metrics, the API
 * document) is not served by these resources and is never limited; a CORS preflight is answered before
 * any of this. A request over the limit is a 429 problem with {@code Retry-After} in seconds, counted in
 * {@code tessera_rate_limited_total{caller="player"|"address"}}.
 */
public class RateLimitFilter {
    public static final String RATE_LIMITED = Problem.TYPE_BASE + "rate-limited";
    static final String METER = "tessera.rate.limited";
    private static final String PLAYER = "player:";

    @Inject
    RateLimiter limiter;

    private Counter players;
    private Counter addresses;

    @Inject
    void measure(MeterRegistry registry) {
        players = counter(registry, "player");
        addresses = counter(registry, "address");
    }

    private static Counter counter(MeterRegistry registry, String caller) {
        return Counter.builder(METER)
                .tag("caller", caller)
                .description("Requests refused with 429 by the rate limit, by who was limited: a verified player, or an"
                        + " address")
                .register(registry);
    }

    @ServerRequestFilter(preMatching = true)
    public Response limit(RoutingContext context) {
        if (!limiter.enabled() || context.normalizedPath().startsWith("/q/")) {
            return null;
        }
        String caller = caller(context);
        OptionalLong wait = limiter.acquire(caller);
        if (wait.isEmpty()) {
            return null;
        }
        (caller.startsWith(PLAYER) ? players : addresses).increment();
        long seconds = wait.getAsLong();
        String detail = "more than " + limiter.requestsPerSecond() + " requests a second (or " + limiter.burst()
                + " at once) from this caller; retry in " + seconds + (seconds == 1 ? " second" : " seconds");
        Response problem = ProblemMappers.respond(new Problem(
                RATE_LIMITED,
                "Too many requests",
                429,
                detail,
                context.normalizedPath(),
                Map.of("retryAfter", seconds)));
        return Response.fromResponse(problem)
                .header(HttpHeaders.RETRY_AFTER, seconds)
                .build();
    }

    /** The player's id for a verified credential, else the client's address (as forwarded, when so configured). */
    static String caller(RoutingContext context) {
        if (context.user() instanceof QuarkusHttpUser user) {
            SecurityIdentity identity = user.getSecurityIdentity();
            if (identity != null && !identity.isAnonymous()) {
                return PLAYER + identity.getPrincipal().getName();
            }
        }
        SocketAddress address = context.request().remoteAddress();
        return "ip:" + (address == null ? "unknown" : address.host());
    }
}
