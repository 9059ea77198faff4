package dev.tessera.scoring.exports;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tessera.events.CloudEvent;
import dev.tessera.events.EventCodec;
import dev.tessera.events.EventTypes;
import dev.tessera.events.Redaction;
import dev.tessera.events.Topics;
import dev.tessera.events.game.GameStarted;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.jboss.logging.Logger;

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

/**
 * One export of {@code game-events}: the events of the games of one title whose {@code time} lies in
 * {@code [from, to)}, redacted for the public, one CloudEvents JSON line each, written as they are read.
 *
 * <p>A consumer of its own (no group, nothing committed) is assigned every partition, seeks each to the
 * first record published at or after {@code from} (a record is published after its event happened, so no
 * event of the window lies before) and reads up to the end offsets it captured when it started, or
 * earlier: up to the first record published more than {@code publishLag} after {@code to}. Memory holds one
 * poll of records and, per game met, its title and last stream version (to write each event once even if
 * the topic holds it twice); never the events already written.
 */
public final class EventExport {
    private static final Logger LOG = Logger.getLogger(EventExport.class);
    private static final String GAME_STARTED = EventTypes.of(GameStarted.class).value();
    private static final AtomicLong EXPORTS = new AtomicLong();

    private final EventCodec codec;
    private final String bootstrapServers;
    private final String title;
    private final Instant from;
    private final Instant to;
    private final Duration publishLag;
    private final Duration idleLimit;
    private final Function<String, String> storedTitles;

    /** Per game met: its title ("" when not found); and the last stream version written. */
    private final Map<String, String> titles = new HashMap<>();
    private final Map<String, Long> written = new HashMap<>();
    private long lines;
    private long skippedUnreadable;
    private long unknownGames;

    /**
     * @param storedTitles the title of a game whose GameStarted lies before the window (the statistics'
     *                     {@code stats-games} store), or null
     */
    public EventExport(EventCodec codec, String bootstrapServers, String title, Instant from, Instant to,
                       Duration publishLag, Duration idleLimit, Function<String, String> storedTitles) {
        this.codec = codec;
        this.bootstrapServers = bootstrapServers;
        this.title = title;
        this.from = from;
        this.to = to;
        this.publishLag = publishLag;
        this.idleLimit = idleLimit;
        this.storedTitles = storedTitles;
    }

    /** Writes the export to {@code out}, flushing after every poll; an IOException (the client left) ends it. */
    public void writeTo(OutputStream out) throws IOException {
        Map<String, Object> config = Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ConsumerConfig.CLIENT_ID_CONFIG, "scoring-export-" + EXPORTS.incrementAndGet(),
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 500,
                ConsumerConfig.FETCH_MAX_BYTES_CONFIG, 4 * 1024 * 1024,
                ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, 1024 * 1024);
        long started = System.nanoTime();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(Topics.GAME_EVENTS, Duration.ofSeconds(10)).stream()
                    .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
            consumer.assign(partitions);
            Map<TopicPartition, Long> stop = new HashMap<>(consumer.endOffsets(partitions));
            if (to != null) {
                firstAtOrAfter(consumer, partitions, to.plus(publishLag)).forEach((p, offset) -> stop.merge(p, offset, Math::min));
            }
            Map<TopicPartition, Long> start = from == null ? consumer.beginningOffsets(partitions) : firstAtOrAfter(consumer, partitions, from);
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
                    throw new IOException("game-events gave nothing for " + idleLimit.toSeconds() + " s: export aborted");
                }
            }
        }
        out.flush();
        LOG.infof("export of %s [%s, %s): %d events in %d ms%s%s", title, from, to, lines,
                (System.nanoTime() - started) / 1_000_000,
                skippedUnreadable == 0 ? "" : ", " + skippedUnreadable + " unreadable records skipped",
                unknownGames == 0 ? "" : ", events of " + unknownGames + " games of unknown title skipped");
    }

    /** Per partition, the first offset published at or after {@code time} (none: the partition's end). */
    private static Map<TopicPartition, Long> firstAtOrAfter(KafkaConsumer<String, String> consumer, List<TopicPartition> partitions,
                                                     Instant time) {
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
        if (GAME_STARTED.equals(event.type())) {
            JsonNode game = event.data() == null ? null : event.data().get("game");
            titles.put(gameId, game == null ? "" : game.asText());
        }
        Instant time = event.time().toInstant();
        if ((from != null && time.isBefore(from)) || (to != null && !time.isBefore(to))) {
            return;
        }
        if (!title.equals(titleOf(gameId))) {
            return;
        }
        Long version = event.streamversion();
        if (version != null) {
            Long last = written.get(gameId);
            if (last != null && version <= last) {
                return;
            }
            written.put(gameId, version);
        }
        out.write(codec.write(Redaction.forPublic(event)).getBytes(StandardCharsets.UTF_8));
        out.write('\n');
        lines++;
    }

    private String titleOf(String gameId) {
        String known = titles.get(gameId);
        if (known != null) {
            return known;
        }
        String stored = storedTitles == null ? null : storedTitles.apply(gameId);
        if (stored == null) {
            unknownGames++;
        }
        titles.put(gameId, stored == null ? "" : stored);
        return titles.get(gameId);
    }
}
