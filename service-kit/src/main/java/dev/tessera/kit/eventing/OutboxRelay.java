package dev.tessera.kit.eventing;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.OutOfOrderSequenceException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.errors.UnsupportedVersionException;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Publishes outbox rows to Kafka, at least once and in order per key. Each run takes, slot by slot,
 * a transaction-scoped advisory lock: with several instances of a service each slot (and so each key)
 * is relayed by one instance at a time, in id order; the others skip it. The statement that takes the rows
 * also marks them published, and the transaction commits only after the run's Kafka transaction did: a failed send
 * rolls the marks back, and a crash in between publishes them again, which idempotent consumers absorb. Consumers
 * read committed records only, so a run reaches them whole or not at all, and a key's records in stream order.
 *
 * <p>It uses the plain reactive pool rather than Hibernate: it runs outside any request and waits on
 * Kafka's callbacks, which Hibernate Reactive's session (bound to one event-loop thread) does not allow.
 */
@ApplicationScoped
public class OutboxRelay {
    private static final Logger LOG = Logger.getLogger(OutboxRelay.class);
    /**
     * Arbitrary namespace of our advisory locks (first key of pg_try_advisory_xact_lock(int, int)); whoever holds
     * (LOCK_NAMESPACE, slot) keeps the relay off that slot.
     */
    public static final int LOCK_NAMESPACE = 0x7E55E4A;

    @Inject
    Pool pool;

    @ConfigProperty(name = "kafka.bootstrap.servers")
    String bootstrapServers;

    @ConfigProperty(name = "tessera.outbox.batch-size", defaultValue = "500")
    int batchSize;

    /** Off only to stand in for a crash between commit and publication (the end-to-end tests do). */
    @ConfigProperty(name = "tessera.outbox.enabled", defaultValue = "true")
    boolean enabled;

    /** Names the relay's transactional producers: the service's name, then the instance's. */
    @ConfigProperty(name = "tessera.outbox.transactional-id-prefix", defaultValue = "${quarkus.application.name}-outbox")
    String transactionalIdPrefix;

    /**
     * This instance's stable name (TESSERA_INSTANCE: {@code ./tessera} and the end-to-end tests set "game.2"), the end
     * of its producer's transactional id: started again after a crash, the instance aborts the transaction its
     * predecessor left open at once, rather than its partitions' consumers waiting for the broker's timeout. Two
     * instances must never share it. Without it, every producer gets a random one.
     */
    @ConfigProperty(name = "tessera.instance")
    Optional<String> instance;

    /** How long the broker keeps a relay's transaction open before aborting it (its process died meanwhile). */
    @ConfigProperty(name = "tessera.outbox.transaction-timeout", defaultValue = "PT10S")
    Duration transactionTimeout;

    /** How long a published row is kept (to see what was published, and when) before {@link #purge} deletes it. */
    @ConfigProperty(name = "tessera.outbox.retention", defaultValue = "PT1H")
    Duration retention;

    /** Rows looked at by one purge statement: a purge is many short transactions, never one long one. */
    private static final int PURGE_BATCH = 5_000;

    private volatile KafkaProducer<String, String> producer;
    private final AtomicBoolean running = new AtomicBoolean();
    /**
     * What the next run must look at: a bit per slot known to have rows waiting ({@link #kickFor(String)}), and
     * {@link #ANY_SLOT} when any slot may have (then the run asks the database which have).
     */
    private final AtomicInteger wanted = new AtomicInteger();
    private static final int ANY_SLOT = 1 << Outbox.SLOTS;

    @Inject
    Outbox outbox;

    /**
     * Runs {@code transaction} and, once it has completed (committed), asks for a run if it added outbox rows.
     * For consumers that publish for a few of the many events they apply: the others cost no relay query. Rows
     * added by other transactions meanwhile may cause a run too, which is harmless.
     */
    public <T> Uni<T> after(Supplier<Uni<T>> transaction) {
        return Uni.createFrom().deferred(() -> {
            long before = outbox.addedSoFar();
            return transaction.get().invoke(() -> {
                if (outbox.addedSoFar() != before) {
                    kick();
                }
            });
        });
    }

    /**
     * Asks for a run now (after a commit that added rows), over every slot that has rows waiting; runs are never
     * concurrent within an instance.
     */
    public void kick() {
        request(ANY_SLOT);
    }

    /**
     * Asks for a run now after a commit that added rows for {@code key} only (a move's events, keyed by its
     * game): the run relays that key's slot without first asking the database which slots have rows, one round
     * trip less per move when moves come one at a time. Rows of other slots wait for their own kick or for
     * {@link #poll}.
     */
    public void kickFor(String key) {
        request(1 << Outbox.slot(key));
    }

    private void request(int slots) {
        if (!enabled) {
            return;
        }
        wanted.getAndUpdate(w -> w | slots);
        if (running.compareAndSet(false, true)) {
            runLoop().subscribe().with(x -> { }, e -> {
                failedRuns.incrementAndGet();
                LOG.warn("outbox relay run failed: " + e.getMessage());
            });
        }
    }

    /** Rows waiting for Kafka, as last counted: the outbox lag, exported as tessera_outbox_pending. */
    private final AtomicLong pendingRows = new AtomicLong();

    /**
     * Runs that failed (Kafka refused or did not acknowledge a send, the database was gone): their rows wait for the
     * next run. Exported as tessera_outbox_failed_runs_total; a count that keeps growing while the lag does is the
     * alarm.
     */
    private final AtomicLong failedRuns = new AtomicLong();

    @Inject
    void measure(MeterRegistry registry) {
        registry.gauge("tessera.outbox.pending", pendingRows);
        FunctionCounter.builder("tessera.outbox.failed.runs", failedRuns, AtomicLong::get)
                .description("outbox relay runs that failed; their rows wait for the next run").register(registry);
    }

    /** How many runs failed since the start (what tessera_outbox_failed_runs_total exports). */
    public long failedRuns() {
        return failedRuns.get();
    }

    /** The safety net: rows left by a crash or a failed run are picked up within a second. */
    @Scheduled(every = "${tessera.outbox.interval:1s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void poll() {
        kick();
        if (enabled) {
            pending().subscribe().with(pendingRows::set, e -> { });
        }
    }

    /** Runs until no kick is left: what was asked for before it started, then what was asked for meanwhile. */
    private Uni<Void> runLoop() {
        int slots = wanted.getAndSet(0);
        return relay(slots).replaceWithVoid().eventually(() -> {
            running.set(false);
            if (wanted.get() != 0) {
                request(0);
            }
        });
    }

    /** One pass over the slots asked for ({@link #wanted}'s bits); returns how many rows were published. */
    private Uni<Integer> relay(int slots) {
        if ((slots & ANY_SLOT) != 0) {
            return onConnection(conn -> conn.query("SELECT DISTINCT slot FROM outbox WHERE published_at IS NULL").execute()).chain(rows -> {
                int found = 0;
                for (Row row : rows) {
                    found |= 1 << row.getInteger(0);
                }
                return relay(found);
            });
        }
        Uni<Integer> total = Uni.createFrom().item(0);
        for (int slot = 0; slot < Outbox.SLOTS; slot++) {
            if ((slots & (1 << slot)) != 0) {
                int s = slot;
                total = total.chain(n -> relaySlot(s).map(m -> n + m));
            }
        }
        return total;
    }

    /**
     * Publishes a slot's waiting rows in one transaction of one statement (BEGIN and COMMIT aside): it takes the
     * slot's advisory lock (another instance holding it means that instance relays the slot now: nothing to do
     * here), marks the slot's first waiting rows published and returns them. The lock is an InitPlan of the
     * rows' subquery, evaluated once before its scan: no row is marked without it. The marks are committed only
     * once Kafka has acknowledged every row; a failed send fails the transaction, which rolls them back.
     * {@code RETURNING} gives no order, so the rows are sorted by id again before they are sent: the producer
     * keeps the order of its sends per partition, which is what consumers rely on per key.
     */
    private Uni<Integer> relaySlot(int slot) {
        return pool.withTransaction(conn -> conn.preparedQuery("""
                        UPDATE outbox SET published_at = now() WHERE id = ANY(ARRAY(
                            SELECT id FROM outbox
                            WHERE slot = $1 AND published_at IS NULL AND (SELECT pg_try_advisory_xact_lock($3, $1))
                            ORDER BY id LIMIT $2))
                        RETURNING id, topic, record_key, payload""")
                .execute(Tuple.of(slot, batchSize, LOCK_NAMESPACE))
                .chain(rows -> {
                    if (rows.size() == 0) {
                        return Uni.createFrom().item(0);
                    }
                    List<Row> inOrder = new ArrayList<>(rows.size());
                    rows.forEach(inOrder::add);
                    inOrder.sort(Comparator.comparingLong(row -> row.getLong("id")));
                    // Off the event loop: KafkaProducer.send blocks until it knows the topic's partitions, up to
                    // max.block.ms (60 s). While the broker restarted, that held a service's event loop, and every
                    // request on it, for seconds on end.
                    return Uni.createFrom().item(inOrder).emitOn(Infrastructure.getDefaultWorkerPool()).map(this::publishAtomically);
                }));
    }

    /**
     * Sends a run's rows in one Kafka transaction (blocking: on a worker thread), so that consumers, which read only
     * committed records, see all of them or none. Without it, a send that failed (a partition whose leader died,
     * retried past the delivery timeout) could lose rows while later rows of the same game reached the partition;
     * the run's rollback then published all of them again, and the consumers met a game's events out of order,
     * newer before older, once (the chaos run of BENCHMARKS.md, twelfth session: an Alhambra projection with two
     * tiles on one square). The rows' marks are committed only after the Kafka transaction was.
     */
    private int publishAtomically(List<Row> ordered) {
        KafkaProducer<String, String> p = producer();
        try {
            p.beginTransaction();
            for (Row row : ordered) {
                p.send(record(row.getString("topic"), row.getString("record_key"), row.getString("payload")));
            }
            // Flushes, and throws if any send failed.
            p.commitTransaction();
            return ordered.size();
        } catch (ProducerFencedException | OutOfOrderSequenceException | AuthorizationException | UnsupportedVersionException e) {
            discard(p);
            throw e;
        } catch (KafkaException e) {
            try {
                p.abortTransaction();
            } catch (KafkaException abort) {
                discard(p);
            }
            throw e;
        }
    }

    private static ProducerRecord<String, String> record(String topic, String key, String payload) {
        ProducerRecord<String, String> record = new ProducerRecord<>(topic, key, payload);
        record.headers().add(new RecordHeader("content-type", "application/cloudevents+json".getBytes(StandardCharsets.UTF_8)));
        return record;
    }

    /** A producer that cannot go on (fenced, or its transaction's state unknown): the next run makes a new one. */
    private synchronized void discard(KafkaProducer<String, String> p) {
        if (producer == p) {
            producer = null;
        }
        try {
            p.close(Duration.ZERO);
        } catch (RuntimeException e) {
            LOG.debug("closing a discarded producer: " + e.getMessage());
        }
    }

    /**
     * The relay's transactional producer, made (and its transactions initialised, which blocks) on the first run. A
     * transaction left open by a process that died is aborted when an instance of the same name starts again
     * ({@link #instance}), else by the broker after {@code tessera.outbox.transaction-timeout} (10 s); meanwhile the
     * consumers of its partitions wait. A run's transaction lasts milliseconds.
     */
    private KafkaProducer<String, String> producer() {
        KafkaProducer<String, String> p = producer;
        if (p == null) {
            synchronized (this) {
                if (producer == null) {
                    KafkaProducer<String, String> made = new KafkaProducer<>(Map.of(
                            ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                            ProducerConfig.ACKS_CONFIG, "all",
                            ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                            ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalIdPrefix + "-" + instance.filter(i -> !i.isBlank())
                                    .orElseGet(() -> UUID.randomUUID().toString()),
                            ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, (int) transactionTimeout.toMillis(),
                            ProducerConfig.LINGER_MS_CONFIG, 1,
                            // A run that starts while the broker still writes the previous run's commit markers gets
                            // CONCURRENT_TRANSACTIONS on its first send (transactions v2, Kafka 4: partitions join a
                            // transaction through the produce request) and retries after this backoff; at the default
                            // 100 ms, runs back to back on one partition waited that long (KAFKA-18654). The backoff
                            // still grows exponentially up to retry.backoff.max.ms (1 s) while a broker is gone.
                            ProducerConfig.RETRY_BACKOFF_MS_CONFIG, 10,
                            ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30_000,
                            ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000,
                            ProducerConfig.CLIENT_ID_CONFIG, "tessera-outbox-relay"),
                            new StringSerializer(), new StringSerializer());
                    try {
                        made.initTransactions();
                    } catch (RuntimeException e) {
                        made.close(Duration.ZERO);
                        throw e;
                    }
                    producer = made;
                }
                p = producer;
            }
        }
        return p;
    }

    /**
     * Deletes rows published longer than {@code tessera.outbox.retention} ago, oldest first. The events table
     * keeps every event; the outbox is only the queue towards Kafka, which would otherwise grow by every event
     * ever written. Rows not yet published are never deleted, however old.
     */
    @Scheduled(every = "${tessera.outbox.purge-interval:1m}", delayed = "${tessera.outbox.purge-interval:1m}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> purgeScheduled() {
        return purge().onFailure().invoke(e -> LOG.warn("outbox purge failed: " + e.getMessage())).onFailure().recoverWithNull()
                .replaceWithVoid();
    }

    /**
     * Deletes the rows published more than the retention ago; answers how many. "Ago" by the database's clock,
     * which also stamped {@code published_at}, so that a service host's clock does not matter.
     */
    public Uni<Long> purge() {
        return purgeFrom((double) retention.toMillis() / 1000, 0L);
    }

    /**
     * Each statement looks at the oldest {@link #PURGE_BATCH} rows only (the primary key's first entries) and
     * deletes those published long enough ago; it stops at the first that deletes nothing. Rows are published in
     * about id order, so that is where the old ones are. Selecting "published before" over the whole table
     * instead made PostgreSQL scan all of it for each statement (186 ms at a million rows, against 15 ms). The ids
     * go in as an array (an InitPlan): with {@code id IN (subquery)} a generic plan (game-service's connections
     * use only those) guessed a tenth of the table for the LIMIT and hash-joined it with a scan of the whole table.
     * More than PURGE_BATCH rows left unpublished at the head for good would stop the purge; the relay's lag
     * (tessera_outbox_pending) would be the alarm long before.
     */
    private Uni<Long> purgeFrom(double retentionSeconds, long deletedSoFar) {
        return onConnection(conn -> conn.preparedQuery("""
                        DELETE FROM outbox WHERE id = ANY(ARRAY(SELECT id FROM outbox ORDER BY id LIMIT $2))
                        AND published_at < now() - make_interval(secs => $1)""")
                .execute(Tuple.of(retentionSeconds, PURGE_BATCH)))
                .chain(rows -> rows.rowCount() > 0
                        ? purgeFrom(retentionSeconds, deletedSoFar + rows.rowCount())
                        : Uni.createFrom().item(deletedSoFar));
    }

    /** Rows still waiting for Kafka: the outbox lag, for health and metrics. */
    public Uni<Long> pending() {
        return onConnection(conn -> conn.query("SELECT count(*) FROM outbox WHERE published_at IS NULL").execute())
                .map(rows -> rows.iterator().next().getLong(0));
    }

    /**
     * Runs one statement on a connection taken from the pool, rather than through {@code pool.query(…)}: Vert.x
     * 4.5's pool (SqlConnectionPool.execute) leaves its wait timer armed when it cannot get a connection, and the
     * timer fails the already failed query again when it fires, a connection timeout later, which Vert.x logs as an
     * uncaught {@code IllegalStateException: Result is already complete}. With the database gone, this relay's two
     * statements a second gave every service a burst of them after the database was back
     * (eclipse-vertx/vertx-sql-client#1706). Taking a connection first cancels the timer on either outcome.
     */
    private <T> Uni<T> onConnection(Function<SqlConnection, Uni<T>> statement) {
        return pool.withConnection(statement);
    }

    void stop(@Observes ShutdownEvent event) {
        enabled = false;
        if (producer != null) {
            producer.close();
        }
    }
}
