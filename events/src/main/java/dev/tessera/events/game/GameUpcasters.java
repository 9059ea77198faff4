package dev.tessera.events.game;

import dev.tessera.events.Upcaster;
import java.util.List;

/** Older versions of the games' lifecycle events read as the current version. */
public final class GameUpcasters {

    public static final List<Upcaster> ALL = List.of(
            // Before sandbox games and forks, every game was started by a table.
            Upcaster.of("tessera.game.GameStarted", 1, data -> {
                data.put("sandbox", false);
                data.putNull("fork");
                return data;
            }),
            // Before commitments to seeds, a game published none: it is not verifiable.
            Upcaster.of("tessera.game.GameStarted", 2, data -> {
                data.putNull("commitment");
                data.putNull("salt");
                return data;
            }));

    private GameUpcasters() {}
}
