package dev.tessera.kit.eventing;

import dev.tessera.events.EventCodec;
import dev.tessera.events.Upcaster;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;

/** One {@link EventCodec} per service, reading old schema versions through every {@link Upcaster} bean. */
public class CodecProducer {
    @Produces
    @ApplicationScoped
    EventCodec codec(Instance<Upcaster> upcasters) {
        return new EventCodec(upcasters.stream().toList());
    }
}
