package dev.tessera.gateway.live;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.Redaction;
import dev.tessera.events.Topics;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownDelayInitiatedEvent;
import io.quarkus.runtime.Startup;
import io.smallrye.common.annotation.Identifier;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.operators.multi.processors.BroadcastProcessor;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
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
 * Every game's events as they are published, for the clients following a game. The gateway reads game-events
 * only while someone follows a game through it: the first follower starts a reader of all the topic's
 * partitions from their end (no consumer group, so any instance can serve any game), and the reader stops
 * once nobody has followed anything for {@code tessera.live.linger}. A gateway that serves only moves and
 * reads (bots, most third-party clients) no longer reads, decodes and drops every event of every game.
 * What happened before a client connected comes from game-service instead.
 * <p>Its gauges, there from the start: {@code tessera_live_followers} (live feeds open on this instance) and
 * {@code tessera_live_games} (games they follow).
 */
@Startup
@ApplicationScoped
public class LiveFeeds {
    private static final Logger LOG = Logger.getLogger(LiveFeeds.class);
    private static final Duration PARTITIONS_LOOKED_AT_EVERY = Duration.ofSeconds(10);

    @Inject
    EventCodec codec;

    /** The application's {@code kafka.*} configuration (bootstrap servers, and security where it is set). */
    @Inject
    @Identifier("default-kafka-broker")
    Map<String, Object> kafkaConfig;

    @ConfigProperty(name = "tessera.live.linger", defaultValue = "30s")
    Duration linger;

    private final Map<String, Hub> hubs = new ConcurrentHashMap<>();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "live-feed-linger");
        t.setDaemon(true);
        return t;
    });
    /** The reader of game-events while someone follows a game (a hub exists), else null; guarded by {@code this}. */
    private Reader reader;
    /** Set once this instance is being drained: no new follower, every feed ended. */
    private volatile boolean draining;

    /** One game's followers; {@code followers} changes only inside {@code hubs.compute…}, atomically with the map. */
    private static final class Hub {
        final BroadcastProcessor<CloudEvent> events = BroadcastProcessor.create();
        int followers;
    }

    /**
     * A game followed: its events from now on, and a Uni that completes once the reader's place in every
     * partition is fixed. Ask game-service for the past only after that: an event published before then is
     * already in its stream (the outbox publishes after the commit), one published after reaches {@code events}.
     */
    public record Following(Multi<CloudEvent> events, Uni<Void> listening) {}

    @Inject
    void measure(MeterRegistry registry) {
        Gauge.builder("tessera.live.followers", hubs, LiveFeeds::followers)
                .description("Live feeds open on this instance (a client following a game)")
                .register(registry);
        Gauge.builder("tessera.live.games", hubs, Map::size)
                .description("Games followed through this instance's live feeds")
                .register(registry);
    }

    private static int followers(Map<String, Hub> hubs) {
        return hubs.values().stream().mapToInt(hub -> hub.followers).sum();
    }

    /** Follows {@code gameId}; nothing is buffered for a game nobody follows. */
    public Following follow(String gameId) {
        if (draining) {
            // Ended at once: the client follows again, and the load balancer, which this instance's readiness now
            // turns away, sends it to another gateway.
            return new Following(Multi.createFrom().empty(), Uni.createFrom().voidItem());
        }
        CompletableFuture<Void> listening = new CompletableFuture<>();
        Multi<CloudEvent> events = Multi.createFrom().deferred(() -> {
            Hub hub = hubs.compute(gameId, (id, h) -> {
                Hub joined = h == null ? new Hub() : h;
                joined.followers++;
                return joined;
            });
            joined(listening);
            return hub.events.onTermination().invoke(() -> {
                hubs.computeIfPresent(gameId, (id, h) -> h == hub && --h.followers == 0 ? null : h);
                left();
            });
        });
        return new Following(events, Uni.createFrom().completionStage(listening));
    }

    /**
     * The instance is being drained (SIGTERM; service-kit's quarkus.shutdown.delay): every live feed ends now, so that
     * its clients follow again through another gateway, and the graceful shutdown that follows does not wait for
     * answers that never end.
     */
    void drain(@Observes ShutdownDelayInitiatedEvent event) {
        draining = true;
        hubs.values().forEach(hub -> hub.events.onComplete());
    }

    /** Whether a reader of game-events runs now (for tests and the operator's curiosity). */
    public synchronized boolean reading() {
        return reader != null;
    }

    private synchronized void joined(CompletableFuture<Void> listening) {
        if (reader == null) {
            try {
                reader = new Reader();
            } catch (RuntimeException e) {
                LOG.warnf("the live feed cannot read %s: %s", Topics.GAME_EVENTS, e.getMessage());
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

    private void publish(ConsumerRecord<String, String> record) {
        Hub hub = hubs.get(record.key());
        if (hub == null) {
            return;
        }
        try {
            hub.events.onNext(Redaction.forPublic(codec.readEnvelope(record.value())));
        } catch (RuntimeException e) {
            LOG.debugf("record of %s skipped by the live feed: %s", record.key(), e.getMessage());
        }
    }

    /** One consumer of all of game-events, on a thread of its own, from the partitions' ends. */
    private final class Reader {
        final CompletableFuture<Void> positioned = new CompletableFuture<>();
        private final KafkaConsumer<String, String> consumer;
        private final Thread thread;
        private volatile boolean stopping;

        Reader() {
            Map<String, Object> config = new HashMap<>(kafkaConfig);
            config.remove(ConsumerConfig.GROUP_ID_CONFIG);
            config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
            config.put(ConsumerConfig.CLIENT_ID_CONFIG, "gateway-live-feed");
            // Committed records only: the topics hold aborted runs of earlier versions' relays, published again since.
            config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
            consumer = new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer());
            thread = new Thread(this::run, "live-feed-reader");
            thread.setDaemon(true);
        }

        private Set<TopicPartition> partitions() {
            return consumer.partitionsFor(Topics.GAME_EVENTS, Duration.ofSeconds(10)).stream()
                    .map(p -> new TopicPartition(p.topic(), p.partition()))
                    .collect(Collectors.toSet());
        }

        /**
         * Partitions that appeared since the reader started (the topic created later, or grown) are read from
         * their beginning: all they hold was published after the reader took its place.
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
            LOG.debugf("live feed reading %d new partitions of %s", added.size(), Topics.GAME_EVENTS);
            return now;
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
                LOG.debugf("live feed reading %d partitions of %s", assigned.size(), Topics.GAME_EVENTS);
                long lookedAt = System.nanoTime();
                while (!stopping) {
                    if (assigned.isEmpty() || System.nanoTime() - lookedAt > PARTITIONS_LOOKED_AT_EVERY.toNanos()) {
                        assigned = withNewPartitions(assigned);
                        lookedAt = System.nanoTime();
                    }
                    if (assigned.isEmpty()) {
                        Thread.sleep(200); // the topic does not exist yet
                        continue;
                    }
                    consumer.poll(Duration.ofSeconds(1)).forEach(LiveFeeds.this::publish);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (WakeupException e) {
                positioned.completeExceptionally(new IllegalStateException("the live feed stopped while starting"));
            } catch (RuntimeException e) {
                LOG.warnf("the live feed's reader of %s failed: %s", Topics.GAME_EVENTS, e.getMessage());
                positioned.completeExceptionally(e);
            } finally {
                consumer.close(Duration.ofSeconds(2));
                synchronized (LiveFeeds.this) {
                    if (reader == this) {
                        reader = null; // it failed: the next follower starts another
                    }
                }
                LOG.debug("live feed stopped");
            }
        }
    }
}
