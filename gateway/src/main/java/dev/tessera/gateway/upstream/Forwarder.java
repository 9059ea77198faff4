package dev.tessera.gateway.upstream;

import dev.tessera.kit.identity.Caller;
import dev.tessera.kit.problem.Problem;
import dev.tessera.kit.problem.ProblemMappers;
import io.quarkus.runtime.Startup;
import io.smallrye.mutiny.Uni;
import io.smallrye.stork.Stork;
import io.smallrye.stork.api.Service;
import io.smallrye.stork.api.ServiceDefinition;
import io.smallrye.stork.api.ServiceInstance;
import io.smallrye.stork.api.config.ConfigWithType;
import io.smallrye.stork.loadbalancer.leastresponsetime.LeastResponseTimeConfiguration;
import io.smallrye.stork.servicediscovery.dns.DnsConfiguration;
import io.smallrye.stork.servicediscovery.staticlist.StaticConfiguration;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.core.buffer.Buffer;
import io.vertx.mutiny.core.http.HttpClient;
import io.vertx.mutiny.core.http.HttpClientRequest;
import io.vertx.mutiny.core.http.HttpClientResponse;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpConnectTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.eclipse.microprofile.config.Config;
import org.jboss.logging.Logger;

/**
 * Passes a public request to the service that owns it, with the caller's identity in a header the
 * services trust, and passes the answer back. The services already answer problem+json; what the
 * gateway adds is a problem of its own when a service cannot be reached, which never names the host.
 * Only the headers set here go upstream: an {@code X-Tessera-Player} a client sends never reaches a service.
 * <p>
 * A service may run as several instances ({@code tessera.upstream.<service>} is a list of base URLs). Stork picks
 * one per request (least response time, a failing instance counting as a very slow one), except for a request about
 * one game ({@link #get(Upstream, String, String, String)}, {@link #post(Upstream, String, String, byte[], String)}
 * with the game's id): it goes to the game's own instance, the same from every gateway, chosen by {@link Affinity}
 * from the game id and the instances' addresses alone, so that game-service answers from the game it keeps in
 * memory; Stork still records the call, so that its statistics count every request. A request that could not be
 * delivered to an instance (no connection) goes to another one (for a game: its next choice), each tried once; a
 * request that was sent and then failed is never sent again (a move could be applied twice) and is a 503 the client
 * may retry. An instance's own 503 counts as a failure for that choice, and a GET it answered so goes to another
 * instance. An instance that failed comes after the others in a game's order for a few seconds.
 */
@Startup
@ApplicationScoped
public class Forwarder {
    public static final String PLAYER_HEADER = Caller.PLAYER_HEADER;
    private static final String RETRY_AFTER = "Retry-After";
    private static final Logger LOG = Logger.getLogger(Forwarder.class);

    @Inject
    Vertx vertx;

    @Inject
    Config config;

    private HttpClient client;
    private java.net.http.HttpClient streaming;
    private final Map<Upstream, Service> services = new EnumMap<>(Upstream.class);
    private final Affinity affinity = new Affinity();
    private long timeoutMs;

    @PostConstruct
    void init() {
        timeoutMs = config.getValue("tessera.upstream.timeout", Duration.class).toMillis();
        Duration connectTimeout = config.getValue("tessera.upstream.connect-timeout", Duration.class);
        // Keep-alive connections to each instance, more than Vert.x's default of 5 per host: under load the
        // requests of many players would otherwise queue for a connection (tessera.upstream.connections).
        client = vertx.createHttpClient(
                new HttpClientOptions().setKeepAlive(true).setConnectTimeout((int) connectTimeout.toMillis()),
                new PoolOptions().setHttp1MaxSize(config.getValue("tessera.upstream.connections", Integer.class)));
        streaming = java.net.http.HttpClient.newBuilder()
                .connectTimeout(connectTimeout)
                .build();
        boolean dns = switch (config.getValue("tessera.upstream.discovery", String.class)) {
            case "static" -> false;
            case "dns" -> true;
            default ->
                throw new IllegalStateException("tessera.upstream.discovery (UPSTREAM_DISCOVERY): static or dns");
        };
        Duration dnsRefresh = config.getValue("tessera.upstream.dns-refresh", Duration.class);
        for (Upstream u : Upstream.values()) {
            services.put(
                    u, define(u, config.getValue("tessera.upstream." + u.configName, String.class), dns, dnsRefresh));
        }
    }

    /**
     * The service's instances, from the one setting an operator writes (LOBBY_URL…): one base URL or several,
     * comma-separated, for Stork's static list; or, with {@code tessera.upstream.discovery=dns}, one base URL whose
     * host name DNS resolves to every instance's address (Docker's and Podman's networks do so for a scaled
     * Compose service), looked up again every {@code tessera.upstream.dns-refresh}.
     */
    private static Service define(Upstream upstream, String urls, boolean dns, Duration dnsRefresh) {
        List<String> addresses = new ArrayList<>();
        Boolean secure = null;
        for (String url : urls.split(",")) {
            if (url.isBlank()) {
                continue;
            }
            URI uri = URI.create(url.trim());
            boolean https = "https".equals(uri.getScheme());
            if (!https && !"http".equals(uri.getScheme()) || uri.getHost() == null) {
                throw new IllegalStateException("tessera.upstream." + upstream.configName + ": " + url.trim()
                        + " is not an http:// or https:// base URL");
            }
            if (secure != null && secure != https) {
                throw new IllegalStateException("tessera.upstream." + upstream.configName
                        + ": every instance of a service is http, or every one https");
            }
            secure = https;
            addresses.add(uri.getHost() + ":" + (uri.getPort() > 0 ? uri.getPort() : https ? 443 : 80));
        }
        if (addresses.isEmpty()) {
            throw new IllegalStateException("tessera.upstream." + upstream.configName + " names no instance");
        }
        if (dns && addresses.size() != 1) {
            throw new IllegalStateException("tessera.upstream." + upstream.configName
                    + ": with DNS discovery, one base URL whose name resolves to the instances");
        }
        Stork stork = Stork.getInstance();
        if (stork.getServiceOptional(upstream.configName).isPresent()) {
            LOG.infof(
                    "%s: instances from Stork's own configuration (quarkus.stork.%s), not from %s",
                    upstream.configName, upstream.configName, urls);
        }
        ConfigWithType discovery;
        if (dns) {
            String address = addresses.get(0);
            int colon = address.lastIndexOf(':');
            // A records, so a refused or vanished address is dropped at the next look-up; until then the request goes
            // to the next instance. No answer at all (every instance down) is an empty list: a 503 to the client.
            discovery = new DnsConfiguration()
                    .withHostname(address.substring(0, colon))
                    .withPort(address.substring(colon + 1))
                    .withRecordType("A")
                    .withSecure(String.valueOf(secure))
                    .withFailOnError("false")
                    .withRefreshPeriod(dnsRefresh.toSeconds() + "s");
        } else {
            discovery = new StaticConfiguration()
                    .withAddressList(String.join(",", addresses))
                    .withSecure(String.valueOf(secure));
        }
        stork.defineIfAbsent(
                upstream.configName, ServiceDefinition.of(discovery, new LeastResponseTimeConfiguration()));
        return stork.getService(upstream.configName);
    }

    public Uni<Response> get(Upstream upstream, String pathAndQuery, String player) {
        return get(upstream, null, pathAndQuery, player);
    }

    /**
     * A GET about one game ({@code affinityKey}: its id) goes to the game's own instance, or while it fails to the
     * game's next choice ({@link Affinity}); a null key is Stork's choice, as {@link #get(Upstream, String, String)}.
     */
    public Uni<Response> get(Upstream upstream, String affinityKey, String pathAndQuery, String player) {
        return send(upstream, affinityKey, HttpMethod.GET, pathAndQuery, null, player);
    }

    public Uni<Response> post(Upstream upstream, String pathAndQuery, byte[] body, String player) {
        return post(upstream, null, pathAndQuery, body, player);
    }

    /** A POST about one game ({@code affinityKey}: its id), to the game's own instance as for {@link #get}. */
    public Uni<Response> post(Upstream upstream, String affinityKey, String pathAndQuery, byte[] body, String player) {
        return send(upstream, affinityKey, HttpMethod.POST, pathAndQuery, body, player);
    }

    public Uni<Response> delete(Upstream upstream, String pathAndQuery, String player) {
        return send(upstream, null, HttpMethod.DELETE, pathAndQuery, null, player);
    }

    /**
     * Stork's choice among {@code untried}, or with a key the first of the key's order that is untried; either way
     * through Stork, which records the call's start (then its reply and end, or failure, as the caller records them)
     * in the statistics its least-response-time choice reads. The instance is no longer untried.
     */
    private ServiceInstance pick(Service service, String affinityKey, List<ServiceInstance> untried) {
        ServiceInstance instance = service.selectInstanceAndRecordStart(
                affinityKey == null || untried.isEmpty() ? untried : List.of(affinity.first(affinityKey, untried)),
                true);
        untried.removeIf(i -> i.getId() == instance.getId());
        return instance;
    }

    /** The end of a call to {@code instance} for Stork's statistics; a failure also for {@link Affinity}. */
    private void ended(ServiceInstance instance, Throwable failure) {
        instance.recordEnd(failure);
        if (failure != null) {
            affinity.failed(instance);
        }
    }

    /**
     * A GET whose answer may be long (an export): the body is streamed from the service to the client as
     * it arrives, never held whole. Blocking: call it on a worker thread. An unreachable service is the
     * same 503 problem as for {@link #get}; the answer must start within {@code tessera.upstream.timeout}. No key:
     * the only streamed call, an export, is about a title's games, not one game.
     */
    public Response stream(Upstream upstream, String pathAndQuery, String player) {
        long deadline = System.nanoTime() + timeoutMs * 1_000_000;
        Service service = services.get(upstream);
        List<ServiceInstance> untried =
                new ArrayList<>(service.getInstances().await().indefinitely());
        if (untried.isEmpty()) { // DNS discovery while no instance is up
            return unavailable(upstream, pathAndQuery);
        }
        // The last instance's own 503, passed on if no other instance answers.
        Response refused = null;
        while (true) {
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0) {
                LOG.warnf("GET %s on %s: no answer within %d ms", pathAndQuery, upstream, timeoutMs);
                return refused != null ? refused : unavailable(upstream, pathAndQuery);
            }
            ServiceInstance instance = pick(service, null, untried);
            java.net.http.HttpRequest.Builder request = java.net.http.HttpRequest.newBuilder(
                            uri(instance, pathAndQuery))
                    .timeout(Duration.ofNanos(remaining))
                    .GET();
            if (player != null) {
                request.header(PLAYER_HEADER, player);
            }
            java.net.http.HttpResponse<InputStream> answer;
            try {
                answer = streaming.send(request.build(), java.net.http.HttpResponse.BodyHandlers.ofInputStream());
            } catch (ConnectException | HttpConnectTimeoutException e) {
                // Never reached the instance: another one may take it.
                ended(instance, e);
                LOG.debugf(
                        "GET %s on %s: %s:%d not reachable (%s)",
                        pathAndQuery, upstream, instance.getHost(), instance.getPort(), e.toString());
                if (untried.isEmpty()) {
                    LOG.warnf("GET %s on %s: no instance reachable", pathAndQuery, upstream);
                    return refused != null ? refused : unavailable(upstream, pathAndQuery);
                }
                continue;
            } catch (IOException e) {
                ended(instance, e);
                LOG.warnf("GET %s on %s failed: %s", pathAndQuery, upstream, e.toString());
                return unavailable(upstream, pathAndQuery);
            } catch (InterruptedException e) {
                ended(instance, e);
                Thread.currentThread().interrupt();
                return unavailable(upstream, pathAndQuery);
            }
            instance.recordReply();
            if (answer.statusCode() == 503) {
                // The instance's own 503 (its database out of reach, say): another instance may answer. The problem
                // is short; it is read whole, to be passed on if none does.
                byte[] problem;
                try (InputStream in = answer.body()) {
                    problem = in.readNBytes(64 * 1024);
                } catch (IOException e) {
                    problem = new byte[0];
                }
                ended(instance, new InstanceUnavailable(instance));
                refused = passedOn(answer, problem).build();
                if (untried.isEmpty()) {
                    return refused;
                }
                LOG.debugf(
                        "GET %s on %s: 503 from %s:%d, asking another instance",
                        pathAndQuery, upstream, instance.getHost(), instance.getPort());
                continue;
            }
            jakarta.ws.rs.core.StreamingOutput body = out -> {
                Throwable failure = null;
                try (InputStream in = answer.body()) {
                    byte[] chunk = new byte[16 * 1024];
                    for (int n; (n = in.read(chunk)) >= 0; ) {
                        out.write(chunk, 0, n);
                        out.flush();
                    }
                } catch (IOException | RuntimeException e) {
                    failure = e;
                    throw e;
                } finally {
                    ended(instance, failure);
                }
            };
            return passedOn(answer, body).build();
        }
    }

    /** A streamed answer's status and the headers the client is given, with {@code entity}. */
    private static Response.ResponseBuilder passedOn(java.net.http.HttpResponse<InputStream> answer, Object entity) {
        Response.ResponseBuilder builder = Response.status(answer.statusCode())
                .type(answer.headers().firstValue("Content-Type").orElse("application/octet-stream"));
        answer.headers().firstValue(RETRY_AFTER).ifPresent(v -> builder.header(RETRY_AFTER, v));
        // A created resource's address, as a path of the public API (the service's host and port are its own).
        answer.headers()
                .firstValue("Location")
                .map(Forwarder::publicPath)
                .ifPresent(path -> builder.header("Location", path));
        return builder.entity(entity);
    }

    /** A created resource's address as a path of the public API: the service's own host and port are not for clients. */
    private static String publicPath(String location) {
        return URI.create(location).getRawPath();
    }

    private static URI uri(ServiceInstance instance, String pathAndQuery) {
        String host = instance.getHost().contains(":") ? "[" + instance.getHost() + "]" : instance.getHost(); // IPv6
        return URI.create(
                (instance.isSecure() ? "https://" : "http://") + host + ":" + instance.getPort() + pathAndQuery);
    }

    /** Retryable: the client may send the same request again after Retry-After (a move with the same expectedVersion). */
    private static Response unavailable(Upstream upstream, String pathAndQuery) {
        Response problem = ProblemMappers.respond(new Problem(
                Problem.TYPE_BASE + "service-unavailable",
                "Service unavailable",
                503,
                "the " + upstream.name().toLowerCase() + " service did not answer; retry shortly",
                pathAndQuery,
                Map.of()));
        return Response.fromResponse(problem).header(RETRY_AFTER, "1").build();
    }

    private Uni<Response> send(
            Upstream upstream, String affinityKey, HttpMethod method, String pathAndQuery, byte[] body, String player) {
        Service service = services.get(upstream);
        Exchange exchange = new Exchange(
                upstream,
                service,
                affinityKey,
                method,
                pathAndQuery,
                body,
                player,
                System.nanoTime() + timeoutMs * 1_000_000);
        return service.getInstances()
                .chain(instances -> attempt(exchange, new ArrayList<>(instances)))
                .ifNoItem()
                .after(Duration.ofMillis(timeoutMs))
                .failWith(() -> new TimeoutException("no answer within " + timeoutMs + " ms"))
                .onFailure()
                .recoverWithItem(e -> {
                    LOG.warnf("%s %s on %s failed: %s", method, pathAndQuery, upstream, e.toString());
                    return unavailable(upstream, pathAndQuery);
                });
    }

    private record Exchange(
            Upstream upstream,
            Service service,
            String affinityKey,
            HttpMethod method,
            String pathAndQuery,
            byte[] body,
            String player,
            long deadline) {}

    /**
     * Sends to one instance of those not tried yet (for a game: the first of its order). Vert.x hands out the request
     * only once it has a connection to the instance, so a failure before that means nothing was sent: then the next
     * instance is tried.
     */
    private Uni<Response> attempt(Exchange exchange, List<ServiceInstance> untried) {
        ServiceInstance instance = pick(exchange.service(), exchange.affinityKey(), untried);
        long remainingMs = Math.max(1, (exchange.deadline() - System.nanoTime()) / 1_000_000);
        RequestOptions options = new RequestOptions()
                .setMethod(exchange.method())
                .setHost(instance.getHost())
                .setPort(instance.getPort())
                .setSsl(instance.isSecure())
                .setURI(exchange.pathAndQuery())
                // connect: the wait for a pooled or new connection; idle: for the next bytes of the answer
                .setConnectTimeout(remainingMs)
                .setIdleTimeout(remainingMs);
        return client.request(options).onItemOrFailure().transformToUni((request, notConnected) -> {
            if (notConnected != null) {
                ended(instance, notConnected);
                LOG.debugf(
                        "%s %s on %s: %s:%d not reachable (%s)",
                        exchange.method(),
                        exchange.pathAndQuery(),
                        exchange.upstream(),
                        instance.getHost(),
                        instance.getPort(),
                        notConnected.toString());
                return untried.isEmpty()
                        ? Uni.createFrom()
                                .failure(new ConnectException("no instance reachable: " + notConnected.getMessage()))
                        : attempt(exchange, untried);
            }
            return deliver(request, exchange)
                    .onTermination()
                    .invoke((answer, failure, cancelled) -> {
                        if (answer != null) {
                            instance.recordReply();
                        } else {
                            // sent, so not sent again (the caller logs the failure; this names the instance)
                            LOG.debugf(
                                    "%s %s on %s: %s:%d failed after the request was sent (%s)",
                                    exchange.method(),
                                    exchange.pathAndQuery(),
                                    exchange.upstream(),
                                    instance.getHost(),
                                    instance.getPort(),
                                    cancelled ? "timed out" : failure.toString());
                        }
                        ended(
                                instance,
                                cancelled
                                        ? new TimeoutException("cancelled")
                                        : failure != null ? failure : unavailable(instance, answer.getStatus()));
                    })
                    // cancelled when the gateway's timeout fires: let go of the connection too
                    .onCancellation()
                    .invoke(request::reset)
                    // The instance's own 503 to a GET (its database out of reach, say): another instance may answer.
                    // Anything else, a move above all, was taken by the instance and is not sent again.
                    .chain(answer ->
                            answer.getStatus() == 503 && exchange.method() == HttpMethod.GET && !untried.isEmpty()
                                    ? attempt(exchange, untried).onFailure().recoverWithItem(answer)
                                    : Uni.createFrom().item(answer));
        });
    }

    /**
     * An instance that answered 503 counts as failing for the least-response-time choice. A service's 503 is quick (a
     * pool that cannot reach its database fails at once); counted as a reply, it kept the instance in the rotation
     * like a healthy one, or ahead of it, and its share of moves failed (4 of 20 in InstancesTest, against at most 2).
     */
    private static Throwable unavailable(ServiceInstance instance, int status) {
        return status == 503 ? new InstanceUnavailable(instance) : null;
    }

    /** What Stork records for an instance's 503: never thrown. */
    private static final class InstanceUnavailable extends Exception {
        InstanceUnavailable(ServiceInstance instance) {
            super(instance.getHost() + ":" + instance.getPort() + " answered 503", null, false, false);
        }
    }

    private static Uni<Response> deliver(HttpClientRequest request, Exchange exchange) {
        if (exchange.player() != null) {
            request.putHeader(PLAYER_HEADER, exchange.player());
        }
        Uni<HttpClientResponse> answer;
        if (exchange.body() != null) {
            request.putHeader("Content-Type", "application/json");
            answer = request.send(Buffer.buffer(exchange.body()));
        } else {
            answer = request.send();
        }
        return answer.chain(response -> response.body().map(body -> toResponse(response, body)));
    }

    private static Response toResponse(HttpClientResponse r, Buffer body) {
        Response.ResponseBuilder builder = Response.status(r.statusCode());
        String type = r.getHeader("Content-Type");
        if (type != null) {
            builder.type(type);
        }
        // A service's own 503 (a store moving to another instance, too many exports) says when to retry.
        String retryAfter = r.getHeader(RETRY_AFTER);
        if (retryAfter != null) {
            builder.header(RETRY_AFTER, retryAfter);
        }
        String location = r.getHeader("Location");
        if (location != null) {
            builder.header("Location", publicPath(location));
        }
        return builder.entity(body == null ? new byte[0] : body.getBytes()).build();
    }
}
