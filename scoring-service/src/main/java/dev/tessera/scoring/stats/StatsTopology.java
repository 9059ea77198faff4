package dev.tessera.scoring.stats;

import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.Topics;
import dev.tessera.events.scoring.ScoringRoundScored;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Grouped;
import org.apache.kafka.streams.kstream.KTable;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;
import org.apache.kafka.streams.state.KeyValueStore;
import org.jboss.logging.Logger;

/**
 * The statistics, computed continuously by Kafka Streams from {@code game-events} and {@code scoring-events}:
 *
 * <pre>
 * game-events ──aggregate by game id──▶ stats-games  (GameTally per game)
 *                                          │ re-keyed by title (repartition), subtract old / add new
 *                                          ▼
 *                                       stats-titles (TitleTotals per title)
 * scoring-events (ScoringRoundScored) ──aggregate by game id──▶ stats-rounds (RoundWalls per game)
 *                                          │ re-keyed to "alhambra" (repartition), subtract old / add new
 *                                          ▼
 *                                       stats-walls  (WallTotals per title)
 * </pre>
 *
 * The two halves share nothing, so the topics need not have the same partitions. Every store is a
 * persistent (RocksDB) key-value store with a changelog topic, queried by {@link StatsStores}.
 */
@ApplicationScoped
public class StatsTopology {
    private static final Logger LOG = Logger.getLogger(StatsTopology.class);

    public static final String GAMES = "stats-games";
    public static final String TITLES = "stats-titles";
    public static final String ROUNDS = "stats-rounds";
    public static final String WALLS = "stats-walls";
    /** Only Alhambra has scoring rounds ({@link ScoringRoundScored} is Alhambra's). */
    public static final String ALHAMBRA = "alhambra";

    /** Singleton, not a normal scope: Kafka Streams reads the Topology's fields, which a client proxy would hide. */
    @Produces
    @Singleton
    Topology topology(EventCodec codec) {
        return build(codec);
    }

    public static Topology build(EventCodec codec) {
        StreamsBuilder builder = new StreamsBuilder();
        JsonSerde<GameTally> tallies = new JsonSerde<>(GameTally.class);
        JsonSerde<RoundWalls> walls = new JsonSerde<>(RoundWalls.class);

        KTable<String, GameTally> games = builder.stream(
                        Topics.GAME_EVENTS,
                        Consumed.with(Serdes.String(), Serdes.String()).withName("game-events"))
                // Most events are moves the statistics do not count: passed over by their type header, unread.
                .processValues(() -> new CountedOnly(), Named.as("game-events-counted"))
                .filter((gameId, value) -> gameId != null && value != null, Named.as("game-events-with-key"))
                .groupByKey(Grouped.with("game-events-by-game", Serdes.String(), Serdes.String()))
                .aggregate(
                        GameTally::new,
                        (gameId, value, tally) -> {
                            Read read = read(codec, value);
                            if (read != null) {
                                tally.apply(read.envelope(), read.event());
                            }
                            return tally;
                        },
                        Named.as("tally-games"),
                        Materialized.<String, GameTally, KeyValueStore<Bytes, byte[]>>as(GAMES)
                                .withKeySerde(Serdes.String())
                                .withValueSerde(tallies));
        games.filter((gameId, tally) -> tally.title != null, Named.as("games-with-title"))
                .groupBy(
                        (gameId, tally) -> KeyValue.pair(tally.title, tally),
                        Grouped.with("games-by-title", Serdes.String(), tallies))
                .aggregate(
                        TitleTotals::new,
                        (title, tally, totals) -> totals.add(tally, 1),
                        (title, tally, totals) -> totals.add(tally, -1),
                        Named.as("total-titles"),
                        Materialized.<String, TitleTotals, KeyValueStore<Bytes, byte[]>>as(TITLES)
                                .withKeySerde(Serdes.String())
                                .withValueSerde(new JsonSerde<>(TitleTotals.class)));

        KTable<String, RoundWalls> rounds = builder.stream(
                        Topics.SCORING_EVENTS,
                        Consumed.with(Serdes.String(), Serdes.String()).withName("scoring-events"))
                .filter((gameId, value) -> gameId != null && value != null, Named.as("scoring-events-with-key"))
                .groupByKey(Grouped.with("scoring-events-by-game", Serdes.String(), Serdes.String()))
                .aggregate(
                        RoundWalls::new,
                        (gameId, value, roundWalls) -> {
                            Read read = read(codec, value);
                            if (read != null && read.event() instanceof ScoringRoundScored scored) {
                                roundWalls.apply(read.envelope(), scored);
                            }
                            return roundWalls;
                        },
                        Named.as("tally-rounds"),
                        Materialized.<String, RoundWalls, KeyValueStore<Bytes, byte[]>>as(ROUNDS)
                                .withKeySerde(Serdes.String())
                                .withValueSerde(walls));
        rounds.filter((gameId, roundWalls) -> !roundWalls.rounds.isEmpty(), Named.as("games-with-rounds"))
                .groupBy(
                        (gameId, roundWalls) -> KeyValue.pair(ALHAMBRA, roundWalls),
                        Grouped.with("rounds-by-title", Serdes.String(), walls))
                .aggregate(
                        WallTotals::new,
                        (title, roundWalls, totals) -> totals.add(roundWalls, 1),
                        (title, roundWalls, totals) -> totals.add(roundWalls, -1),
                        Named.as("total-walls"),
                        Materialized.<String, WallTotals, KeyValueStore<Bytes, byte[]>>as(WALLS)
                                .withKeySerde(Serdes.String())
                                .withValueSerde(new JsonSerde<>(WallTotals.class)));
        return builder.build();
    }

    private record Read(CloudEvent envelope, TesseraEvent event) {}

    /** Forwards the records of the types GameTally counts, and those without a type header (they are read to know). */
    private static final class CountedOnly implements FixedKeyProcessor<String, String, String> {
        private FixedKeyProcessorContext<String, String> context;

        @Override
        public void init(FixedKeyProcessorContext<String, String> context) {
            this.context = context;
        }

        @Override
        public void process(FixedKeyRecord<String, String> record) {
            Header type = record.headers().lastHeader(CloudEvent.TYPE_HEADER);
            if (type == null
                    || type.value() == null
                    || GameTally.COUNTED_TYPES.contains(new String(type.value(), StandardCharsets.UTF_8))) {
                context.forward(record);
            }
        }
    }

    /** The record read as a CloudEvent and its event (null for an unknown type); null when it cannot be read at all. */
    private static Read read(EventCodec codec, String value) {
        CloudEvent envelope;
        try {
            envelope = codec.readEnvelope(value);
        } catch (RuntimeException e) {
            LOG.warnf("statistics skip a record that is not a CloudEvent: %s", e.getMessage());
            return null;
        }
        try {
            return new Read(envelope, codec.read(envelope));
        } catch (RuntimeException e) {
            LOG.warnf("statistics skip %s %s: %s", envelope.type(), envelope.id(), e.getMessage());
            return null;
        }
    }
}
