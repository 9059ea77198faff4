package dev.tessera.game.play;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Decides when the game clocks whose deadline has passed are acted on ({@link DueClocks}, a batch at a time).
 *
 * <p>Runs on its own thread (blocking on each batch). It sleeps until the earliest deadline of all the rows, which it
 * reads after each run, or until a row written here meanwhile has an earlier one ({@link #wakeBy}), and it is kicked
 * right after a commit that leaves a bot to act. It keeps going while rows are due, so a game whose seats are
 * all bots plays to its end at once rather than one move per wake. It also wakes at least every
 * {@code tessera.clocks.interval}, for the rows other instances wrote (each instance wakes for its own).
 */
@ApplicationScoped
public class ClockWorker {
    private static final Logger LOG = Logger.getLogger(ClockWorker.class);

    @Inject
    GameClocks clocks;

    @Inject
    DueClocks due;

    /**
     * The longest sleep: rows written by other instances, whose deadlines this one is not told of, wait at most
     * this.
     */
    @ConfigProperty(name = "tessera.clocks.interval", defaultValue = "30s")
    Duration longestSleep;

    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicBoolean again = new AtomicBoolean();
    private volatile boolean stopped;
    private volatile ScheduledExecutorService thread;
    /** When the next wake is planned (epoch ms), and the plan; guarded by this. */
    private long wakeAt = Long.MAX_VALUE;

    private ScheduledFuture<?> wake;

    void start(@Observes StartupEvent event) {
        kick();
    }

    /**
     * A row written here is due at {@code deadline}: wake then, if nothing is planned earlier. The row is written in a
     * transaction that commits long before (a turn lasts seconds at least); a row due at once is the committer's to
     * {@link #kick}.
     */
    public void wakeBy(OffsetDateTime deadline) {
        if (!clocks.enabled() || stopped) {
            return;
        }
        planWake(deadline.toInstant().toEpochMilli(), false);
    }

    /** Plans the next wake at {@code at} (epoch ms): only if earlier than the one planned, unless {@code replace}. */
    private synchronized void planWake(long at, boolean replace) {
        if (!replace && at >= wakeAt) {
            return;
        }
        if (wake != null) {
            wake.cancel(false);
        }
        wakeAt = at;
        try {
            wake = thread().schedule(this::kick, Math.max(0, at - System.currentTimeMillis()), TimeUnit.MILLISECONDS);
        } catch (RuntimeException e) {
            LOG.debugf("clock worker not scheduled: %s", e.getMessage());
        }
    }

    /** Asks for a run now (after a commit that left a bot to act); runs are never concurrent within an instance. */
    public void kick() {
        if (!clocks.enabled() || stopped) {
            return;
        }
        again.set(true);
        if (running.compareAndSet(false, true)) {
            try {
                thread().execute(this::run);
            } catch (RuntimeException e) {
                running.set(false);
                LOG.debugf("clock worker not started: %s", e.getMessage());
            }
        }
    }

    private ScheduledExecutorService thread() {
        ScheduledExecutorService t = thread;
        if (t == null) {
            synchronized (this) {
                if (thread == null) {
                    thread = Executors.newSingleThreadScheduledExecutor(r -> {
                        Thread worker = new Thread(r, "tessera-clocks");
                        worker.setDaemon(true);
                        return worker;
                    });
                }
                t = thread;
            }
        }
        return t;
    }

    private void run() {
        try {
            while (!stopped && again.getAndSet(false)) {
                while (!stopped && runBatch() > 0) {
                    // Rows were acted on: some may be due again at once (a bot still to move).
                }
            }
            if (!stopped) {
                planWake(nextWake(), true);
            }
        } finally {
            running.set(false);
            if (again.get()) {
                kick();
            }
        }
    }

    /**
     * The earliest deadline of all the rows, or the longest sleep from now, whichever comes first (epoch ms). A
     * deadline that has passed although the run just made no progress belongs to a row another instance holds, or one
     * that cannot be acted on yet: looked at again in a second, as a poll would.
     */
    private long nextWake() {
        long now = System.currentTimeMillis();
        long latest = now + longestSleep.toMillis();
        try {
            Optional<OffsetDateTime> next =
                    VertxContextSupport.subscribeAndAwait(() -> Panache.withSession(clocks::nextDeadline));
            return next.map(d -> d.toInstant().toEpochMilli())
                    .map(d -> d <= now ? now + 1_000 : Math.min(latest, d))
                    .orElse(latest);
        } catch (Throwable e) {
            if (!stopped) {
                LOG.warnf(
                        "clock worker could not read the next deadline (%s); looks again in a second", e.getMessage());
            }
            return System.currentTimeMillis() + 1_000;
        }
    }

    /** One batch, one transaction; how many games it changed (0 stops the run until the next wake or kick). */
    int runBatch() {
        try {
            DueClocks.Batch batch = VertxContextSupport.subscribeAndAwait(due::batch);
            batch.committed();
            return batch.progress;
        } catch (Throwable e) {
            if (!stopped) {
                LOG.warnf(e, "clock batch failed; retried at the next wake");
            }
            return 0;
        }
    }

    void stop(@Observes ShutdownEvent event) {
        stopped = true;
        if (thread != null) {
            thread.shutdown();
        }
    }
}
