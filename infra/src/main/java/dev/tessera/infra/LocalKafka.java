package dev.tessera.infra;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.utils.Time;

/**
 * A real Kafka node in KRaft mode (combined broker and controller), run in this JVM from Kafka's own server
 * classes: alone ({@link #start}), or as one node of a cluster whose nodes each run in a process of their own
 * ({@link #startNode}, {@link KafkaCluster}). The storage is formatted on first start and kept in {@code dataDir}.
 */
public final class LocalKafka implements AutoCloseable, KafkaCluster.Node {
    /** Fixed so that formatting needs no extra step; every node of a local cluster must share it. */
    private static final String CLUSTER_ID = "dGVzc2VyYS1sb2NhbC0x";

    private final KafkaRaftServer server;
    private final String bootstrapServers;
    /** In front of the second listener, if the broker has one ({@link #startWithProxiedListener}); else null. */
    private final TcpProxy proxy;

    private LocalKafka(KafkaRaftServer server, String bootstrapServers, TcpProxy proxy) {
        this.server = server;
        this.bootstrapServers = bootstrapServers;
        this.proxy = proxy;
    }

    /**
     * Starts a single-node cluster on {@code port}, its controller on another free port; or, for {@code port} 0, on
     * free ports, chosen again if one is taken before the node binds it ({@link KafkaCluster}).
     */
    public static LocalKafka start(int port, Path dataDir) {
        if (port == 0) {
            return KafkaCluster.start(1, (node, ports) -> startNode(node, ports, ports.get(0) + 1, dataDir, 0, null))
                    .nodes()
                    .get(0);
        }
        LocalKafka kafka = startNode(1, List.of(port), Ports.free(), dataDir, 0, null);
        kafka.awaitReady();
        return kafka;
    }

    /**
     * A single-node cluster like {@link #start}'s, whose broker has a second client listener that clients reach only
     * through a {@link TcpProxy}: it advertises the proxy's port, so a client that bootstraps there ({@link
     * #proxiedBootstrapServers()}) makes every connection through it, and {@link #proxy()}'s cut takes that client
     * (one service instance, say) off the broker while every other client goes on.
     */
    public static LocalKafka startWithProxiedListener(Path dataDir) {
        return KafkaCluster.start(1, (node, ports) -> {
                    int listener = Ports.free();
                    TcpProxy proxy = TcpProxy.to(listener);
                    try {
                        return startNode(node, ports, ports.get(0) + 1, dataDir, listener, proxy);
                    } catch (RuntimeException e) {
                        proxy.close();
                        throw e;
                    }
                })
                .nodes()
                .get(0);
    }

    /**
     * Starts node {@code nodeId} (1-based) of a cluster whose nodes' broker ports are {@code brokerPorts}, in
     * order; node i's controller listens on {@code brokerPorts[i-1] + 1}. Every node is a controller too, so a
     * cluster of three keeps its quorum with one node down. Replication of the internal topics (consumer offsets,
     * transactions) and the default for new topics are 3 (or the number of nodes, if fewer), and a write needs
     * 2 in-sync replicas: acknowledged records survive the loss of any one node. Returns once the node runs; the
     * cluster answers once a majority of its nodes runs.
     */
    public static LocalKafka startNode(int nodeId, List<Integer> brokerPorts, Path dataDir) {
        return startNode(nodeId, brokerPorts, brokerPorts.get(nodeId - 1) + 1, dataDir, 0, null);
    }

    private static LocalKafka startNode(
            int nodeId, List<Integer> brokerPorts, int controllerPort, Path dataDir, int proxiedPort, TcpProxy proxy) {
        int nodes = brokerPorts.size();
        int brokerPort = brokerPorts.get(nodeId - 1);
        String voters = nodes == 1
                ? "1@127.0.0.1:" + controllerPort
                : IntStream.rangeClosed(1, nodes)
                        .mapToObj(i -> i + "@127.0.0.1:" + (brokerPorts.get(i - 1) + 1))
                        .collect(Collectors.joining(","));
        String replication = String.valueOf(replicationFactor(nodes));
        String minInSync = String.valueOf(minInSyncReplicas(nodes));
        try {
            Files.createDirectories(dataDir);
            Properties props = new Properties();
            props.put("process.roles", "broker,controller");
            props.put("node.id", String.valueOf(nodeId));
            props.put("controller.quorum.voters", voters);
            String listeners = "PLAINTEXT://127.0.0.1:" + brokerPort + ",CONTROLLER://127.0.0.1:" + controllerPort;
            String advertised = "PLAINTEXT://127.0.0.1:" + brokerPort;
            String protocols = "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT";
            if (proxy != null) {
                // A broker answers metadata requests with the endpoints of the listener the request came in on.
                listeners += ",PROXIED://127.0.0.1:" + proxiedPort;
                advertised += ",PROXIED://127.0.0.1:" + proxy.port();
                protocols += ",PROXIED:PLAINTEXT";
            }
            props.put("listeners", listeners);
            props.put("advertised.listeners", advertised);
            props.put("controller.listener.names", "CONTROLLER");
            props.put("listener.security.protocol.map", protocols);
            props.put("inter.broker.listener.name", "PLAINTEXT");
            props.put("log.dirs", dataDir.toAbsolutePath().toString());
            props.put("num.partitions", "4");
            props.put("default.replication.factor", replication);
            props.put("min.insync.replicas", minInSync);
            props.put("offsets.topic.replication.factor", replication);
            props.put("offsets.topic.num.partitions", "4");
            props.put("transaction.state.log.replication.factor", replication);
            props.put("transaction.state.log.min.isr", minInSync);
            props.put("share.coordinator.state.topic.replication.factor", replication);
            props.put("share.coordinator.state.topic.min.isr", minInSync);
            props.put("group.initial.rebalance.delay.ms", "0");
            // A transaction whose producer died is aborted within a second of its timeout (10 s by default), not
            // ten: until then the read_committed consumers of its partitions wait.
            props.put("transaction.abort.timed.out.transaction.cleanup.interval.ms", "1000");
            props.put("auto.create.topics.enable", "true");
            // Idle, a broker should do next to nothing (issue 41). The controller writes a no-op record to the
            // metadata log every 5 s rather than every 0.5 s (each one an append, a flush and a high-watermark
            // update; it only tells brokers the controller is alive), and a follower's fetch waits at the leader up
            // to 5 s rather than 0.5 s for new records (it returns as soon as one comes, so acks=all is not slower;
            // it must stay below replica.lag.time.max.ms, 30 s, or an idle follower would drop out of the ISR).
            props.put("metadata.max.idle.interval.ms", "5000");
            props.put("replica.fetch.wait.max.ms", "5000");
            // Request threads sized to the machine, not to a broker alone on a large one (issue 41): 8 request
            // handlers and 3 network threads by default, each waking every 300 ms to look at its queue, which an idle
            // broker pays for. On 2 cores, 2 and 1 did as well under load as 8 and 3, and cost half as much idle
            // (bench/results/journal.md, thirty-seventh session, item 1).
            int cores = Runtime.getRuntime().availableProcessors();
            props.put("num.io.threads", String.valueOf(Math.max(2, Math.min(8, cores))));
            props.put("num.network.threads", String.valueOf(Math.max(1, Math.min(3, cores / 2))));
            Path config = dataDir.resolve("server.properties");
            try (OutputStream out = Files.newOutputStream(config)) {
                props.store(out, "written by Tessera's LocalKafka");
            }
            if (!Files.exists(dataDir.resolve("meta.properties"))) {
                int rc = StorageTool.execute(
                        new String[] {"format", "-t", CLUSTER_ID, "-c", config.toString(), "--ignore-formatted"},
                        new PrintStream(OutputStream.nullOutputStream()));
                if (rc != 0) {
                    throw new IllegalStateException("Kafka storage format failed with code " + rc);
                }
            }
            KafkaRaftServer server = new KafkaRaftServer(KafkaConfig.fromProps(props, false), Time.SYSTEM);
            try {
                server.startup();
            } catch (RuntimeException e) {
                // A port taken, say: what did start (the controller, before the broker) lets go of its ports and
                // of the data directory's lock, so that the node can be started again.
                try {
                    server.shutdown();
                    server.awaitShutdown();
                } catch (RuntimeException stopping) {
                    e.addSuppressed(stopping);
                }
                throw new IllegalStateException(
                        "Kafka node " + nodeId + " did not start on ports " + brokerPort + " and " + controllerPort
                                + (proxy == null ? "" : " and " + proxiedPort) + ": " + e.getMessage(),
                        e);
            }
            return new LocalKafka(server, "127.0.0.1:" + brokerPort, proxy);
        } catch (IOException e) {
            throw new UncheckedIOException("Kafka did not start: " + e.getMessage(), e);
        }
    }

    /** Replicas of each partition in a cluster of {@code nodes}: 3, or every node of a smaller cluster. */
    public static int replicationFactor(int nodes) {
        return Math.min(3, nodes);
    }

    /** In-sync replicas an acks=all write needs: 2, so that an acknowledged record is on two nodes (1 alone). */
    public static int minInSyncReplicas(int nodes) {
        return Math.min(2, nodes);
    }

    public String bootstrapServers() {
        return bootstrapServers;
    }

    /** The proxy in front of the second listener ({@link #startWithProxiedListener}). */
    public TcpProxy proxy() {
        if (proxy == null) {
            throw new IllegalStateException("this broker has no proxied listener");
        }
        return proxy;
    }

    /** Where a client bootstraps to make all of its connections through {@link #proxy()}. */
    public String proxiedBootstrapServers() {
        return "127.0.0.1:" + proxy().port();
    }

    /** Creates the topics that do not exist yet, each partition on one replica (this node alone). */
    public void createTopics(Collection<String> names, int partitions) {
        createTopics(bootstrapServers, names, partitions, 1);
    }

    /** Creates the topics that do not exist yet on a single-node cluster at {@code bootstrapServers}. */
    public static void createTopics(String bootstrapServers, Collection<String> names, int partitions) {
        createTopics(bootstrapServers, names, partitions, 1);
    }

    /**
     * Creates the topics that do not exist yet at {@code bootstrapServers}, with {@code replicas} replicas per
     * partition and writes needing {@link #minInSyncReplicas} of them. A topic that exists is left as it is.
     */
    public static void createTopics(String bootstrapServers, Collection<String> names, int partitions, int replicas) {
        try (Admin admin = admin(bootstrapServers)) {
            for (String name : names) {
                try {
                    NewTopic topic = new NewTopic(name, partitions, (short) replicas)
                            .configs(Map.of("min.insync.replicas", String.valueOf(minInSyncReplicas(replicas))));
                    admin.createTopics(List.of(topic)).all().get(30, TimeUnit.SECONDS);
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

    /** An Admin client of the cluster, its requests waiting 10 s at most (RestoredOffsets uses it too). */
    static Admin admin(String bootstrapServers) {
        return Admin.create(Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG,
                10_000));
    }

    /** Waits until the cluster at {@code bootstrapServers} has at least {@code brokers} brokers up (60 s at most). */
    public static void awaitBrokers(String bootstrapServers, int brokers) {
        try {
            String failure = awaitBrokers(bootstrapServers, brokers, Duration.ofSeconds(60), () -> null);
            if (failure != null) {
                throw new IllegalStateException(failure);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * Waits until the cluster at {@code bootstrapServers} has at least {@code brokers} brokers up: null once it has;
     * else why not, once {@code within} has passed or as soon as {@code hopeless} answers a reason (a node exited).
     */
    static String awaitBrokers(String bootstrapServers, int brokers, Duration within, Supplier<String> hopeless)
            throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        Admin admin = admin(bootstrapServers);
        try {
            while (true) {
                try {
                    DescribeClusterOptions options = new DescribeClusterOptions().timeoutMs(5_000);
                    if (admin.describeCluster(options)
                                    .nodes()
                                    .get(6, TimeUnit.SECONDS)
                                    .size()
                            >= brokers) {
                        return null;
                    }
                } catch (ExecutionException | TimeoutException e) {
                    // not answering yet
                }
                String reason = hopeless.get();
                if (reason != null) {
                    return reason;
                }
                if (System.nanoTime() > deadline) {
                    return "Kafka did not have " + brokers + " brokers up within " + within.toSeconds() + " s";
                }
                Thread.sleep(100);
            }
        } finally {
            // Not close(), which waits for a call nobody answers until its own timeout (a minute): that is a node
            // that exited seen a minute late.
            admin.close(Duration.ZERO);
        }
    }

    private void awaitReady() {
        awaitBrokers(bootstrapServers, 1);
    }

    /** A node in this JVM: once {@link #startNode} has returned, it is taken to run until stopped. */
    @Override
    public boolean alive() {
        return true;
    }

    @Override
    public void stop() {
        close();
    }

    @Override
    public void close() {
        server.shutdown();
        server.awaitShutdown();
        if (proxy != null) {
            proxy.close();
        }
    }
}
