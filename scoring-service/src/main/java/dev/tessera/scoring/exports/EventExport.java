package dev.tessera.scoring.exports;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.EventTypes;
import dev.tessera.events.Redaction;
import dev.tessera.events.Topics;
import dev.tessera.events.game.GameStarted;
import dev.tessera.scoring.stats.StatsQueries;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.jboss.logging.Logger;

/**
 * One export of {@code game-events}: the events of the games of one title whose {@code time} lies in
 * {@code [from, to)}, redacted for the public, one CloudEvents JSON line each, written as they are read. The events of
 * sandbox games ({@code GameStarted.sandbox}: practice games, such as forks of finished games) only when asked for.
 *
 * <p>A consumer of its own (no group, nothing committed) is assigned every partition, seeks each to the
 * first record published at or after {@code from} (a record is published after its event happened, so no
 * event of the window lies before) and reads up to the end offsets it captured when it started, or
 * earlier: up to the first record published more than {@code publishLag} after {@code to}.
 *
 * <p>Memory is bounded whatever the export's size: the consumer's fetches ({@link #FETCH_BYTES} per
 * broker, one in flight and one buffered), one poll of at most {@link #POLL_RECORDS} records, and per game
 * met one map entry (whether it is of the title, and the last stream version written, to write each event
 * once even if the topic holds it twice), at most {@code maxGames} of them; never the events already
 * written. An export that meets more games is cut off (a narrower window will do).
 */
public final class EventExport {
    private static final Logger LOG = Logger.getLogger(EventExport.class);
    private static final String GAME_STARTED = EventTypes.of(GameStarted.class).value();
    private static final AtomicLong EXPORTS = new AtomicLong();

    private final EventCodec codec;
    private final String bootstrapServers;
    private final String title;
    private final boolean sandbox;
    private final Instant from;
    private final Instant to;
    private final Duration publishLag;
    private final Duration idleLimit;
    private final Function<String, StatsQueries.StoredGame> storedGames;
    private final int maxGames;

    /**
     * Per game met, packed in one long (about 160 bytes an entry with its key): the last stream version
     * written, shifted left by one, and in the lowest bit whether the game's events are exported (it is of the
     * title, and not a sandbox game unless those are asked for). The title of a game whose GameStarted is not met (it
     * lies before the window), and whether it is a sandbox game, come from {@code storedGames}; one not found there
     * counts as another title's.
     */
    private final Map<String, Long> games = new HashMap<>();

    private long lines;
    private long skippedUnreadable;
    private long unknownGames;
    private long sandboxGames;

    /**
     * @param sandbox     whether the events of sandbox games are exported too
     * @param storedGames the title of a game whose GameStarted lies before the window, and whether it is a sandbox
     *                    game (the statistics' {@code stats-games} store, wherever it is active), null when not known;
     *                    it may throw when it cannot tell (the export is then cut off), or be null itself
     * @param maxGames    how many games an export may meet (memory: one map entry each)
     */
    public EventExport(
            EventCodec codec,
            String bootstrapServers,
            String title,
            boolean sandbox,
            Instant from,
            Instant to,
            Duration publishLag,
            Duration idleLimit,
            Function<String, StatsQueries.StoredGame> storedGames,
            int maxGames) {
        this.codec = codec;
        this.bootstrapServers = bootstrapServers;
        this.title = title;
        this.sandbox = sandbox;
        this.from = from;
        this.to = to;
        this.publishLag = publishLag;
        this.idleLimit = idleLimit;
        this.storedGames = storedGames;
        this.maxGames = maxGames;
    }

    /** Records per poll and bytes per fetch: what one export holds of the topic at a time (see the class comment). */
    static final int POLL_RECORDS = 500;

    static final int FETCH_BYTES = 1024 * 1024;

    /** Writes the export to {@code out}, flushing after every poll; an IOException (the client left) ends it. */
    public void writeTo(OutputStream out) throws IOException {
        Map<String, Object> config = Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                ConsumerConfig.CLIENT_ID_CONFIG,
                "scoring-export-" + EXPORTS.incrementAndGet(),
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                false,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                "read_committed",
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                "earliest",
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG,
                POLL_RECORDS,
                // Per broker: a fetch answers at most this much (or one larger record batch, should the topic hold
                // one).
                ConsumerConfig.FETCH_MAX_BYTES_CONFIG,
                FETCH_BYTES,
                ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG,
                FETCH_BYTES);
        long started = System.nanoTime();
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer())) {
            List<TopicPartition> partitions =
                    consumer.partitionsFor(Topics.GAME_EVENTS, Duration.ofSeconds(10)).stream()
                            .map(p -> new TopicPartition(p.topic(), p.partition()))
                            .toList();
            consumer.assign(partitions);
            Map<TopicPartition, Long> stop = new HashMap<>(consumer.endOffsets(partitions));
            if (to != null) {
                firstAtOrAfter(consumer, partitions, to.plus(publishLag))
                        .forEach((p, offset) -> stop.merge(p, offset, Math::min));
            }
            Map<TopicPartition, Long> start =
                    from == null ? consumer.beginningOffsets(partitions) : firstAtOrAfter(consumer, partitions, from);
            Set<TopicPartition> active = new HashSet<>();
            for (TopicPartition p : partitions) {
                long first = start.getOrDefault(p, stop.get(p));
                if (first < stop.get(p)) {
                    consumer.seek(p, first);
                    active.add(p);
                }
            }
            consumer.pause(partitions.stream().filter(p -> !active.contains(p)).toList());
            long idleSince = System.nanoTime();
            while (!active.isEmpty()) {
                ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(500));
                for (ConsumerRecord<String, String> record : records) {
                    TopicPartition p = new TopicPartition(record.topic(), record.partition());
                    if (active.contains(p) && record.offset() < stop.get(p)) {
                        write(record, out);
                    }
                }
                for (TopicPartition p : List.copyOf(active)) {
                    if (consumer.position(p) >= stop.get(p)) {
                        active.remove(p);
                        consumer.pause(List.of(p));
                    }
                }
                if (!records.isEmpty()) {
                    out.flush();
                    idleSince = System.nanoTime();
                } else if (System.nanoTime() - idleSince > idleLimit.toNanos()) {
                    throw new IOException(
                            "game-events gave nothing for " + idleLimit.toSeconds() + " s: export aborted");
                }
            }
        }
        out.flush();
        LOG.infof(
                "export of %s [%s, %s)%s: %d events in %d ms%s%s%s",
                title,
                from,
                to,
                sandbox ? " with sandbox games" : "",
                lines,
                (System.nanoTime() - started) / 1_000_000,
                skippedUnreadable == 0 ? "" : ", " + skippedUnreadable + " unreadable records skipped",
                unknownGames == 0 ? "" : ", events of " + unknownGames + " games of unknown title skipped",
                sandboxGames == 0 ? "" : ", " + sandboxGames + " sandbox games left out");
    }

    /** Per partition, the first offset published at or after {@code time} (none: the partition's end). */
    private static Map<TopicPartition, Long> firstAtOrAfter(
            KafkaConsumer<String, String> consumer, List<TopicPartition> partitions, Instant time) {
        Map<TopicPartition, Long> query = new HashMap<>();
        partitions.forEach(p -> query.put(p, time.toEpochMilli()));
        Map<TopicPartition, OffsetAndTimestamp> found = consumer.offsetsForTimes(query);
        Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
        Map<TopicPartition, Long> offsets = new HashMap<>();
        for (TopicPartition p : partitions) {
            OffsetAndTimestamp o = found.get(p);
            offsets.put(p, o == null ? end.get(p) : o.offset());
        }
        return offsets;
    }

    private void write(ConsumerRecord<String, String> record, OutputStream out) throws IOException {
        CloudEvent event;
        try {
            event = codec.readEnvelope(record.value());
        } catch (RuntimeException e) {
            skippedUnreadable++;
            return;
        }
        String gameId = record.key() != null ? record.key() : event.subject();
        if (gameId == null || event.time() == null) {
            skippedUnreadable++;
            return;
        }
        Instant time = event.time().toInstant();
        if (GAME_STARTED.equals(event.type()) && (to == null || time.isBefore(to))) {
            JsonNode game = event.data() == null ? null : event.data().get("game");
            // Absent before GameStarted version 2: not a sandbox game.
            boolean practice =
                    event.data() != null && event.data().path("sandbox").asBoolean(false);
            Long known = games.get(gameId);
            remember(
                    gameId,
                    known == null ? 0 : known >>> 1,
                    exported(game == null ? null : game.asText(), practice, known == null));
        }
        if ((from != null && time.isBefore(from)) || (to != null && !time.isBefore(to))) {
            return;
        }
        long state = stateOf(gameId);
        if ((state & 1) == 0) {
            return;
        }
        long last = state >>> 1;
        Long version = event.streamversion();
        if (version != null) {
            if (version <= last) {
                return;
            }
            remember(gameId, version, true);
        }
        out.write(codec.write(Redaction.forPublic(event)).getBytes(StandardCharsets.UTF_8));
        out.write('\n');
        lines++;
    }

    private void remember(String gameId, long lastVersion, boolean ofTitle) throws IOException {
        if (games.size() >= maxGames && !games.containsKey(gameId)) {
            throw new IOException("the export met more than " + maxGames
                    + " games (scoring.exports.max-games): export a narrower window");
        }
        games.put(gameId, lastVersion << 1 | (ofTitle ? 1 : 0));
    }

    /** The game's packed state; the first time, with its title and whether it is a sandbox game from the statistics' store. */
    private long stateOf(String gameId) throws IOException {
        Long known = games.get(gameId);
        if (known != null) {
            return known;
        }
        StatsQueries.StoredGame stored;
        try {
            stored = storedGames == null ? null : storedGames.apply(gameId);
        } catch (RuntimeException e) {
            // Rather a cut-off export than one silently missing a game's events.
            throw new IOException(
                    "the title of game " + gameId + " could not be read (" + e.getMessage() + "): export aborted", e);
        }
        if (stored == null) {
            unknownGames++;
        }
        remember(gameId, 0, stored != null && exported(stored.title(), stored.sandbox(), true));
        return games.get(gameId);
    }

    /** Whether a game's events are exported: of the title, and not a sandbox game unless those are asked for. */
    private boolean exported(String game, boolean practice, boolean firstSeen) {
        boolean ofTitle = title.equals(game);
        if (ofTitle && practice && !sandbox) {
            if (firstSeen) {
                sandboxGames++;
            }
            return false;
        }
        return ofTitle;
    }
}
