package dev.tessera.kit.eventing;

import dev.tessera.events.EventCodec;
import dev.tessera.events.Upcaster;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * One {@link EventCodec} per service, reading old schema versions through every {@link Upcaster} bean.
 *
 * <p>{@code tessera.events.newest-known} ({@code type:version,...}, unset in every deployment) makes the instance read
 * those types as an older release would, knowing them only up to the version given: a stand-in for the old release in
 * tests and rehearsals of a rolling upgrade (docs/adr/0008).
 */
public class CodecProducer {
    @Produces
    @ApplicationScoped
    EventCodec codec(
            Instance<Upcaster> upcasters,
            @ConfigProperty(name = "tessera.events.newest-known") Optional<List<String>> newestKnown) {
        return new EventCodec(upcasters.stream().toList(), newestKnown(newestKnown.orElse(List.of())));
    }

    static Map<String, Integer> newestKnown(List<String> entries) {
        Map<String, Integer> known = new HashMap<>();
        for (String entry : entries) {
            int colon = entry.lastIndexOf(':');
            if (colon < 1) {
                throw new IllegalArgumentException("tessera.events.newest-known: '" + entry + "' is not type:version");
            }
            known.put(
                    entry.substring(0, colon).trim(),
                    Integer.parseInt(entry.substring(colon + 1).trim()));
        }
        return known;
    }
}
