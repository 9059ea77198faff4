package dev.tessera.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tessera.infra.LocalKafka;
import dev.tessera.infra.RestoredOffsets;
import dev.tessera.infra.TestKafka;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * After a restore, a consumer group whose committed offset lies past the end of its partition (the offsets and the
 * records of a backup are copied at different moments) is moved back to the partition's end, so that it reads the
 * records published again there; an offset within the partition, and a group left alone, stay as they were. A real
 * broker, the groups' offsets set with Kafka's Admin API as a copied {@code __consumer_offsets} would leave them.
 */
class RestoredOffsetsIT {
    @TempDir
    Path data;

    private LocalKafka kafka;
    private Admin admin;
    private String bootstrap;

    @BeforeEach
    void aBrokerWithATopic() {
        kafka = LocalKafka.start(0, data);
        bootstrap = kafka.bootstrapServers();
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap));
        LocalKafka.createTopics(bootstrap, List.of("restored"), 2);
    }

    @AfterEach
    void stop() {
        admin.close();
        kafka.close();
    }

    @Test
    void a_committed_offset_past_its_partitions_end_is_moved_back_to_it_and_no_other() throws Exception {
        TopicPartition p0 = new TopicPartition("restored", 0);
        TopicPartition p1 = new TopicPartition("restored", 1);
        int onP0 = 0;
        for (int i = 0; onP0 < 3; i++) {
            // Keys land on a partition by their hash: sent until partition 0 has three records.
            String key = "game-" + i;
            TestKafka.produce(bootstrap, "restored", key, "{}");
            onP0 = (int) admin.listOffsets(Map.of(p0, org.apache.kafka.clients.admin.OffsetSpec.latest()))
                    .partitionResult(p0)
                    .get(30, TimeUnit.SECONDS)
                    .offset();
        }
        long endP1 = admin.listOffsets(Map.of(p1, org.apache.kafka.clients.admin.OffsetSpec.latest()))
                .partitionResult(p1)
                .get(30, TimeUnit.SECONDS)
                .offset();
        admin.alterConsumerGroupOffsets(
                        "lobby-service", Map.of(p0, new OffsetAndMetadata(9), p1, new OffsetAndMetadata(endP1)))
                .all()
                .get(30, TimeUnit.SECONDS);
        admin.alterConsumerGroupOffsets("scoring-stats", Map.of(p0, new OffsetAndMetadata(7)))
                .all()
                .get(30, TimeUnit.SECONDS);

        List<String> moved = RestoredOffsets.clamp(bootstrap, List.of("scoring-stats"), Duration.ofSeconds(30));

        assertEquals(List.of("lobby-service restored-0 9 → 3"), moved);
        Map<TopicPartition, OffsetAndMetadata> lobby = admin.listConsumerGroupOffsets("lobby-service")
                .partitionsToOffsetAndMetadata()
                .get(30, TimeUnit.SECONDS);
        assertEquals(3, lobby.get(p0).offset(), "past the end: moved back to it");
        assertEquals(endP1, lobby.get(p1).offset(), "within the partition: as it was");
        assertEquals(
                7,
                admin.listConsumerGroupOffsets("scoring-stats")
                        .partitionsToOffsetAndMetadata()
                        .get(30, TimeUnit.SECONDS)
                        .get(p0)
                        .offset(),
                "a group left alone (the statistics, reset instead) keeps its offset");
    }

    @Test
    void the_members_a_stopped_platform_left_in_its_groups_are_removed_at_once() throws Exception {
        Properties config = new Properties();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        config.put(ConsumerConfig.GROUP_ID_CONFIG, "game-service");
        config.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, 45_000);
        KafkaConsumer<String, String> member =
                new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer());
        try {
            member.subscribe(List.of("restored"));
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (member.assignment().isEmpty() && System.nanoTime() < until) {
                member.poll(Duration.ofMillis(200));
            }
            assertEquals(1, members(admin), "a member that stopped polling, as a killed process does");

            List<String> forgotten = RestoredOffsets.forgetMembers(bootstrap);

            assertEquals(List.of("game-service (1)"), forgotten);
            assertEquals(0, members(admin), "gone at once, not after its 45 s session");
        } finally {
            member.close(Duration.ZERO);
        }
    }

    private int members(Admin admin) throws Exception {
        return admin.describeConsumerGroups(List.of("game-service"))
                .describedGroups()
                .get("game-service")
                .get(30, TimeUnit.SECONDS)
                .members()
                .size();
    }
}
