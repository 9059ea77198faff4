package dev.tessera.events;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tessera.events.game.GameStarted;

/**
 * What of a published event nobody outside the platform may see. Events carry no player's hidden
 * information except the seed of GameStarted, from which every future draw could be computed; feeds,
 * exports and the events endpoint all go through here.
 */
public final class Redaction {
    private static final String GAME_STARTED = EventTypes.of(GameStarted.class).value();

    private Redaction() {}

    /** The event as anyone may see it. */
    public static CloudEvent forPublic(CloudEvent e) {
        if (!GAME_STARTED.equals(e.type()) || !(e.data() instanceof ObjectNode data) || !data.has("seed")) {
            return e;
        }
        ObjectNode redacted = data.deepCopy();
        redacted.remove("seed");
        return new CloudEvent(
                e.specversion(),
                e.id(),
                e.source(),
                e.type(),
                e.subject(),
                e.time(),
                e.datacontenttype(),
                e.dataschema(),
                e.streamversion(),
                redacted);
    }
}
