package dev.tessera.infra;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.ConsumerGroupListing;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.RemoveMembersFromConsumerGroupOptions;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * After {@code ./tessera restore}: no consumer group's committed offset may lie past the end of its partition.
 *
 * <p>A backup copies Kafka's data folders live, one file after another, the consumer offsets' partitions first; a
 * committed offset can then still name a record the copy of its partition does not hold (a broker copied later, a
 * replica behind). A consumer resumed there would skip the records published again in its place, records it may never
 * have applied. Moved back to the partition's end, it reads them all and skips, by event id, those it had applied.
 *
 * <p>The groups come back with the members they had when the offsets were copied, processes that no longer run: a
 * member leaves when its session times out, unless its group was rebalancing, which waits for the rebalance's timeout
 * (minutes for Kafka Streams). Run only while the platform is stopped, this removes them all first
 * ({@link #forgetMembers}), so that the offsets can be changed and the statistics reset at once.
 */
public final class RestoredOffsets {
    private RestoredOffsets() {}

    /** Removes every member of every consumer group; answers the groups that had some. Only for a stopped platform. */
    public static List<String> forgetMembers(String bootstrap)
            throws InterruptedException, ExecutionException, TimeoutException {
        List<String> forgotten = new ArrayList<>();
        try (Admin admin = LocalKafka.admin(bootstrap)) {
            for (ConsumerGroupListing listing : admin.listConsumerGroups().all().get(30, TimeUnit.SECONDS)) {
                String group = listing.groupId();
                ConsumerGroupDescription description = admin.describeConsumerGroups(List.of(group))
                        .describedGroups()
                        .get(group)
                        .get(30, TimeUnit.SECONDS);
                if (!description.members().isEmpty()) {
                    // No member named: every member of the group, static or not (KIP-571).
                    admin.removeMembersFromConsumerGroup(group, new RemoveMembersFromConsumerGroupOptions())
                            .all()
                            .get(30, TimeUnit.SECONDS);
                    forgotten.add(group + " (" + description.members().size() + ")");
                }
            }
        }
        return forgotten;
    }

    /** What was moved back: "group topic-partition from → to". */
    public static List<String> clamp(String bootstrap, List<String> skipGroups, Duration memberWait)
            throws InterruptedException, ExecutionException, TimeoutException {
        List<String> moved = new ArrayList<>();
        try (Admin admin = LocalKafka.admin(bootstrap)) {
            for (ConsumerGroupListing listing : admin.listConsumerGroups().all().get(30, TimeUnit.SECONDS)) {
                String group = listing.groupId();
                if (skipGroups.contains(group)) {
                    continue;
                }
                Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group)
                        .partitionsToOffsetAndMetadata()
                        .get(30, TimeUnit.SECONDS);
                Map<TopicPartition, OffsetSpec> ask = new HashMap<>();
                committed.forEach((tp, offset) -> {
                    if (offset != null) {
                        ask.put(tp, OffsetSpec.latest());
                    }
                });
                if (ask.isEmpty()) {
                    continue;
                }
                Map<TopicPartition, Long> ends = new HashMap<>();
                admin.listOffsets(ask)
                        .all()
                        .get(30, TimeUnit.SECONDS)
                        .forEach((tp, info) -> ends.put(tp, info.offset()));
                Map<TopicPartition, OffsetAndMetadata> back = new HashMap<>();
                committed.forEach((tp, offset) -> {
                    Long end = ends.get(tp);
                    if (offset != null && end != null && offset.offset() > end) {
                        back.put(tp, new OffsetAndMetadata(end));
                        moved.add(group + " " + tp + " " + offset.offset() + " → " + end);
                    }
                });
                if (!back.isEmpty()) {
                    awaitEmpty(admin, group, memberWait);
                    admin.alterConsumerGroupOffsets(group, back).all().get(30, TimeUnit.SECONDS);
                }
            }
        }
        return moved;
    }

    private static void awaitEmpty(Admin admin, String group, Duration wait)
            throws InterruptedException, ExecutionException, TimeoutException {
        long deadline = System.nanoTime() + wait.toNanos();
        while (true) {
            ConsumerGroupDescription description = admin.describeConsumerGroups(List.of(group))
                    .describedGroups()
                    .get(group)
                    .get(30, TimeUnit.SECONDS);
            if (description.members().isEmpty()) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("consumer group " + group + " still has "
                        + description.members().size() + " member(s) after " + wait.toSeconds()
                        + " s: is a service of the platform running?");
            }
            Thread.sleep(500);
        }
    }

    /**
     * {@code RestoredOffsets BOOTSTRAP [group to leave alone]...}: removes the stopped platform's members, then prints
     * each offset moved back and a summary.
     */
    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: RestoredOffsets HOST:PORT [group to leave alone]...");
            System.exit(2);
        }
        List<String> forgotten = forgetMembers(args[0]);
        System.out.println(
                "members of the stopped platform removed from " + forgotten.size() + " consumer group(s) " + forgotten);
        List<String> moved = clamp(args[0], List.of(args).subList(1, args.length), Duration.ofSeconds(90));
        moved.forEach(m -> System.out.println("moved back: " + m));
        System.out.println(moved.size() + " committed offset(s) past their partition's end moved back to it");
    }
}
