package dev.tessera.events;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tessera.events.game.GameStarted;

/**
 * What of a published event nobody outside the platform may see. Events carry no player's hidden
 * information except the seed of GameStarted, from which every future draw could be computed, and the salt of its
 * commitment (with it, guessed seeds could be checked against the commitment); feeds, exports and the events endpoint all go
 * through here. Both are published once the game has ended, in its {@code SeedRevealed}.
 */
public final class Redaction {
    private static final String GAME_STARTED = EventTypes.of(GameStarted.class).value();

    private Redaction() {}

    /** The event as anyone may see it: a GameStarted without its seed and the salt of its commitment. */
    public static CloudEvent forPublic(CloudEvent e) {
        if (!GAME_STARTED.equals(e.type())
                || !(e.data() instanceof ObjectNode data)
                || !(data.has("seed") || data.has("salt"))) {
            return e;
        }
        ObjectNode redacted = data.deepCopy();
        redacted.remove("seed");
        redacted.remove("salt");
        return e.withData(redacted);
    }
}
