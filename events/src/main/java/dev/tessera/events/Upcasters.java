package dev.tessera.events;

import dev.tessera.events.builders.BuildersUpcasters;

import java.util.List;

/**
 * The upcasters of the contract's own history: one for every older version of a published type. Every
 * {@link EventCodec} reads through them, so each service reads records stored or published at an older version
 * without registering anything.
 */
public final class Upcasters {

    public static final List<Upcaster> CONTRACT = List.copyOf(BuildersUpcasters.ALL);

    private Upcasters() {
    }
}
