package dev.tessera.kit.eventing;

import io.smallrye.common.annotation.Identifier;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.IncomingKafkaRecord;
import io.smallrye.reactive.messaging.kafka.KafkaConnectorIncomingConfiguration;
import io.smallrye.reactive.messaging.kafka.KafkaConsumer;
import io.smallrye.reactive.messaging.kafka.commit.ContextHolder;
import io.smallrye.reactive.messaging.kafka.commit.KafkaCommitHandler;
import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.jboss.logging.Logger;

/**
 * SmallRye's throttled commit strategy, with the committed offsets of a consumer's partitions read when they are
 * assigned instead of when their first record arrives: the commit strategy every channel of the services uses
 * ({@code commit-strategy=throttled-prefetched}, service-kit's microprofile-config.properties).
 *
 * <p>Why: the throttled strategy lets a partition's first record after an assignment through only once it has the
 * partition's committed offset, and asks for it by a task on the consumer's polling thread, which runs after the poll
 * in progress. A channel's poll waits up to {@code poll-timeout} for records, so that first record waited up to the
 * poll timeout: with SmallRye's 1 s, a table's game showed a second late in the lobby (bench/results/journal.md,
 * sixteenth session), which is why the services polled every 100 ms, ten wake-ups a second per channel when idle.
 * Here the offsets are asked for in the assignment callback, which Kafka runs on the polling thread inside a poll, so
 * nothing waits behind a poll, and a channel can poll once a second.
 *
 * <p>Everything else is the throttled strategy's own: this wraps it, and hands it a consumer whose {@code
 * committed(…)} answers from the offsets read at assignment (the same answer the broker would give: nobody else
 * commits for a partition while this consumer holds it). A partition whose offsets could not be read is asked about
 * as before.
 */
@ApplicationScoped
@Identifier(PrefetchedCommitted.NAME)
public class PrefetchedCommitted implements KafkaCommitHandler.Factory {
    public static final String NAME = "throttled-prefetched";
    private static final Logger LOG = Logger.getLogger(PrefetchedCommitted.class);

    @Inject
    @Identifier("throttled")
    KafkaCommitHandler.Factory throttled;

    @Override
    public KafkaCommitHandler create(
            KafkaConnectorIncomingConfiguration config,
            Vertx vertx,
            KafkaConsumer<?, ?> consumer,
            BiConsumer<Throwable, Boolean> reportFailure) {
        Map<TopicPartition, Optional<OffsetAndMetadata>> known = new ConcurrentHashMap<>();
        KafkaCommitHandler inner = throttled.create(config, vertx, answering(consumer, known), reportFailure);
        return new Handler(vertx, inner, consumer, known);
    }

    /** The consumer, but {@code committed(…)} answers from {@code known} when it holds every partition asked about. */
    static KafkaConsumer<?, ?> answering(
            KafkaConsumer<?, ?> consumer, Map<TopicPartition, Optional<OffsetAndMetadata>> known) {
        return (KafkaConsumer<?, ?>) Proxy.newProxyInstance(
                KafkaConsumer.class.getClassLoader(), new Class<?>[] {KafkaConsumer.class}, (proxy, method, args) -> {
                    if (method.getName().equals("committed")
                            && args != null
                            && args.length == 1
                            && args[0] instanceof TopicPartition[] asked) {
                        Map<TopicPartition, OffsetAndMetadata> answer = new HashMap<>();
                        boolean all = true;
                        for (TopicPartition tp : asked) {
                            // A partition without a committed offset is held as empty, answered as null (as Kafka
                            // does).
                            Optional<OffsetAndMetadata> offset = known.get(tp);
                            if (offset == null) {
                                all = false;
                                break;
                            }
                            answer.put(tp, offset.orElse(null));
                        }
                        if (all) {
                            return Uni.createFrom().item(answer);
                        }
                    }
                    try {
                        return method.invoke(consumer, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    /**
     * A {@link ContextHolder} because SmallRye hands the channel's Vert.x context to a commit handler that is one, and
     * the throttled strategy needs it: it is passed on.
     */
    private static final class Handler extends ContextHolder implements KafkaCommitHandler {
        private final KafkaCommitHandler inner;
        private final KafkaConsumer<?, ?> consumer;
        private final Map<TopicPartition, Optional<OffsetAndMetadata>> known;

        Handler(
                Vertx vertx,
                KafkaCommitHandler inner,
                KafkaConsumer<?, ?> consumer,
                Map<TopicPartition, Optional<OffsetAndMetadata>> known) {
            super(vertx, 0);
            this.inner = inner;
            this.consumer = consumer;
            this.known = known;
        }

        /**
         * Called by Kafka's rebalance callback, on the polling thread inside a poll: the one thread that may use the
         * consumer itself. Reads the partitions' committed offsets (one request to the group coordinator) before the
         * throttled strategy learns of them.
         */
        @Override
        public void partitionsAssigned(Collection<TopicPartition> partitions) {
            known.keySet().removeAll(partitions);
            if (!partitions.isEmpty()) {
                try {
                    Map<TopicPartition, OffsetAndMetadata> committed =
                            consumer.unwrap().committed(new HashSet<>(partitions));
                    for (TopicPartition tp : partitions) {
                        known.put(tp, Optional.ofNullable(committed.get(tp)));
                    }
                } catch (RuntimeException e) {
                    // Their first records ask the broker, as the throttled strategy does on its own.
                    LOG.debugf("committed offsets of %s not read at assignment: %s", partitions, e.getMessage());
                }
            }
            inner.partitionsAssigned(partitions);
        }

        @Override
        public void capture(io.vertx.core.Context context) {
            super.capture(context);
            if (inner instanceof ContextHolder holder) {
                holder.capture(context);
            }
        }

        @Override
        public void capture(io.vertx.mutiny.core.Context context) {
            super.capture(context);
            if (inner instanceof ContextHolder holder) {
                holder.capture(context);
            }
        }

        @Override
        public void partitionsRevoked(Collection<TopicPartition> partitions) {
            known.keySet().removeAll(partitions);
            inner.partitionsRevoked(partitions);
        }

        @Override
        public <K, V> Multi<IncomingKafkaRecord<K, V>> decorateStream(Multi<IncomingKafkaRecord<K, V>> stream) {
            return inner.decorateStream(stream);
        }

        @Override
        public <K, V> Uni<IncomingKafkaRecord<K, V>> received(IncomingKafkaRecord<K, V> record) {
            return inner.received(record);
        }

        @Override
        public <K, V> Uni<Void> handle(IncomingKafkaRecord<K, V> record) {
            return inner.handle(record);
        }

        @Override
        public void terminate(boolean graceful) {
            inner.terminate(graceful);
        }
    }
}
