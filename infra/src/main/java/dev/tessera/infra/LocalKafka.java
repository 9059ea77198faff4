package dev.tessera.infra;

import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.utils.Time;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A real single-node Kafka broker in KRaft mode (combined broker and controller), run in this JVM from
 * Kafka's own server classes. The storage is formatted on first start and kept in {@code dataDir}.
 */
public final class LocalKafka implements AutoCloseable {
    /** Fixed so that formatting needs no extra step; a single local cluster needs no unique id. */
    private static final String CLUSTER_ID = "dGVzc2VyYS1sb2NhbC0x";

    private final KafkaRaftServer server;
    private final String bootstrapServers;

    private LocalKafka(KafkaRaftServer server, String bootstrapServers) {
        this.server = server;
        this.bootstrapServers = bootstrapServers;
    }

    /** Starts a broker on {@code port} (0 = any free port); its controller takes another free port. */
    public static LocalKafka start(int port, Path dataDir) {
        int brokerPort = port == 0 ? Ports.free() : port;
        int controllerPort = Ports.free();
        try {
            Files.createDirectories(dataDir);
            Properties props = new Properties();
            props.put("process.roles", "broker,controller");
            props.put("node.id", "1");
            props.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
            props.put("listeners", "PLAINTEXT://127.0.0.1:" + brokerPort + ",CONTROLLER://127.0.0.1:" + controllerPort);
            props.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + brokerPort);
            props.put("controller.listener.names", "CONTROLLER");
            props.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
            props.put("inter.broker.listener.name", "PLAINTEXT");
            props.put("log.dirs", dataDir.toAbsolutePath().toString());
            props.put("num.partitions", "4");
            props.put("offsets.topic.replication.factor", "1");
            props.put("offsets.topic.num.partitions", "4");
            props.put("transaction.state.log.replication.factor", "1");
            props.put("transaction.state.log.min.isr", "1");
            props.put("share.coordinator.state.topic.replication.factor", "1");
            props.put("share.coordinator.state.topic.min.isr", "1");
            props.put("group.initial.rebalance.delay.ms", "0");
            props.put("auto.create.topics.enable", "true");
            Path config = dataDir.resolve("server.properties");
            try (OutputStream out = Files.newOutputStream(config)) {
                props.store(out, "written by Tessera's LocalKafka");
            }
            if (!Files.exists(dataDir.resolve("meta.properties"))) {
                int rc = StorageTool.execute(new String[] {"format", "-t", CLUSTER_ID, "-c", config.toString(),
                        "--ignore-formatted"}, new PrintStream(OutputStream.nullOutputStream()));
                if (rc != 0) {
                    throw new IllegalStateException("Kafka storage format failed with code " + rc);
                }
            }
            KafkaRaftServer server = new KafkaRaftServer(KafkaConfig.fromProps(props, false), Time.SYSTEM);
            server.startup();
            LocalKafka kafka = new LocalKafka(server, "127.0.0.1:" + brokerPort);
            kafka.awaitReady();
            return kafka;
        } catch (IOException e) {
            throw new UncheckedIOException("Kafka did not start: " + e.getMessage(), e);
        }
    }

    public String bootstrapServers() {
        return bootstrapServers;
    }

    /** Creates the topics that do not exist yet. */
    public void createTopics(Collection<String> names, int partitions) {
        createTopics(bootstrapServers, names, partitions);
    }

    /** Creates the topics that do not exist yet on the broker at {@code bootstrapServers}. */
    public static void createTopics(String bootstrapServers, Collection<String> names, int partitions) {
        try (Admin admin = admin(bootstrapServers)) {
            for (String name : names) {
                try {
                    admin.createTopics(List.of(new NewTopic(name, partitions, (short) 1))).all().get(30, TimeUnit.SECONDS);
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof TopicExistsException)) {
                        throw new IllegalStateException("could not create topic " + name, e.getCause());
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (TimeoutException e) {
            throw new IllegalStateException("Kafka did not create topics in time", e);
        }
    }

    private static Admin admin(String bootstrapServers) {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000));
    }

    private void awaitReady() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        try (Admin admin = admin(bootstrapServers)) {
            while (true) {
                try {
                    if (!admin.describeCluster().nodes().get(5, TimeUnit.SECONDS).isEmpty()) {
                        return;
                    }
                } catch (ExecutionException | TimeoutException e) {
                    if (System.nanoTime() > deadline) {
                        throw new IllegalStateException("Kafka was not ready within 60 s", e);
                    }
                }
                Thread.sleep(100);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        server.shutdown();
        server.awaitShutdown();
    }
}
