package dev.tessera.gateway.live;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.EventCodec;
import dev.tessera.events.EventTypes;
import dev.tessera.events.Topics;
import dev.tessera.events.lobby.PlayBegan;
import dev.tessera.events.lobby.TableFinished;
import dev.tessera.events.lobby.TableStarted;
import dev.tessera.kit.eventing.EventBatches;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * The tables' changes as they are published, for the clients that show tables (the web client's lobby and table
 * pages): every record of lobby-events, each told by its key (the table's id) and its type header without being
 * decoded, but for the two that name the table's game (its start, {@code PlayBegan}, and its end, {@code
 * TableFinished}), whose game id is read from them, and {@code TableStarted}, whose players are read from it (a player
 * waiting in quick play learns that this is their table without reading it: one request per started table per waiting
 * player otherwise). lobby-service publishes those in the transaction that changes the
 * table's status, so a follower that reads the table when told finds it changed. Read only while someone follows
 * ({@link TopicFeeds}). A follower is told what changed, not the table's new state: it reads the tables it shows again.
 * <p>Its gauge, there from the start: {@code tessera_live_table_followers} (table feeds open on this instance).
 */
@Startup
@ApplicationScoped
public class TableFeeds extends TopicFeeds<TableChange> {
    /** Everyone follows every table: one key. */
    private static final String TABLES = "tables";

    /** The types whose data name the table's game. */
    private static final Set<String> WITH_GAME = Set.of(
            EventTypes.of(PlayBegan.class).value(),
            EventTypes.of(TableFinished.class).value());

    /** The type whose data name the table's players. */
    private static final String STARTED = EventTypes.of(TableStarted.class).value();

    @Inject
    EventCodec codec;

    public TableFeeds() {
        super("gateway-table-feed", List.of(Topics.LOBBY_EVENTS));
    }

    @Inject
    void measure(MeterRegistry registry) {
        Gauge.builder("tessera.live.table.followers", this, TableFeeds::followers)
                .description("Table feeds open on this instance (a client following the tables' changes)")
                .register(registry);
    }

    /** The tables' changes from now on. */
    public Following<TableChange> follow() {
        return follow(TABLES);
    }

    @Override
    protected void read(ConsumerRecord<String, String> record) {
        if (!followed(TABLES)) {
            return;
        }
        String header = EventBatches.type(record);
        String type = header != null ? header : codec.head(record.value()).type();
        String gameId = null;
        List<String> players = null;
        if (WITH_GAME.contains(type)) {
            JsonNode game = codec.readEnvelope(record.value()).data().path("gameId");
            gameId = game.isTextual() ? game.asText() : null;
        } else if (STARTED.equals(type)) {
            players = players(codec.readEnvelope(record.value()).data().path("players"));
        }
        publish(TABLES, new TableChange(record.key(), type, gameId, players));
    }

    /** The players' ids of a TableStarted's data, in seat order; null if it has none (a record this release misreads). */
    private static List<String> players(JsonNode players) {
        if (!players.isArray()) {
            return null;
        }
        List<String> ids = new ArrayList<>(players.size());
        players.forEach(p -> ids.add(p.asText()));
        return List.copyOf(ids);
    }
}
