package dev.tessera.gateway.webhooks;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.logging.Logger;

/**
 * Sends the deliveries that are due, from every gateway instance, each delivery by one of them at a time.
 *
 * <p>A run claims due deliveries in one statement ({@code FOR UPDATE SKIP LOCKED}): it counts the attempt and moves
 * the delivery's next attempt past a lease (the attempt's timeout and a margin), so that no other instance takes it
 * meanwhile, and an instance that dies in the middle of an attempt leaves it to another once the lease has run out.
 * Each attempt is then sent without waiting for the others ({@link Sender}), and its outcome recorded in one statement:
 * delivered; or retried after an exponential backoff with jitter; or, past the delivery's {@code give_up_at}, failed.
 * A subscription whose attempts have all failed for {@code tessera.webhooks.pause-after} is paused, with the reason for
 * its owner to read.
 *
 * <p>Runs on its own thread. It sleeps until the earliest next attempt it knows of, at most {@code
 * tessera.webhooks.interval} while deliveries are pending, and without end while none is; it is kicked when a
 * delivery is made, redelivered or a subscription resumed, on this instance. Idle, with nothing pending, it does
 * nothing at all.
 *
 * <p>Each attempt is timed in {@code tessera_webhooks_attempts_seconds{outcome}}: {@code delivered} (a 2xx),
 * {@code retried} (failed, another attempt planned) or {@code failed} (failed past the delivery's {@code give_up_at}:
 * the delivery is given up). {@code tessera_webhooks_in_flight} counts the attempts this instance awaits.
 */
@ApplicationScoped
public class Dispatcher {
    private static final Logger LOG = Logger.getLogger(Dispatcher.class);
    /** The lease beyond the attempt's own timeout. */
    private static final Duration LEASE_MARGIN = Duration.ofSeconds(10);

    @Inject
    Pool pool;

    @Inject
    WebhookSettings settings;

    @Inject
    Sender sender;

    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicBoolean again = new AtomicBoolean();
    private final AtomicInteger inFlight = new AtomicInteger();
    private volatile boolean stopped;
    private ScheduledExecutorService thread;
    /** When the next wake is planned (epoch ms), and the plan; guarded by this. */
    private long wakeAt = Long.MAX_VALUE;

    private ScheduledFuture<?> wake;

    private Timer delivered;
    private Timer retried;
    private Timer failed;

    @Inject
    void measure(MeterRegistry registry) {
        delivered = attempts(registry, "delivered");
        retried = attempts(registry, "retried");
        failed = attempts(registry, "failed");
        Gauge.builder("tessera.webhooks.in.flight", inFlight, AtomicInteger::get)
                .description("Webhook attempts this instance has sent and awaits the answer of")
                .register(registry);
    }

    private static Timer attempts(MeterRegistry registry, String outcome) {
        return Timer.builder("tessera.webhooks.attempts")
                .tag("outcome", outcome)
                .description("Webhook delivery attempts, from the receiver's address checked to its answer read, by"
                        + " outcome: delivered, retried (failed, tried again later) or failed (given up)")
                .register(registry);
    }

    void start(@Observes StartupEvent event) {
        thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "tessera-webhooks");
            t.setDaemon(true);
            return t;
        });
        // Deliveries another instance, or this one before a restart, left pending.
        kick();
    }

    void stop(@Observes ShutdownEvent event) {
        stopped = true;
        if (thread != null) {
            thread.shutdownNow();
        }
    }

    /** Asks for a run now; runs are never concurrent within an instance. */
    public void kick() {
        if (stopped || thread == null) {
            return;
        }
        again.set(true);
        if (running.compareAndSet(false, true)) {
            try {
                thread.execute(this::run);
            } catch (RuntimeException e) {
                running.set(false);
                LOG.debugf("webhook dispatcher not started: %s", e.getMessage());
            }
        }
    }

    private void run() {
        try {
            while (!stopped && again.getAndSet(false)) {
                while (!stopped && claimAndSend() > 0) {
                    // Some were due: more may be.
                }
            }
            if (!stopped) {
                // Never later than a wake planned meanwhile: an attempt that failed while nextWake read the
                // table (seeing the claim's lease) has planned its retry, sooner.
                planWake(nextWake());
            }
        } catch (RuntimeException e) {
            LOG.warnf("webhook dispatcher: %s; trying again in %s", e.getMessage(), settings.interval());
            planWake(System.currentTimeMillis() + settings.interval().toMillis());
        } finally {
            running.set(false);
            if (again.get() && !stopped) {
                kick();
            }
        }
    }

    /** A claimed delivery: what an attempt needs (the secret a rotation replaced, while it still signs, or null). */
    record Claimed(
            String id,
            UUID subscription,
            String url,
            String secret,
            String previousSecret,
            String body,
            int attempt,
            OffsetDateTime giveUpAt) {}

    /** Claims the due deliveries this instance has room for and starts their attempts; how many it claimed. */
    private int claimAndSend() {
        int room = settings.inFlight() - inFlight.get();
        if (room <= 0) {
            return 0;
        }
        double lease = settings.timeout().plus(LEASE_MARGIN).toMillis() / 1000.0;
        List<Claimed> claimed = new ArrayList<>();
        pool.preparedQuery("""
                        UPDATE webhook_deliveries d SET attempts = d.attempts + 1,
                               next_attempt_at = now() + make_interval(secs => $1)
                        FROM webhook_subscriptions s
                        WHERE d.id IN (SELECT w.id FROM webhook_deliveries w JOIN webhook_subscriptions ws
                                       ON ws.id = w.subscription_id
                                       WHERE w.status = 'pending' AND w.next_attempt_at <= now() AND NOT ws.paused
                                       ORDER BY w.next_attempt_at LIMIT $2 FOR UPDATE OF w SKIP LOCKED)
                          AND s.id = d.subscription_id
                        RETURNING d.id, d.subscription_id, s.url, s.secret,
                               CASE WHEN s.previous_secret_until > now() THEN s.previous_secret END,
                               d.body, d.attempts, d.give_up_at""")
                .execute(Tuple.of(lease, room))
                .await()
                .atMost(settings.timeout().plusSeconds(30))
                .forEach(row -> claimed.add(claimed(row)));
        for (Claimed delivery : claimed) {
            inFlight.incrementAndGet();
            sender.send(delivery)
                    .subscribe()
                    .with(
                            outcome -> recorded(delivery, outcome),
                            failure -> recorded(delivery, Sender.Outcome.failed(0, 0, failure.toString())));
        }
        return claimed.size();
    }

    private static Claimed claimed(Row row) {
        return new Claimed(
                row.getString(0),
                row.getUUID(1),
                row.getString(2),
                row.getString(3),
                row.getString(4),
                row.getString(5),
                row.getInteger(6),
                row.getOffsetDateTime(7));
    }

    /** Records an attempt's outcome, in one statement, and plans the wake for its retry. */
    private void recorded(Claimed delivery, Sender.Outcome outcome) {
        OffsetDateTime now = Webhooks.now();
        boolean giveUp = !outcome.delivered() && !now.isBefore(delivery.giveUpAt());
        OffsetDateTime retryAt = outcome.delivered() || giveUp ? null : now.plus(backoff(delivery.attempt()));
        String status = outcome.delivered() ? "delivered" : giveUp ? "failed" : "pending";
        (outcome.delivered() ? delivered : giveUp ? failed : retried)
                .record(outcome.latencyMs(), TimeUnit.MILLISECONDS);
        String reason = "every attempt failed for " + human(settings.pauseAfter()) + "; the last: "
                + (outcome.error() == null ? "HTTP " + outcome.statusCode() : outcome.error());
        pool.preparedQuery("""
                        WITH d AS (UPDATE webhook_deliveries SET status = $2, next_attempt_at = $3,
                                          finished_at = CASE WHEN $2 = 'pending' THEN NULL ELSE CAST($4 AS timestamptz) END
                                   WHERE id = $1 AND attempts = $5 RETURNING subscription_id),
                             a AS (INSERT INTO webhook_attempts (delivery_id, attempt, at, status_code, latency_ms, error)
                                   VALUES ($1, $5, $4, $6, $7, $8) ON CONFLICT DO NOTHING)
                        UPDATE webhook_subscriptions SET
                               failures_in_a_row = CASE WHEN $9 THEN 0 ELSE failures_in_a_row + 1 END,
                               failing_since = CASE WHEN $9 THEN NULL ELSE coalesce(failing_since, $4) END,
                               paused_reason = CASE WHEN NOT $9 AND NOT paused
                                                         AND coalesce(failing_since, $4) <= $4 - make_interval(secs => $10)
                                                    THEN $11 ELSE paused_reason END,
                               paused = paused OR (NOT $9 AND coalesce(failing_since, $4) <= $4 - make_interval(secs => $10))
                        WHERE id = $12""")
                .execute(Tuple.tuple(java.util.Arrays.asList(
                        delivery.id(),
                        status,
                        retryAt,
                        now,
                        delivery.attempt(),
                        outcome.statusCode() == 0 ? null : outcome.statusCode(),
                        (int) outcome.latencyMs(),
                        outcome.error(),
                        outcome.delivered(),
                        settings.pauseAfter().toMillis() / 1000.0,
                        reason,
                        delivery.subscription())))
                .subscribe()
                .with(
                        done -> {
                            inFlight.decrementAndGet();
                            if (retryAt != null) {
                                planWake(retryAt.toInstant().toEpochMilli());
                            }
                            if (inFlight.get() < settings.inFlight()) {
                                // Room again: anything that waited for it.
                                kickIfWaiting();
                            }
                        },
                        failure -> {
                            inFlight.decrementAndGet();
                            // The lease runs out and the delivery is attempted again: at least once.
                            LOG.warnf("webhook delivery %s: outcome not recorded: %s", delivery.id(), failure);
                        });
        if (!outcome.delivered()) {
            LOG.debugf(
                    "webhook delivery %s attempt %d to %s failed: %s",
                    delivery.id(),
                    delivery.attempt(),
                    delivery.url(),
                    outcome.error() == null ? "HTTP " + outcome.statusCode() : outcome.error());
        }
    }

    private volatile boolean wasFull;

    private void kickIfWaiting() {
        if (wasFull) {
            wasFull = false;
            kick();
        }
    }

    /** 12h, 30m, 3s, 500 ms: a setting as its owner wrote it. */
    static String human(Duration d) {
        long ms = d.toMillis();
        if (ms % 3_600_000 == 0) {
            return ms / 3_600_000 + "h";
        }
        if (ms % 60_000 == 0) {
            return ms / 60_000 + "m";
        }
        return ms % 1000 == 0 ? ms / 1000 + "s" : ms + " ms";
    }

    /** The wait before attempt {@code attempt + 1}: the initial backoff doubled per attempt, capped, with jitter. */
    Duration backoff(int attempt) {
        long initial = settings.backoffInitial().toMillis();
        long max = settings.backoffMax().toMillis();
        long exponential = initial << Math.min(attempt - 1, 30);
        long capped = exponential <= 0 || exponential > max ? max : exponential;
        // Full jitter on the upper half: between half the wait and all of it, so that retries spread out.
        return Duration.ofMillis(capped / 2 + ThreadLocalRandom.current().nextLong(capped / 2 + 1));
    }

    /** When to look again: the earliest pending attempt, at most {@code interval} away; never while none is pending. */
    private long nextWake() {
        if (inFlight.get() >= settings.inFlight()) {
            // No room: the next attempt that ends kicks a run (the interval, should that kick be missed).
            wasFull = true;
            return System.currentTimeMillis() + settings.interval().toMillis();
        }
        Row row = pool.preparedQuery(
                        "SELECT min(d.next_attempt_at) FROM webhook_deliveries d JOIN webhook_subscriptions s"
                                + " ON s.id = d.subscription_id WHERE d.status = 'pending' AND NOT s.paused")
                .execute()
                .await()
                .atMost(Duration.ofSeconds(30))
                .iterator()
                .next();
        OffsetDateTime next = row.getOffsetDateTime(0);
        if (next == null) {
            return Long.MAX_VALUE;
        }
        return Math.min(
                next.toInstant().toEpochMilli(),
                System.currentTimeMillis() + settings.interval().toMillis());
    }

    /**
     * Plans a wake at {@code at} (epoch ms) unless one is planned earlier: the earliest wins, and a wake forgets its plan
     * when it fires. (Replacing a plan by a later one lost retries: a run's own plan, read while an attempt's outcome
     * was being recorded, put the retry off to the claim's lease.)
     */
    private synchronized void planWake(long at) {
        if (stopped || thread == null || at >= wakeAt) {
            return;
        }
        if (wake != null) {
            wake.cancel(false);
            wake = null;
        }
        wakeAt = at;
        try {
            wake = thread.schedule(() -> woke(at), Math.max(0, at - System.currentTimeMillis()), TimeUnit.MILLISECONDS);
        } catch (RuntimeException e) {
            wakeAt = Long.MAX_VALUE;
            LOG.debugf("webhook dispatcher not scheduled: %s", e.getMessage());
        }
    }

    private void woke(long at) {
        synchronized (this) {
            if (wakeAt == at) {
                wakeAt = Long.MAX_VALUE;
                wake = null;
            }
        }
        kick();
    }
}
