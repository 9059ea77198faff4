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
import org.apache.kafka.streams.kstream.TableJoined;
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
 *                                          │ re-keyed by title, or title/sandbox (repartition), subtract old / add new
 *                                          ▼
 *                                       stats-titles (TitleTotals per title, and per title of its sandbox games)
 *                                       stats-games, sandbox games only ──▶ stats-sandbox-games (title per game)
 * scoring-events (ScoringRoundScored) ──aggregate by game id──▶ stats-rounds (RoundWalls per game)
 *                                          │ left join on the game id with stats-sandbox-games (foreign-key join)
 *                                          ▼
 *                                       stats-rounds-sandbox (RoundWalls per game, with whether it is a sandbox game)
 *                                          │ re-keyed to "alhambra" or "alhambra/sandbox" (repartition), subtract old / add new
 *                                          ▼
 *                                       stats-walls  (WallTotals per title)
 * </pre>
 *
 * Sandbox games ({@code GameStarted.sandbox}) are counted apart, under the key {@link #key(String, boolean)} of their
 * title, so that an answer leaves them out, or adds them, as asked. The walls come from scoring-events, which does not
 * say whether a game is a sandbox game: the foreign-key join brings that from game-events, whatever either topic's
 * partitions (a foreign-key join needs no co-partitioning), and only sandbox games are on its right side, so a game's
 * moves do not go through the join. Every store is a persistent (RocksDB) key-value store with a changelog topic,
 * queried by {@link StatsStores}.
 */
@ApplicationScoped
public class StatsTopology {
    private static final Logger LOG = Logger.getLogger(StatsTopology.class);

    public static final String GAMES = "stats-games";
    public static final String TITLES = "stats-titles";
    public static final String ROUNDS = "stats-rounds";
    public static final String WALLS = "stats-walls";
    /** Sandbox games' ids to their titles: the right side of the join that tells the walls which games are sandbox. */
    public static final String SANDBOX_GAMES = "stats-sandbox-games";
    /** {@link #ROUNDS} joined with {@link #SANDBOX_GAMES}: each game's walls, with whether it is a sandbox game. */
    public static final String ROUNDS_SANDBOX = "stats-rounds-sandbox";
    /** The join's name: its internal topics and store are named after it. */
    static final String ROUNDS_SANDBOX_JOIN = "rounds-sandbox";
    /** Only Alhambra has scoring rounds ({@link ScoringRoundScored} is Alhambra's). */
    public static final String ALHAMBRA = "alhambra";

    /** The key of a title's totals in {@link #TITLES} and {@link #WALLS}: its sandbox games' are kept apart. */
    public static String key(String title, boolean sandbox) {
        return sandbox ? title + "/sandbox" : title;
    }

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
                        (gameId, tally) -> KeyValue.pair(key(tally.title, tally.sandbox), tally),
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
        // Only sandbox games are on the join's right side: a game's every counted event changes its tally, and would
        // otherwise go through the join to its walls each time. A game's sandbox flag never changes after its start.
        KTable<String, String> sandboxGames = games.toStream(Named.as("games-changes"))
                .filter((gameId, tally) -> tally != null && tally.sandbox, Named.as("sandbox-games-only"))
                .mapValues(tally -> tally.title, Named.as("sandbox-game-title"))
                .toTable(
                        Named.as("sandbox-games"),
                        Materialized.<String, String, KeyValueStore<Bytes, byte[]>>as(SANDBOX_GAMES)
                                .withKeySerde(Serdes.String())
                                .withValueSerde(Serdes.String()));
        KTable<String, RoundWalls> roundsOfGames = rounds.leftJoin(
                sandboxGames,
                (gameId, roundWalls) -> gameId,
                (roundWalls, sandboxTitle) -> roundWalls.inSandbox(sandboxTitle != null),
                TableJoined.as(ROUNDS_SANDBOX_JOIN),
                Materialized.<String, RoundWalls, KeyValueStore<Bytes, byte[]>>as(ROUNDS_SANDBOX)
                        .withKeySerde(Serdes.String())
                        .withValueSerde(walls));
        roundsOfGames
                .filter((gameId, roundWalls) -> !roundWalls.rounds.isEmpty(), Named.as("games-with-rounds"))
                .groupBy(
                        (gameId, roundWalls) -> KeyValue.pair(key(ALHAMBRA, roundWalls.sandbox), roundWalls),
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
