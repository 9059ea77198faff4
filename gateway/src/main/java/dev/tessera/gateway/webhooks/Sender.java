package dev.tessera.gateway.webhooks;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.SocketAddress;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.InetAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One attempt of one delivery: the receiver's host is resolved and every address checked ({@link Targets}, against
 * DNS rebinding), then the body is posted to the first address, with the Standard Webhooks headers, signed at this
 * attempt's time. The attempt follows no redirect, lasts at most {@code tessera.webhooks.timeout} from the start to
 * the answer's end, and reads at most {@code tessera.webhooks.max-response} bytes of the answer. A 2xx answer delivers;
 * anything else is a failed attempt with its reason, never an exception.
 */
@ApplicationScoped
public class Sender {
    static final String USER_AGENT = "Tessera-Webhooks/1";

    @Inject
    Vertx vertx;

    @Inject
    WebhookSettings settings;

    private volatile HttpClient client;

    /** What an attempt came to: delivered (a 2xx), or why not. */
    public record Outcome(boolean delivered, int statusCode, long latencyMs, String error) {
        static Outcome failed(int statusCode, long latencyMs, String error) {
            return new Outcome(false, statusCode, latencyMs, error);
        }
    }

    private HttpClient client() {
        HttpClient c = client;
        if (c == null) {
            synchronized (this) {
                if (client == null) {
                    // Redirects are followed only when a request asks (RequestOptions.setFollowRedirects): never here.
                    client = vertx.createHttpClient(new HttpClientOptions()
                            .setKeepAlive(false)
                            .setForceSni(true)
                            .setVerifyHost(true)
                            .setConnectTimeout((int) settings.timeout().toMillis())
                            .setMaxPoolSize(settings.inFlight()));
                }
                c = client;
            }
        }
        return c;
    }

    @PreDestroy
    void close() {
        if (client != null) {
            client.close();
        }
    }

    Uni<Outcome> send(Dispatcher.Claimed delivery) {
        long started = System.nanoTime();
        Targets.Target target;
        try {
            target = Targets.parse(delivery.url(), settings.local());
        } catch (Targets.Refused refused) {
            return Uni.createFrom().item(Outcome.failed(0, 0, refused.getMessage()));
        }
        return Uni.createFrom()
                .item(() -> {
                    try {
                        List<InetAddress> addresses = Targets.resolve(target.host());
                        Targets.check(target, addresses, settings.local());
                        return addresses.get(0);
                    } catch (Targets.Refused refused) {
                        throw new RefusedTarget(refused.getMessage());
                    }
                })
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .chain(address -> post(target, address, delivery, started))
                .onFailure(RefusedTarget.class)
                .recoverWithItem(e -> Outcome.failed(0, millisSince(started), e.getMessage()));
    }

    private Uni<Outcome> post(Targets.Target target, InetAddress address, Dispatcher.Claimed delivery, long started) {
        CompletableFuture<Outcome> outcome = new CompletableFuture<>();
        long timestamp = System.currentTimeMillis() / 1000;
        RequestOptions options = new RequestOptions()
                .setMethod(HttpMethod.POST)
                .setServer(SocketAddress.inetSocketAddress(target.port(), address.getHostAddress()))
                .setHost(target.host())
                .setPort(target.port())
                .setSsl(target.https())
                .setURI(target.pathAndQuery())
                .setFollowRedirects(false)
                .putHeader("content-type", "application/json")
                .putHeader("user-agent", USER_AGENT)
                .putHeader("webhook-id", delivery.id())
                .putHeader("webhook-timestamp", Long.toString(timestamp))
                .putHeader(
                        "webhook-signature",
                        Signatures.sign(
                                delivery.secret(),
                                delivery.previousSecret(),
                                delivery.id(),
                                timestamp,
                                delivery.body()));
        long timeout = settings.timeout().toMillis();
        AtomicBoolean done = new AtomicBoolean();
        AtomicReference<HttpClientRequest> sending = new AtomicReference<>();
        long timer = vertx.setTimer(timeout, t -> {
            if (done.compareAndSet(false, true)) {
                HttpClientRequest request = sending.get();
                if (request != null) {
                    // A slow receiver keeps nothing of ours open.
                    request.reset();
                }
                outcome.complete(Outcome.failed(0, millisSince(started), "no answer within " + timeout + " ms"));
            }
        });
        // On an event loop, so that the answer's handlers are set before it can be read: set from another thread, they
        // could come after a short answer had ended, and the attempt would wait for its timeout.
        vertx.runOnContext(v -> client().request(options)
                .compose(request -> {
                    sending.set(request);
                    if (done.get()) {
                        request.reset();
                    }
                    return request.send(delivery.body());
                })
                .onComplete(sent -> {
                    if (sent.failed()) {
                        if (done.compareAndSet(false, true)) {
                            vertx.cancelTimer(timer);
                            outcome.complete(Outcome.failed(0, millisSince(started), describe(sent.cause())));
                        }
                        return;
                    }
                    read(sent.result(), started, timer, done, outcome);
                }));
        return Uni.createFrom().completionStage(outcome);
    }

    /** Reads at most max-response bytes of the answer, then settles the outcome by its status. */
    private void read(
            HttpClientResponse response,
            long started,
            long timer,
            AtomicBoolean done,
            CompletableFuture<Outcome> outcome) {
        int status = response.statusCode();
        AtomicLong read = new AtomicLong();
        Runnable finish = () -> {
            if (done.compareAndSet(false, true)) {
                vertx.cancelTimer(timer);
                long latency = millisSince(started);
                if (status >= 200 && status < 300) {
                    outcome.complete(new Outcome(true, status, latency, null));
                } else if (status >= 300 && status < 400) {
                    String location = response.getHeader("location");
                    outcome.complete(Outcome.failed(
                            status,
                            latency,
                            "HTTP " + status + ": redirects are not followed"
                                    + (location == null ? "" : " (to " + cut(location, 200) + ")")));
                } else {
                    outcome.complete(Outcome.failed(status, latency, "HTTP " + status));
                }
            }
        };
        response.handler(buffer -> {
            if (read.addAndGet(buffer.length()) > settings.maxResponse()) {
                // Enough of it: the rest is not read, and the connection goes.
                response.request().connection().close();
                finish.run();
            }
        });
        response.exceptionHandler(e -> finish.run());
        response.endHandler(v -> finish.run());
    }

    private static String describe(Throwable failure) {
        String message = failure.getMessage();
        return failure.getClass().getSimpleName() + (message == null ? "" : ": " + cut(message, 300));
    }

    private static String cut(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max) + "…";
    }

    private static long millisSince(long started) {
        return (System.nanoTime() - started) / 1_000_000;
    }

    /** A target refused at delivery time: a failed attempt. */
    static final class RefusedTarget extends RuntimeException {
        RefusedTarget(String message) {
            super(message, null, false, false);
        }
    }
}
