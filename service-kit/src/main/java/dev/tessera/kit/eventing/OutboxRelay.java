package dev.tessera.kit.eventing;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.kit.observe.MessageTraces;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.api.trace.Span;
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
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Publishes outbox rows to Kafka, at least once and in order per key. A run takes, for the slots it is asked for, a
 * transaction-scoped advisory lock each: with several instances of a service each slot (and so each key) is relayed
 * by one instance at a time, in id order; a slot another instance holds is asked for again a moment later. The
 * statement that takes the rows also marks them published (or, with no retention, deletes them), and the
 * transaction commits only after Kafka acknowledged every row: a failed send rolls the marks or deletions back, and
 * a crash in between publishes the rows again, which idempotent consumers absorb (ADR 0002).
 *
 * <p>Order per key without Kafka transactions: the producer is idempotent (the broker writes a producer's records of a
 * partition in the order sent, each once), it has one batch of a partition in flight at a time, and the first send
 * that fails closes it at once, from the callback that reports the failure, so that nothing queued after the failed
 * row is ever sent by it; the next run, with a new producer, sends the failed row and what followed it again. A
 * partition therefore holds every key's rows as a prefix of the key's stream, then possibly some of them again:
 * consumers meet each event first in stream order.
 *
 * <p>One batch in flight per partition ({@code max.in.flight.requests.per.connection} 1, which makes the producer hold
 * a partition's next batch until the one before is acknowledged) closes a hole idempotence leaves: a broker that
 * knows nothing of a producer (a new one, as every run after a failure has) accepts its first batch on a partition
 * whatever its sequence number. With several batches of a partition in flight, the first sent to a leader that was
 * going away and the second to its successor, the second was written alone, the first failed, and the next run wrote
 * them again after it: later events of a game before earlier ones (found by {@code ./tessera chaos 20} with runs
 * lingering, so carrying more rows, bench/results/journal.md, thirtieth session, item 4, and thirty-first).
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

    /** This instance's name (TESSERA_INSTANCE, "game.2"), in the producer's client id: a broker's logs then say whose it is. */
    @ConfigProperty(name = "tessera.instance")
    Optional<String> instance;

    /**
     * How long a slot that another instance's run holds waits before this instance asks for it again: that run
     * publishes only the rows it found when it started, and rows committed here meanwhile would otherwise wait for the
     * safety net.
     */
    @ConfigProperty(name = "tessera.outbox.contended-retry", defaultValue = "PT0.02S")
    Duration contendedRetry;

    /**
     * The longest a run holds its slots while Kafka has not acknowledged its rows: then it gives up, closes its
     * producer (nothing more of the run is sent) and rolls its marks back, so that an instance cut off from the broker
     * (but not from the database) holds no slot, and so no other instance's rows, longer than this. Its next run first
     * proves that the broker answers ({@link #proven}) before it takes any slot. Also the producer's {@code
     * max.block.ms}: how long a send may wait for a topic's partitions.
     */
    @ConfigProperty(name = "tessera.outbox.publish-timeout", defaultValue = "PT10S")
    Duration publishTimeout;

    /**
     * The shortest time between the starts of two runs. A commit that finds the relay idle for longer than this starts
     * a run at once, so a lone move's events reach Kafka without delay; under load, the commits made while a run
     * lingers go out together in the next one. Each run costs a statement, a transaction and a produce request, and
     * every consumer of its topics a fetch and (in the services) a transaction: at half the saturating load a run went
     * out for nearly every move, and Kafka cost three times its saturated share per move (bench/results/journal.md,
     * thirtieth session). Zero: a run starts as soon as the previous one ends. (Off for a while: a chaos run with it
     * found the ordering hole that one batch per partition in flight now closes, see the class comment.) 50 ms since
     * the thirty-fourth session: at half load a move cost 9-14 % less CPU than with 20 ms (Kafka, and scoring-service's
     * transactions, per move). Rows that someone waits for do not linger ({@link #kickNowFor}, {@link #after}).
     */
    @ConfigProperty(name = "tessera.outbox.linger", defaultValue = "PT0.05S")
    Duration linger;

    /**
     * How long a published row is kept (to see what was published, and when, and for lobby-service to publish it again
     * after Kafka's data is lost: ADR 0009) before {@link #purge} deletes it. Zero: a run deletes the rows it publishes
     * in the statement that takes them ({@link #TAKE_DELETING}), for a service whose own store is the record
     * (game-service's events) or whose results are made again from it (scoring-service). Marking a row published
     * wrote the whole row again, with a new entry in the primary key: deleting instead took 13-36 % off the WAL per
     * move in the bench, and an hour's rows off what autovacuum goes through every minute (bench/results/journal.md,
     * forty-fourth session).
     */
    @ConfigProperty(name = "tessera.outbox.retention", defaultValue = "PT1H")
    Duration retention;

    /** Rows looked at by one purge statement: a purge is many short transactions, never one long one. */
    private static final int PURGE_BATCH = 5_000;

    private volatile KafkaProducer<String, String> producer;
    /** Set when a run failed at Kafka: the next run asks the broker for a topic's partitions before taking a slot. */
    private volatile boolean proveFirst;
    /** A topic the relay published to, to ask the broker about ({@link #proven}). */
    private volatile String knownTopic;

    private final AtomicBoolean running = new AtomicBoolean();
    /** System.nanoTime() of the last run's start. */
    private volatile long lastStart = System.nanoTime() - TimeUnit.DAYS.toNanos(1);
    /** What the next run must look at: a bit per slot that may have rows waiting. */
    private final AtomicInteger wanted = new AtomicInteger();
    /** Rows someone waits for were committed since the last run started: the next run starts without lingering. */
    private volatile boolean hurry;
    /** While a run waits out the linger: what starts it at once (a row someone waits for, {@link #kickNowFor}). */
    private final AtomicReference<Runnable> lingering = new AtomicReference<>();

    private static final int ALL_SLOTS = (1 << Outbox.SLOTS) - 1;

    @Inject
    Outbox outbox;

    @Inject
    EventCodec codec;

    @Inject
    MessageTraces traces;

    /**
     * Runs {@code transaction} and, once it has completed (committed), asks for a run if it added outbox rows, at once,
     * without lingering. For consumers that publish for a few of the many events they apply (the others cost no relay
     * query): what they publish is an answer, or a fact from another service, that someone waits for (a scoring
     * round's points, a valuation, a game's start or its standings), and it is rare beside the moves. Rows added by
     * other transactions meanwhile may cause a run too, which is harmless.
     */
    public <T> Uni<T> after(Supplier<Uni<T>> transaction) {
        return Uni.createFrom().deferred(() -> {
            long before = outbox.addedSoFar();
            return transaction.get().invoke(() -> {
                if (outbox.addedSoFar() != before) {
                    request(ALL_SLOTS, true);
                }
            });
        });
    }

    /**
     * Asks for a run now (after a commit that added rows), over every slot that has rows waiting; runs are never
     * concurrent within an instance.
     */
    public void kick() {
        request(ALL_SLOTS, false);
    }

    /**
     * Asks for a run now after a commit that added rows for {@code key} only (a move's events, keyed by its
     * game): the run takes that key's slot's lock only. Rows of other slots wait for their own kick or for
     * {@link #poll}.
     */
    public void kickFor(String key) {
        request(1 << Outbox.slot(key), false);
    }

    /**
     * As {@link #kickFor}, for rows that someone waits for (an event that another service answers, such as a
     * valuation asked of scoring-service): the run starts now, even while a run lingers, and takes whatever else of
     * the slot waits with them. Rare beside the moves, so the linger still batches the rest.
     */
    public void kickNowFor(String key) {
        request(1 << Outbox.slot(key), true);
    }

    private void request(int slots, boolean now) {
        if (!enabled) {
            return;
        }
        wanted.getAndUpdate(w -> w | slots);
        if (now) {
            hurry = true;
        }
        if (running.compareAndSet(false, true)) {
            // Whole milliseconds: the timer refuses less than one.
            long wait = hurry ? 0 : TimeUnit.NANOSECONDS.toMillis(lastStart + linger.toNanos() - System.nanoTime());
            Uni<Void> run = wait >= 1
                    ? lingered(wait)
                            .onFailure()
                            .invoke(() -> running.set(false))
                            .chain(this::runLoop)
                    : runLoop();
            run.subscribe().with(x -> {}, e -> {
                failedRuns.incrementAndGet();
                LOG.warn("outbox relay run failed: " + e.getMessage());
            });
        } else if (now) {
            // A run that waits out the linger starts at once; one under way is followed at once (hurry).
            Runnable early = lingering.getAndSet(null);
            if (early != null) {
                early.run();
            }
        }
    }

    /** Completes after {@code millis}, or as soon as a row someone waits for is committed ({@link #lingering}). */
    private Uni<Void> lingered(long millis) {
        return Uni.createFrom().emitter(emitter -> {
            AtomicBoolean started = new AtomicBoolean();
            Runnable start = () -> {
                if (started.compareAndSet(false, true)) {
                    emitter.complete(null);
                }
            };
            lingering.set(start);
            // A row someone waits for, committed after this run was asked for but before it began to linger.
            if (hurry && lingering.compareAndSet(start, null)) {
                start.run();
                return;
            }
            Infrastructure.getDefaultWorkerPool()
                    .schedule(
                            () -> {
                                lingering.compareAndSet(start, null);
                                start.run();
                            },
                            millis,
                            TimeUnit.MILLISECONDS);
        });
    }

    /** Rows waiting for Kafka, as last counted: the outbox lag, exported as tessera_outbox_pending. */
    private final AtomicLong pendingRows = new AtomicLong();

    /**
     * Runs that failed (Kafka refused or did not acknowledge a send, the database was gone): their rows wait for the
     * next run. Exported as tessera_outbox_failed_runs_total; a count that keeps growing while the lag does is the
     * alarm.
     */
    private final AtomicLong failedRuns = new AtomicLong();

    /** Runs started, and rows they published: their ratio is how well the relay batches. */
    private final AtomicLong runs = new AtomicLong();

    private final AtomicLong published = new AtomicLong();

    /** Milliseconds since the oldest row waiting for Kafka was written, as last looked at; 0 when none waits. */
    private final AtomicLong oldestMillis = new AtomicLong();

    @Inject
    void measure(MeterRegistry registry) {
        registry.gauge("tessera.outbox.pending", pendingRows);
        Gauge.builder("tessera.outbox.oldest", oldestMillis, millis -> millis.get() / 1000.0)
                .baseUnit("seconds")
                .description("age of the oldest outbox row waiting for Kafka, as last looked at (every "
                        + "tessera.outbox.interval); 0 when none waits")
                .register(registry);
        FunctionCounter.builder("tessera.outbox.runs", runs, AtomicLong::get)
                .description("outbox relay runs started (each a statement, a transaction and a series of sends)")
                .register(registry);
        FunctionCounter.builder("tessera.outbox.published", published, AtomicLong::get)
                .description("outbox rows published to Kafka")
                .register(registry);
        FunctionCounter.builder("tessera.outbox.failed.runs", failedRuns, AtomicLong::get)
                .description("outbox relay runs that failed; their rows wait for the next run")
                .register(registry);
    }

    /** How many runs started since the start (what tessera_outbox_runs_total exports). */
    public long runs() {
        return runs.get();
    }

    /** How many runs failed since the start (what tessera_outbox_failed_runs_total exports). */
    public long failedRuns() {
        return failedRuns.get();
    }

    /**
     * The safety net, and the outbox lag's gauge: rows left by a crash or a failed run are picked up at the latest
     * this long after (at once when their slot is next relayed: a run takes every waiting row of its slots). Every
     * commit that adds rows asks for its own run, so an idle service does nothing else here; the first run is at
     * start, for what a previous process left.
     */
    @Scheduled(every = "${tessera.outbox.interval:10s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void poll() {
        kick();
        if (enabled) {
            backlog()
                    .subscribe()
                    .with(
                            backlog -> {
                                pendingRows.set(backlog.rows());
                                oldestMillis.set(backlog.oldestMillis());
                            },
                            e -> {});
        }
    }

    /** Runs until no kick is left: what was asked for before it started, then what was asked for meanwhile. */
    private Uni<Void> runLoop() {
        lastStart = System.nanoTime();
        runs.incrementAndGet();
        // Before the slots are read: rows someone waits for committed from now on set it again, and are followed at
        // once; those committed before are this run's.
        hurry = false;
        int slots = wanted.getAndSet(0);
        return proven().chain(() -> relay(slots)).replaceWithVoid().eventually(() -> {
            running.set(false);
            if (wanted.get() != 0) {
                request(0, false);
            }
        });
    }

    /**
     * After a run that failed at Kafka, whether the broker answers again: the producer is asked for a topic's
     * partitions (a new producer has none cached, so it must reach a broker; it waits up to the publish timeout), on a
     * worker thread and before any slot is taken. Until it answers, runs fail here and the slots stay free for
     * instances that reach the broker: a partitioned instance's own rows are published by them meanwhile (their
     * {@link #poll} takes every slot). Otherwise nothing to do.
     */
    private Uni<Void> proven() {
        String topic = knownTopic;
        if (!proveFirst || topic == null) {
            return Uni.createFrom().voidItem();
        }
        return Uni.createFrom()
                .item(() -> {
                    producer().partitionsFor(topic);
                    proveFirst = false;
                    return topic;
                })
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .replaceWithVoid();
    }

    /**
     * One pass over the slots asked for ({@link #wanted}'s bits): their waiting rows in one transaction of one
     * statement (BEGIN and COMMIT aside) and one series of sends; runs again while a batch came back full. Answers how
     * many rows were published. A slot another instance holds is asked for again after {@link #contendedRetry}.
     */
    private Uni<Integer> relay(int slots) {
        if (slots == 0) {
            return Uni.createFrom().item(0);
        }
        Short[] asked = new Short[Integer.bitCount(slots)];
        for (int slot = 0, i = 0; slot < Outbox.SLOTS; slot++) {
            if ((slots & (1 << slot)) != 0) {
                asked[i++] = (short) slot;
            }
        }
        return pool.withTransaction(conn -> conn.preparedQuery(retention.isZero() ? TAKE_DELETING : TAKE_MARKING)
                        .execute(Tuple.of(asked, batchSize, LOCK_NAMESPACE))
                        .chain(rows -> {
                            int locked = 0;
                            List<Row> taken = new ArrayList<>(rows.size());
                            for (Row row : rows) {
                                if (row.getLong("id") == null) {
                                    for (Object slot : row.getArrayOfShorts("locked")) {
                                        locked |= 1 << (Short) slot;
                                    }
                                } else {
                                    taken.add(row);
                                }
                            }
                            int held = slots & ~locked;
                            if (held != 0) {
                                Uni.createFrom()
                                        .voidItem()
                                        .onItem()
                                        .delayIt()
                                        .by(contendedRetry)
                                        .subscribe()
                                        .with(x -> request(held, false));
                            }
                            if (taken.isEmpty()) {
                                return Uni.createFrom().item(0);
                            }
                            taken.sort(Comparator.comparingLong(row -> row.getLong("id")));
                            // Off the event loop: KafkaProducer.send blocks until it knows the topic's partitions, up
                            // to
                            // max.block.ms (60 s). While the broker restarted, that held a service's event loop, and
                            // every
                            // request on it, for seconds on end.
                            return Uni.createFrom()
                                    .item(taken)
                                    .emitOn(Infrastructure.getDefaultWorkerPool())
                                    .map(this::publish);
                        }))
                .chain(published -> published == batchSize
                        ? relay(slots).map(more -> published + more)
                        : Uni.createFrom().item(published));
    }

    /**
     * A run's statement: the advisory lock of each slot asked for that no other instance holds (an InitPlan, taken
     * once before any row is read: no row is taken without its slot's lock), then the locked slots' first waiting
     * rows, marked published ({@link #TAKE_MARKING}) or deleted ({@link #TAKE_DELETING}, with no retention) and
     * returned, and one row without an id that says which slots were locked. The transaction commits without waiting
     * for its WAL flush (synchronous_commit off for this transaction only): a mark or a deletion lost in a crash of the
     * database only publishes its row again, which consumers absorb; a move's own commit still waits for its flush.
     * {@code RETURNING} gives no order: the rows are sorted by id again before they are sent.
     */
    private static String take(String change) {
        return """
                WITH locked AS MATERIALIZED (
                    SELECT coalesce(array_agg(s), '{}') AS slots, set_config('synchronous_commit', 'off', true) AS commit_mode
                    FROM unnest(CAST($1 AS smallint[])) AS s WHERE pg_try_advisory_xact_lock($3, s)),
                taken AS (
                    %s WHERE id = ANY(ARRAY(
                        SELECT id FROM outbox WHERE slot = ANY(CAST((SELECT slots FROM locked) AS smallint[])) AND published_at IS NULL
                        ORDER BY id LIMIT $2))
                    RETURNING id, topic, record_key, payload)
                SELECT NULL::bigint AS id, NULL AS topic, NULL AS record_key, NULL AS payload, slots AS locked FROM locked
                UNION ALL
                SELECT id, topic, record_key, payload, NULL FROM taken""".formatted(change);
    }

    private static final String TAKE_MARKING = take("UPDATE outbox SET published_at = now()");
    private static final String TAKE_DELETING = take("DELETE FROM outbox");

    /**
     * Sends a run's rows in id order (blocking: on a worker thread) and waits until Kafka acknowledged each, else
     * throws, so that the run's marks roll back. The first send that fails closes the producer from its callback
     * ({@link FirstFailure}): nothing queued after it goes out, so a key never has a later row on its partition
     * without the earlier ones. Without that, the idempotent producer would go on with the rows after a row that
     * failed (renumbering them, or under a new epoch after a batch expired): they would reach the partition, the
     * failed row after them with the next run, and consumers would meet a game's events out of order (found by
     * {@code ./tessera chaos}, bench/results/journal.md, twelfth session).
     */
    private int publish(List<Row> ordered) {
        KafkaProducer<String, String> p = producer();
        long deadline = System.nanoTime() + publishTimeout.toNanos();
        knownTopic = ordered.get(0).getString("topic");
        FirstFailure failure = new FirstFailure(p);
        List<Future<RecordMetadata>> sent = new ArrayList<>(ordered.size());
        for (Row row : ordered) {
            if (failure.happened()) {
                break;
            }
            String payload = row.getString("payload");
            ProducerRecord<String, String> record =
                    record(row.getString("topic"), row.getString("record_key"), payload);
            Span span = traces.publishing(record, payload, row.getLong("id"));
            Callback then = MessageTraces.sent(span, failure);
            try {
                sent.add(p.send(record, then));
            } catch (RuntimeException e) {
                then.onCompletion(null, e);
            }
        }
        // Each acknowledgement within what is left of the publish timeout (linger is 1 ms: no flush needed); past it,
        // the run gives its slots up.
        for (Future<RecordMetadata> one : sent) {
            try {
                one.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (ExecutionException e) {
                failure.onCompletion(null, e.getCause() instanceof Exception cause ? cause : e);
            } catch (TimeoutException e) {
                failure.onCompletion(
                        null,
                        new org.apache.kafka.common.errors.TimeoutException("Kafka did not acknowledge a run's "
                                + ordered.size() + " row(s) within " + publishTimeout.toMillis() + " ms"));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failure.onCompletion(null, e);
            }
        }
        if (failure.happened()) {
            discard(p);
            throw failure.asException();
        }
        published.addAndGet(ordered.size());
        return ordered.size();
    }

    /** Remembers a run's first failed send and closes the producer at once, from the thread that reports it. */
    private static final class FirstFailure implements Callback {
        private final KafkaProducer<String, String> producer;
        private volatile Exception first;

        FirstFailure(KafkaProducer<String, String> producer) {
            this.producer = producer;
        }

        @Override
        public void onCompletion(RecordMetadata metadata, Exception exception) {
            if (exception == null) {
                return;
            }
            synchronized (this) {
                if (first != null) {
                    return;
                }
                first = exception;
            }
            // From the producer's I/O thread (a failure the broker reported, a batch that expired) this closes at once
            // and aborts every batch not yet sent, before that thread sends anything more.
            producer.close(Duration.ZERO);
        }

        boolean happened() {
            return first != null;
        }

        RuntimeException asException() {
            return first instanceof RuntimeException e ? e : new KafkaException(first);
        }
    }

    /** A record with the CloudEvents headers: its content type, and its type for consumers that pass most types over. */
    private ProducerRecord<String, String> record(String topic, String key, String payload) {
        return record(topic, key, payload, typeOf(payload));
    }

    /** The record the relay publishes for {@code payload} (an envelope of CloudEvents {@code type}; null: unreadable). */
    public static ProducerRecord<String, String> record(String topic, String key, String payload, String type) {
        ProducerRecord<String, String> record = new ProducerRecord<>(topic, key, payload);
        record.headers().add(new RecordHeader(CloudEvent.CONTENT_TYPE_HEADER, CONTENT_TYPE));
        if (type != null) {
            record.headers().add(new RecordHeader(CloudEvent.TYPE_HEADER, type.getBytes(StandardCharsets.UTF_8)));
        }
        return record;
    }

    private static final byte[] CONTENT_TYPE = CloudEvent.CONTENT_TYPE.getBytes(StandardCharsets.UTF_8);

    /** The row's CloudEvents type, or null when the row is not a readable envelope (its consumers will say so). */
    private String typeOf(String payload) {
        try {
            return codec.head(payload).type();
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** A producer that cannot go on (a send failed): the next run makes a new one, and proves it first. */
    private synchronized void discard(KafkaProducer<String, String> p) {
        if (producer == p) {
            producer = null;
        }
        proveFirst = true;
        try {
            p.close(Duration.ZERO);
        } catch (RuntimeException e) {
            LOG.debug("closing a discarded producer: " + e.getMessage());
        }
    }

    /**
     * The relay's producer, made on the first run: idempotent (the broker keeps a producer's records of a partition in
     * the order sent, each once, across retries), acknowledged by every in-sync replica.
     */
    private KafkaProducer<String, String> producer() {
        KafkaProducer<String, String> p = producer;
        if (p == null) {
            synchronized (this) {
                if (producer == null) {
                    producer = new KafkaProducer<>(
                            Map.of(
                                    ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                                    bootstrapServers,
                                    ProducerConfig.ACKS_CONFIG,
                                    "all",
                                    ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                                    true,
                                    ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION,
                                    1,
                                    ProducerConfig.LINGER_MS_CONFIG,
                                    1,
                                    ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG,
                                    30_000,
                                    ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG,
                                    10_000,
                                    ProducerConfig.MAX_BLOCK_MS_CONFIG,
                                    publishTimeout.toMillis(),
                                    ProducerConfig.CLIENT_ID_CONFIG,
                                    "tessera-outbox-relay"
                                            + instance.filter(i -> !i.isBlank())
                                                    .map(i -> "-" + i)
                                                    .orElse("")),
                            new StringSerializer(),
                            new StringSerializer());
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
    @Scheduled(
            every = "${tessera.outbox.purge-interval:1m}",
            delayed = "${tessera.outbox.purge-interval:1m}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> purgeScheduled() {
        return purge().onFailure()
                .invoke(e -> LOG.warn("outbox purge failed: " + e.getMessage()))
                .onFailure()
                .recoverWithNull()
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
                        AND published_at < now() - make_interval(secs => $1)""").execute(Tuple.of(retentionSeconds, PURGE_BATCH)))
                .chain(rows -> rows.rowCount() > 0
                        ? purgeFrom(retentionSeconds, deletedSoFar + rows.rowCount())
                        : Uni.createFrom().item(deletedSoFar));
    }

    /** Rows still waiting for Kafka and the age of the oldest: the outbox lag, for metrics. */
    public Uni<Backlog> backlog() {
        return onConnection(
                        conn -> conn.query("SELECT count(*), coalesce(floor(extract(epoch FROM now() - min(created_at))"
                                        + " * 1000), 0)::bigint FROM outbox WHERE published_at IS NULL")
                                .execute())
                .map(rows -> {
                    var row = rows.iterator().next();
                    return new Backlog(row.getLong(0), row.getLong(1));
                });
    }

    /** Rows waiting for Kafka, and how long ago the oldest of them was written. */
    public record Backlog(long rows, long oldestMillis) {}

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
            producer.close(Duration.ofSeconds(10));
        }
    }
}
