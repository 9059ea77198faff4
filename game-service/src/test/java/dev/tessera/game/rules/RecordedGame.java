package dev.tessera.game.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.events.EventCodec;
import dev.tessera.events.EventTypes;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A whole game written down as game-service stored it, by the engine of an earlier time: its GameStarted's setup,
 * its events at their schema versions of then ({@code type}, {@code schemaVersion}, {@code data}), the states that
 * engine reached, and what the random playout that made it was given. The replay tests of old games read it.
 */
public final class RecordedGame {
    /** Reads stored events as game-service's store does: through the contract's upcasters. */
    private static final EventCodec CODEC = new EventCodec();

    private final JsonNode recorded;

    private RecordedGame(JsonNode recorded) {
        this.recorded = recorded;
    }

    /** The fixture at {@code resource} on the test classpath, e.g. {@code /carrara/before-expansion-2-players.json}. */
    public static RecordedGame read(String resource) {
        try (InputStream in = RecordedGame.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture " + resource);
            }
            return new RecordedGame(CODEC.mapper().readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public GameSetup setup() {
        List<String> players = new ArrayList<>();
        recorded.get("players").forEach(p -> players.add(p.asText()));
        ObjectMapper json = CODEC.mapper();
        Map<String, String> options = json.convertValue(
                recorded.get("options"), json.getTypeFactory().constructMapType(Map.class, String.class, String.class));
        return new GameSetup(players, recorded.get("seed").asLong(), options);
    }

    /** The events, read at today's versions. */
    public <E> List<E> events(Class<E> type) {
        List<E> events = new ArrayList<>();
        for (JsonNode row : recorded.get("events")) {
            events.add(type.cast(CODEC.read(
                    row.get("type").asText(), row.get("schemaVersion").asInt(), row.get("data"))));
        }
        return events;
    }

    /** How many events were stored at a version older than today's. */
    public long olderVersions() {
        long older = 0;
        for (JsonNode row : recorded.get("events")) {
            if (row.get("schemaVersion").asInt()
                    < EventTypes.of(EventTypes.byName(row.get("type").asText())).version()) {
                older++;
            }
        }
        return older;
    }

    /** A state as the engine of then wrote it ({@code stateAfter100Events}, {@code finalState}): read as its snapshot would be. */
    public <S> S state(String field, Class<S> type) {
        try {
            return CODEC.mapper().treeToValue(recorded.get(field), type);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A field of what the random playout was given, e.g. {@code randomPlayoutSeed}. */
    public JsonNode get(String field) {
        return recorded.get(field);
    }
}
