package dev.tessera.gateway.live;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.EventTypes;
import dev.tessera.events.Topics;
import dev.tessera.events.game.GameEnded;
import dev.tessera.events.game.GameStarted;
import dev.tessera.kit.eventing.EventBatches;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * The tables' changes as they are published, for the clients that show tables (the web client's lobby and table
 * pages): every record of lobby-events (keyed by the table's id, so it is told without being decoded), and the two
 * game-events that change a table's status in lobby-service, a game's start (the table plays it) and end (the table is
 * finished). Every other game event is passed over by its type header, unread. Read only while someone follows
 * ({@link TopicFeeds}). A follower is told what changed, not the table's new state: it reads the tables it shows again.
 * <p>Its gauge, there from the start: {@code tessera_live_table_followers} (table feeds open on this instance).
 */
@Startup
@ApplicationScoped
public class TableFeeds extends TopicFeeds<TableChange> {
    /** Everyone follows every table: one key. */
    private static final String TABLES = "tables";

    private static final String GAME_STARTED = EventTypes.of(GameStarted.class).value();
    private static final String GAME_ENDED = EventTypes.of(GameEnded.class).value();

    @Inject
    EventCodec codec;

    public TableFeeds() {
        super("gateway-table-feed", List.of(Topics.LOBBY_EVENTS, Topics.GAME_EVENTS));
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
        String type = EventBatches.type(record);
        if (Topics.LOBBY_EVENTS.equals(record.topic())) {
            publish(
                    TABLES,
                    new TableChange(
                            record.key(),
                            type != null ? type : codec.head(record.value()).type(),
                            null));
            return;
        }
        if (type != null && !type.equals(GAME_STARTED) && !type.equals(GAME_ENDED)) {
            return; // a move, most of game-events
        }
        CloudEvent envelope = codec.readEnvelope(record.value());
        JsonNode data = envelope.data();
        if (GAME_STARTED.equals(envelope.type())) {
            String tableId = data.hasNonNull("tableId") ? data.get("tableId").asText() : null;
            if (tableId != null && !data.path("sandbox").asBoolean(false)) {
                publish(TABLES, new TableChange(tableId, GAME_STARTED, record.key()));
            }
        } else if (GAME_ENDED.equals(envelope.type())) {
            publish(TABLES, new TableChange(null, GAME_ENDED, record.key()));
        }
    }
}
