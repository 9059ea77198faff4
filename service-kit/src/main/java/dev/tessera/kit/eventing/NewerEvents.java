package dev.tessera.kit.eventing;

import dev.tessera.events.EventCodec.NewerEventException;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.jboss.logging.Logger;

/**
 * What a consumer does with a record of a newer release (docs/adr/0008): it holds it. The record is neither applied
 * nor dead-lettered nor acknowledged, so its offset is never committed, and the consumer goes no further on that
 * channel: its records wait, in order, for an instance of the newer release to take the partitions over (a rolling
 * upgrade replaces this instance; stopping it hands them over at once). Each hold is logged and counted
 * ({@code tessera_events_held_total}); the instance stays ready, since it still serves what it can read.
 */
public final class NewerEvents {
    private static final Logger LOG = Logger.getLogger(NewerEvents.class);
    private static final AtomicLong HELD = new AtomicLong();

    private NewerEvents() {}

    /** Exports the count of holds as {@code tessera_events_held_total}. */
    @Startup
    @ApplicationScoped
    static class Meter {
        @Inject
        void measure(MeterRegistry registry) {
            FunctionCounter.builder("tessera.events.held", HELD, AtomicLong::get)
                    .description("records of a newer release held for an instance that knows their version")
                    .register(registry);
        }
    }

    /** Whether {@code failure} comes from a record of a newer release. */
    public static boolean newer(Throwable failure) {
        return NewerEventException.in(failure) != null;
    }

    /** Holds {@code record}, which {@code failure} says a newer release wrote: a Uni that never completes. */
    public static <T> Uni<T> hold(ConsumerRecord<?, ?> record, Throwable failure) {
        HELD.incrementAndGet();
        LOG.warnf(
                "%s-%d offset %d is held, not dead-lettered: %s. This instance's consumer stops there until an instance"
                        + " of the newer release takes the partition over (upgrade or stop this instance)",
                record.topic(),
                record.partition(),
                record.offset(),
                NewerEventException.in(failure).getMessage());
        return Uni.createFrom().nothing();
    }
}
