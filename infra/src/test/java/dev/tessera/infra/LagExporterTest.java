package dev.tessera.infra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The lag exporter of {@code ./tessera up --observe}, against a real broker: what Prometheus scrapes from it. */
class LagExporterTest {
    private static LocalKafka kafka;
    private static Path data;

    @BeforeAll
    static void start() throws Exception {
        data = Files.createTempDirectory("lag-exporter-kafka");
        kafka = LocalKafka.start(0, data);
    }

    @AfterAll
    static void stop() {
        kafka.close();
    }

    @Test
    void each_group_lags_by_what_it_has_not_committed_on_each_partition() throws Exception {
        String bootstrap = kafka.bootstrapServers();
        kafka.createTopics(List.of("lagging"), 2);
        TestKafka.produceAll(bootstrap, "lagging", "a", List.of("1", "2", "3", "4", "5"));
        int partition = TestKafka.readAll(bootstrap, "lagging").get(0).partition();
        TopicPartition used = new TopicPartition("lagging", partition);
        Properties config = new Properties();
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        try (Admin admin = Admin.create(config)) {
            // "behind" has read two of the five records, "current" all of them.
            admin.alterConsumerGroupOffsets("behind", Map.of(used, new OffsetAndMetadata(2)))
                    .all()
                    .get(30, TimeUnit.SECONDS);
            admin.alterConsumerGroupOffsets("current", Map.of(used, new OffsetAndMetadata(5)))
                    .all()
                    .get(30, TimeUnit.SECONDS);
        }
        int port = Ports.free();
        LagExporter.serve(bootstrap, port);

        HttpResponse<String> scraped = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());

        assertEquals(200, scraped.statusCode());
        assertTrue(scraped.body().contains("# TYPE kafka_consumergroup_lag gauge\n"), scraped.body());
        assertTrue(
                scraped.body()
                        .contains("kafka_consumergroup_lag{consumergroup=\"behind\",topic=\"lagging\",partition=\""
                                + partition + "\"} 3\n"),
                scraped.body());
        assertTrue(
                scraped.body()
                        .contains("kafka_consumergroup_lag{consumergroup=\"current\",topic=\"lagging\",partition=\""
                                + partition + "\"} 0\n"),
                scraped.body());
    }

    @Test
    void a_committed_offset_past_the_end_is_no_negative_lag_and_labels_are_escaped() {
        TopicPartition tp = new TopicPartition("t", 0);
        List<LagExporter.Lag> lags =
                LagExporter.lags(Map.of("odd\"group", Map.of(tp, new OffsetAndMetadata(9))), Map.of(tp, 4L));
        assertEquals(List.of(new LagExporter.Lag("odd\"group", tp, 0)), lags);
        assertTrue(
                LagExporter.render(lags).contains("{consumergroup=\"odd\\\"group\",topic=\"t\",partition=\"0\"} 0\n"));
    }
}
