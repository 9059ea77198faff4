package dev.tessera.infra;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupListing;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsSpec;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Every consumer group's lag for Prometheus, as Kafka's usual exporter (kafka_exporter, Strimzi's Kafka Exporter in
 * Kubernetes) names it: {@code kafka_consumergroup_lag{consumergroup, topic, partition}}, the partition's log end offset
 * minus the group's committed offset. Read from the brokers at each scrape (one listing of the groups, one read of
 * each group's offsets, one of the partitions' ends), so that it costs nothing between scrapes. {@code ./tessera up
 * --observe} runs it beside its Prometheus, so that the alert on a group falling behind (TesseraConsumerLagGrowing)
 * works locally too.
 */
final class LagExporter {
    private static final long TIMEOUT_SECONDS = 10;

    private final Admin admin;

    private LagExporter(String bootstrap) {
        Properties config = new Properties();
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        config.put(AdminClientConfig.CLIENT_ID_CONFIG, "tessera-lag-exporter");
        admin = Admin.create(config);
    }

    /** Serves {@code /metrics} on 127.0.0.1:{@code port} until the process is stopped. */
    static void serve(String bootstrap, int port) throws IOException {
        LagExporter exporter = new LagExporter(bootstrap);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        server.createContext("/metrics", exporter::answer);
        server.start();
        System.out.println("lag exporter ready on http://127.0.0.1:" + port + "/metrics for " + bootstrap);
    }

    private void answer(HttpExchange exchange) throws IOException {
        int status = 200;
        String body;
        try {
            body = render(lags());
        } catch (ExecutionException | TimeoutException e) {
            status = 503;
            body = "# the brokers did not answer: " + e + "\n";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            status = 503;
            body = "# interrupted\n";
        }
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** One group's lag on one partition. */
    record Lag(String group, TopicPartition partition, long lag) {}

    private List<Lag> lags() throws ExecutionException, InterruptedException, TimeoutException {
        Map<String, ListConsumerGroupOffsetsSpec> groups =
                admin.listConsumerGroups().all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS).stream()
                        .collect(Collectors.toMap(
                                ConsumerGroupListing::groupId, group -> new ListConsumerGroupOffsetsSpec()));
        // Every group's committed offsets in one call, rather than a round trip per group.
        Map<String, Map<TopicPartition, OffsetAndMetadata>> committed = groups.isEmpty()
                ? Map.of()
                : new TreeMap<>(admin.listConsumerGroupOffsets(groups).all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS));
        Map<TopicPartition, OffsetSpec> wanted = new HashMap<>();
        committed.values().forEach(offsets -> offsets.keySet().forEach(tp -> wanted.put(tp, OffsetSpec.latest())));
        Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> ends =
                admin.listOffsets(wanted).all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        return lags(
                committed,
                ends.entrySet().stream()
                        .collect(Collectors.toMap(
                                Map.Entry::getKey, e -> e.getValue().offset())));
    }

    /** The lag of every group on every partition it has committed an offset on, never below 0. */
    static List<Lag> lags(
            Map<String, Map<TopicPartition, OffsetAndMetadata>> committed, Map<TopicPartition, Long> ends) {
        return committed.entrySet().stream()
                .flatMap(group -> group.getValue().entrySet().stream()
                        .filter(offset -> offset.getValue() != null && ends.containsKey(offset.getKey()))
                        .map(offset -> new Lag(
                                group.getKey(),
                                offset.getKey(),
                                Math.max(
                                        0,
                                        ends.get(offset.getKey())
                                                - offset.getValue().offset()))))
                .toList();
    }

    /** The Prometheus text format of {@code lags}. */
    static String render(List<Lag> lags) {
        StringBuilder out = new StringBuilder()
                .append(
                        "# HELP kafka_consumergroup_lag Records of a partition not yet consumed by the group: its log end")
                .append(" offset minus the group's committed offset.\n")
                .append("# TYPE kafka_consumergroup_lag gauge\n");
        for (Lag lag : lags) {
            out.append("kafka_consumergroup_lag{consumergroup=\"")
                    .append(escape(lag.group()))
                    .append("\",topic=\"")
                    .append(escape(lag.partition().topic()))
                    .append("\",partition=\"")
                    .append(lag.partition().partition())
                    .append("\"} ")
                    .append(lag.lag())
                    .append('\n');
        }
        return out.toString();
    }

    private static String escape(String label) {
        return label.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }
}
