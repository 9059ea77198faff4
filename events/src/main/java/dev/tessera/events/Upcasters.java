package dev.tessera.events;

import dev.tessera.events.builders.BuildersUpcasters;
import dev.tessera.events.carrara.CarraraUpcasters;
import dev.tessera.events.game.GameUpcasters;
import java.util.List;
import java.util.stream.Stream;

/**
 * The upcasters of the contract's own history: one for every older version of a published type. Every
 * {@link EventCodec} reads through them, so each service reads records stored or published at an older version
 * without registering anything.
 */
public final class Upcasters {

    public static final List<Upcaster> CONTRACT = Stream.of(
                    GameUpcasters.ALL, BuildersUpcasters.ALL, CarraraUpcasters.ALL)
            .flatMap(List::stream)
            .toList();

    private Upcasters() {}
}
