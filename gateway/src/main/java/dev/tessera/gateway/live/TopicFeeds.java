package dev.tessera.gateway.live;

import io.quarkus.runtime.ShutdownDelayInitiatedEvent;
import io.smallrye.common.annotation.Identifier;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.operators.multi.processors.BroadcastProcessor;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * What the gateway's live feeds share ({@link LiveFeeds}, a game's events; {@link TableFeeds}, the tables' changes):
 * topics read only while someone follows a feed through this instance. The first follower starts a reader of all the
 * topics' partitions from their end (assigned, no consumer group, nothing committed, so any instance can serve any
 * follower), and the reader stops once nobody has followed anything for {@code tessera.live.linger}. Each subclass
 * turns a record into what its followers get, {@link #publish published} under a key (a game's id; one key for all
 * the tables); nothing is kept for a key nobody follows.
 */
public abstract class TopicFeeds<T> {
    private static final Logger LOG = Logger.getLogger(TopicFeeds.class);
    private static final Duration PARTITIONS_LOOKED_AT_EVERY = Duration.ofSeconds(10);

    /** The application's {@code kafka.*} configuration (bootstrap servers, and security where it is set). */
    @Inject
    @Identifier("default-kafka-broker")
    Map<String, Object> kafkaConfig;

    @ConfigProperty(name = "tessera.live.linger", defaultValue = "30s")
    Duration linger;

    private final String name;
    private final List<String> topics;
    private final Map<String, Hub<T>> hubs = new ConcurrentHashMap<>();
    private final ScheduledExecutorService timer;
    /** The reader of the topics while someone follows (a hub exists), else null; guarded by {@code this}. */
    private Reader reader;
    /** Set once this instance is being drained: no new follower, every feed ended. */
    private volatile boolean draining;

    /**
     * @param name   the reader's Kafka client id and thread name
     * @param topics what it reads
     */
    protected TopicFeeds(String name, List<String> topics) {
        this.name = name;
        this.topics = topics;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, name + "-linger");
            t.setDaemon(true);
            return t;
        });
    }

    /** One key's followers; {@code followers} changes only inside {@code hubs.compute…}, atomically with the map. */
    private static final class Hub<T> {
        final BroadcastProcessor<T> items = BroadcastProcessor.create();
        int followers;
    }

    /**
     * A key followed: what is published under it from now on, and a Uni that completes once the reader's place in
     * every partition is fixed. Anything read from elsewhere (a game's past from game-service, the tables from
     * lobby-service) is read only after that: what is published before then is there already (the services' outboxes
     * publish after their commit), what is published after reaches {@code items}.
     */
    public record Following<T>(Multi<T> items, Uni<Void> listening) {}

    /** Turns one record of the topics into what the followers get, through {@link #publish}. */
    protected abstract void read(ConsumerRecord<String, String> record);

    /** Hands {@code item} to the followers of {@code key}, if any. */
    protected void publish(String key, T item) {
        Hub<T> hub = hubs.get(key);
        if (hub != null) {
            hub.items.onNext(item);
        }
    }

    /** Whether anyone follows {@code key}: a record for a key nobody follows need not be read. */
    protected boolean followed(String key) {
        return hubs.containsKey(key);
    }

    /** Feeds open on this instance. */
    protected int followers() {
        return hubs.values().stream().mapToInt(hub -> hub.followers).sum();
    }

    /** Keys followed through this instance. */
    protected int keys() {
        return hubs.size();
    }

    /** Follows {@code key}; nothing is buffered for a key nobody follows. */
    public Following<T> follow(String key) {
        if (draining) {
            // Ended at once: the client follows again, and the load balancer, which this instance's readiness now
            // turns away, sends it to another gateway.
            return new Following<>(Multi.createFrom().empty(), Uni.createFrom().voidItem());
        }
        CompletableFuture<Void> listening = new CompletableFuture<>();
        Multi<T> items = Multi.createFrom().deferred(() -> {
            Hub<T> hub = hubs.compute(key, (k, h) -> {
                Hub<T> joined = h == null ? new Hub<>() : h;
                joined.followers++;
                return joined;
            });
            joined(listening);
            return hub.items.onTermination().invoke(() -> {
                hubs.computeIfPresent(key, (k, h) -> h == hub && --h.followers == 0 ? null : h);
                left();
            });
        });
        return new Following<>(items, Uni.createFrom().completionStage(listening));
    }

    /**
     * The instance is being drained (SIGTERM; service-kit's quarkus.shutdown.delay): every feed ends now, so that its
     * clients follow again through another gateway, and the graceful shutdown that follows does not wait for answers
     * that never end. (Observer methods and {@code @PreDestroy} are inherited by each feed's bean.)
     */
    void drain(@Observes ShutdownDelayInitiatedEvent event) {
        draining = true;
        hubs.values().forEach(hub -> hub.items.onComplete());
    }

    /** Whether a reader of the topics runs now (for tests and the operator's curiosity). */
    public synchronized boolean reading() {
        return reader != null;
    }

    private synchronized void joined(CompletableFuture<Void> listening) {
        if (reader == null) {
            try {
                reader = new Reader();
            } catch (RuntimeException e) {
                LOG.warnf("%s cannot read %s: %s", name, topics, e.getMessage());
                listening.completeExceptionally(e);
                return;
            }
            reader.start();
        }
        Reader current = reader;
        current.positioned.whenComplete((ok, failure) -> {
            if (failure == null) {
                listening.complete(null);
                return;
            }
            synchronized (this) {
                if (reader == current) {
                    reader = null; // the next follower tries again
                }
            }
            listening.completeExceptionally(failure);
        });
    }

    private void left() {
        if (hubs.isEmpty()) {
            timer.schedule(this::stopIfIdle, linger.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private void stopIfIdle() {
        Reader idle;
        synchronized (this) {
            if (!hubs.isEmpty() || reader == null) {
                return;
            }
            idle = reader;
            reader = null;
        }
        idle.stop();
    }

    /** Stops the reader and the linger's timer (the application stops). */
    @PreDestroy
    void close() {
        timer.shutdownNow();
        Reader running;
        synchronized (this) {
            running = reader;
            reader = null;
        }
        if (running != null) {
            running.stop();
        }
    }

    /** One consumer of all the topics' partitions, on a thread of its own, from their ends. */
    private final class Reader {
        final CompletableFuture<Void> positioned = new CompletableFuture<>();
        private final KafkaConsumer<String, String> consumer;
        private final Thread thread;
        private volatile boolean stopping;

        Reader() {
            Map<String, Object> config = new HashMap<>(kafkaConfig);
            config.remove(ConsumerConfig.GROUP_ID_CONFIG);
            config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
            config.put(ConsumerConfig.CLIENT_ID_CONFIG, name);
            // Committed records only: the topics hold aborted runs of earlier versions' relays, published again since.
            config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
            consumer = new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer());
            thread = new Thread(this::run, name + "-reader");
            thread.setDaemon(true);
        }

        private Set<TopicPartition> partitions() {
            Set<TopicPartition> all = new HashSet<>();
            for (String topic : topics) {
                all.addAll(consumer.partitionsFor(topic, Duration.ofSeconds(10)).stream()
                        .map(p -> new TopicPartition(p.topic(), p.partition()))
                        .collect(Collectors.toSet()));
            }
            return all;
        }

        /**
         * Partitions that appeared since the reader started (a topic created later, or grown) are read from their
         * beginning: all they hold was published after the reader took its place.
         */
        private Set<TopicPartition> withNewPartitions(Set<TopicPartition> assigned) {
            Set<TopicPartition> now = partitions();
            if (assigned.containsAll(now)) {
                return assigned;
            }
            Set<TopicPartition> added = new HashSet<>(now);
            added.removeAll(assigned);
            consumer.assign(now);
            consumer.seekToBeginning(added);
            LOG.debugf("%s reading %d new partitions of %s", name, added.size(), topics);
            return now;
        }

        /** Whether every topic has partitions among those read: until then they are looked for at every poll. */
        private boolean whole(Set<TopicPartition> assigned) {
            return assigned.stream()
                    .map(TopicPartition::topic)
                    .collect(Collectors.toSet())
                    .containsAll(topics);
        }

        void start() {
            thread.start();
        }

        void stop() {
            stopping = true;
            consumer.wakeup();
        }

        private void run() {
            try {
                Set<TopicPartition> assigned = partitions();
                consumer.assign(assigned);
                consumer.seekToEnd(assigned);
                assigned.forEach(p ->
                        consumer.position(p, Duration.ofSeconds(10))); // fixes the place now, not at the first poll
                positioned.complete(null);
                LOG.debugf("%s reading %d partitions of %s", name, assigned.size(), topics);
                long lookedAt = System.nanoTime();
                while (!stopping) {
                    if (!whole(assigned) || System.nanoTime() - lookedAt > PARTITIONS_LOOKED_AT_EVERY.toNanos()) {
                        assigned = withNewPartitions(assigned);
                        lookedAt = System.nanoTime();
                    }
                    if (assigned.isEmpty()) {
                        Thread.sleep(200); // no topic exists yet
                        continue;
                    }
                    for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofSeconds(1))) {
                        try {
                            read(record);
                        } catch (RuntimeException e) {
                            LOG.debugf("record of %s skipped by %s: %s", record.key(), name, e.getMessage());
                        }
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (WakeupException e) {
                positioned.completeExceptionally(new IllegalStateException(name + " stopped while starting"));
            } catch (RuntimeException e) {
                LOG.warnf("%s's reader of %s failed: %s", name, topics, e.getMessage());
                positioned.completeExceptionally(e);
            } finally {
                consumer.close(Duration.ofSeconds(2));
                synchronized (TopicFeeds.this) {
                    if (reader == this) {
                        reader = null; // it failed: the next follower starts another
                    }
                }
                LOG.debugf("%s stopped", name);
            }
        }
    }
}
