package dev.tessera.e2e;

import dev.tessera.infra.KafkaCluster;
import dev.tessera.infra.LocalKafka;
import dev.tessera.infra.LocalPlatform;
import dev.tessera.infra.LocalPostgres;
import io.restassured.RestAssured;
import io.restassured.builder.RequestSpecBuilder;
import io.restassured.config.HeaderConfig;
import io.restassured.config.RestAssuredConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The whole of Tessera for a test: a real PostgreSQL in this JVM, Kafka, and the four services as separate
 * processes started from their packaged applications, each instance on a free port. The shared platform runs
 * one instance of each service beside a broker in this JVM; {@link #scaled} runs several instances of each and
 * a cluster of brokers, each broker a process of its own, so that a test can SIGKILL any of them.
 */
final class Platform implements AutoCloseable {
    enum Service {
        LOBBY("lobby-service", "LOBBY"),
        GAME("game-service", "GAME"),
        SCORING("scoring-service", "SCORING"),
        GATEWAY("gateway", "GATEWAY");

        final String module;
        final String env;

        Service(String module, String env) {
            this.module = module;
            this.env = env;
        }
    }

    private final Path root = Path.of(System.getProperty("tessera.root", ".."));
    private final Path logs;
    private final LocalPostgres postgres;
    /** The broker in this JVM, or null when the brokers are processes ({@link #brokerPorts}). */
    private final LocalKafka kafka;

    private final List<Integer> brokerPorts;
    private final Path kafkaData;
    private final int instances;
    /** Environment every service instance gets besides its own ({@link #named}). */
    private final Map<String, String> common = new LinkedHashMap<>();
    /** "" for the shared platform, "-scaled": names its logs, keys and state folders apart. */
    private final String suffix;
    /** Ports and processes by instance name: "game.1", "kafka.2". */
    private final Map<String, Integer> ports = new LinkedHashMap<>();

    private final Map<String, Process> processes = new ConcurrentHashMap<>();
    /** The instances {@link #startExtra} added; each is forgotten when stopped, so that another test may add it again. */
    private final Set<String> extras = ConcurrentHashMap.newKeySet();

    private static Platform shared;

    /** One platform for all end-to-end test classes of the run, stopped when the test JVM exits. */
    static synchronized Platform shared() {
        if (shared == null) {
            shared = new Platform();
            // Before starting: a service that never gets ready must not leave the others running after the JVM.
            Runtime.getRuntime().addShutdownHook(new Thread(shared::close, "e2e-platform-stop"));
            shared.startAll();
        }
        return shared;
    }

    /**
     * {@code instances} of every service and a cluster of {@code brokers} Kafka nodes, each a process, topics with
     * 3 replicas (min.insync.replicas 2); started, ready, and stopped by {@link #close()}.
     */
    static Platform scaled(int instances, int brokers) {
        return started(new Platform("scaled", instances, brokers));
    }

    /** One instance of every service beside a broker in this JVM, each started with {@code env} besides its own. */
    static Platform named(String name, Map<String, String> env) {
        Platform platform = new Platform(name, 1, 1);
        platform.common.putAll(env);
        return started(platform);
    }

    private static Platform started(Platform platform) {
        try {
            platform.startAll();
        } catch (RuntimeException e) {
            platform.close();
            throw e;
        }
        return platform;
    }

    private Platform() {
        this("", 1, 1);
    }

    private Platform(String name, int instances, int brokers) {
        this.instances = instances;
        this.suffix = name.isEmpty() ? "" : "-" + name;
        try {
            logs = Files.createDirectories(root.resolve("e2e/target/e2e-logs" + suffix));
            try (var old = Files.list(logs)) {
                for (Path log : old.toList()) {
                    Files.delete(log);
                }
            }
            // Kafka Streams' state of an earlier run belongs to another cluster: its checkpoints would lie.
            deleteTree(root.resolve("e2e/target/kafka-streams" + suffix));
            postgres = LocalPostgres.start(0, null);
            postgres.createDatabases(List.of("tessera_lobby", "tessera_game", "tessera_scoring", "tessera_gateway"));
            kafkaData = Files.createTempDirectory("tessera-e2e-kafka");
            List<String> topics = List.of("lobby-events", "game-events", "scoring-events");
            if (brokers == 1) {
                // Its second listener, behind a proxy, lets a test cut one instance off the broker (PartitionIT).
                kafka = LocalKafka.startWithProxiedListener(kafkaData);
                brokerPorts = List.of();
                kafka.createTopics(topics, 4);
            } else {
                kafka = null;
                // On free ports, node i's controller one above its broker; the whole cluster again on other ports if
                // a node exits (another process took one of its ports) or the cluster does not form.
                brokerPorts = KafkaCluster.start(brokers, (i, chosen) -> {
                            // What a node of a failed attempt wrote names other ports: each attempt starts afresh.
                            deleteTree(kafkaData.resolve("kafka." + i));
                            return KafkaCluster.Node.of(startBroker(i, chosen));
                        })
                        .brokerPorts();
                for (int i = 1; i <= brokers; i++) {
                    ports.put("kafka." + i, brokerPorts.get(i - 1));
                }
                LocalKafka.createTopics(
                        bootstrapServers(), topics, Math.max(4, instances), LocalKafka.replicationFactor(brokers));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (Service s : Service.values()) {
            for (int i = 1; i <= instances; i++) {
                ports.put(instance(s, i), freePort());
            }
        }
    }

    static String instance(Service s, int i) {
        return s.name().toLowerCase() + "." + i;
    }

    private static Service serviceOf(String instance) {
        return Service.valueOf(instance.substring(0, instance.indexOf('.')).toUpperCase());
    }

    String gateway() {
        return url(Service.GATEWAY);
    }

    /** Every gateway's base URL. */
    List<String> gateways() {
        List<String> urls = new ArrayList<>();
        for (int i = 1; i <= instances; i++) {
            urls.add(url(instance(Service.GATEWAY, i)));
        }
        return urls;
    }

    /** The base URLs of every instance of a service, comma-separated, as the gateway takes them. */
    private String urls(Service s) {
        List<String> urls = new ArrayList<>();
        for (int i = 1; i <= instances; i++) {
            urls.add(url(instance(s, i)));
        }
        return String.join(",", urls);
    }

    private static Account spectator;
    /** The gateway {@link #spectator} signed up at: a token of one platform means nothing to another's gateways. */
    private static String spectatorAt;

    /** Runs {@code request} as a client without any credential. */
    static <T> T anonymously(java.util.function.Supplier<T> request) {
        io.restassured.specification.RequestSpecification saved = RestAssured.requestSpecification;
        RestAssured.requestSpecification = null;
        try {
            return request.get();
        } finally {
            RestAssured.requestSpecification = saved;
        }
    }

    /**
     * Points REST Assured at the gateway, every request made as a registered player who sits at no table
     * (a spectator) unless it says who it is ({@link Account#as()}, whose Authorization then replaces
     * the spectator's): the gateway answers registered players only, calculators and sign-up aside.
     */
    static synchronized void useGateway() {
        useGateway(shared().gateway());
    }

    /** The same for the gateway at {@code url} (one of a scaled platform's, say). */
    static synchronized void useGateway(String url) {
        RestAssured.baseURI = url;
        RestAssured.port = -1;
        if (spectator == null || !url.equals(spectatorAt)) {
            RestAssured.requestSpecification = null;
            spectator = Account.signUp("e2e-spectator-" + Long.toString(System.nanoTime(), 36));
            spectatorAt = url;
        }
        RestAssured.config = RestAssuredConfig.config()
                .headerConfig(HeaderConfig.headerConfig()
                        .overwriteHeadersWithName("Authorization", "Content-Type", "Accept"));
        RestAssured.requestSpecification = new RequestSpecBuilder()
                .addHeader("Authorization", "Bearer " + spectator.token())
                .build();
    }

    String url(Service s) {
        return url(instance(s, 1));
    }

    String url(String instance) {
        return "http://localhost:" + ports.get(instance);
    }

    LocalPostgres postgres() {
        return postgres;
    }

    /** The broker of a single-broker platform, whose proxied listener a test can cut. */
    LocalKafka kafka() {
        if (kafka == null) {
            throw new IllegalStateException("a cluster's brokers are processes of their own");
        }
        return kafka;
    }

    String bootstrapServers() {
        if (kafka != null) {
            return kafka.bootstrapServers();
        }
        return String.join(",", brokerPorts.stream().map(p -> "127.0.0.1:" + p).toList());
    }

    void startAll() {
        for (String instance : serviceInstances()) {
            start(instance, Map.of());
        }
        for (String instance : serviceInstances()) {
            awaitReady(instance);
        }
    }

    /** Every service instance's name, "lobby.1" to "gateway.n". */
    List<String> serviceInstances() {
        return ports.keySet().stream().filter(n -> !n.startsWith("kafka.")).toList();
    }

    /**
     * Runs Kafka node {@code i} of the cluster as a process of its own, on the cluster's ports and data (a SIGKILL
     * kills the broker, nothing else).
     */
    void startBroker(int i) {
        startBroker(i, brokerPorts);
    }

    private Process startBroker(int i, List<Integer> onPorts) {
        String name = "kafka." + i;
        Process process =
                LocalPlatform.startKafkaNode(kafkaData.resolve(name), i, onPorts, logs.resolve(name + ".log"));
        processes.put(name, process);
        return process;
    }

    /** Starts one service with extra environment (for instance its outbox relay switched off). */
    void start(Service s, Map<String, String> extraEnv) {
        start(instance(s, 1), extraEnv);
    }

    /**
     * Starts an instance this platform was not made with ("game.2" beside the shared platform's "game.1"), on a port
     * of its own and with extra environment; it joins its service's consumer groups, and the gateway does not know
     * it: a test reaches it at {@link #url(String)}. {@link #stop(String)} forgets it again (another test of the same
     * platform may start its own); {@link #close()} stops it with the others.
     */
    void startExtra(String instance, Map<String, String> extraEnv) {
        if (ports.containsKey(instance)) {
            throw new IllegalArgumentException(instance
                    + (extras.contains(instance)
                            ? " runs already as an extra instance"
                            : " is one of the platform's own instances"));
        }
        extras.add(instance);
        ports.put(instance, freePort());
        start(instance, extraEnv);
    }

    /** Starts one instance ("game.2") with extra environment. */
    void start(String instance, Map<String, String> extraEnv) {
        Service s = serviceOf(instance);
        Path jar = root.resolve(s.module + "/target/quarkus-app/quarkus-run.jar");
        if (!Files.exists(jar)) {
            throw new IllegalStateException(
                    jar + " is missing: run ./mvnw verify from the top, which packages the services first");
        }
        ProcessBuilder pb = new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m", "-jar", jar.toString());
        Map<String, String> env = pb.environment();
        String port = String.valueOf(ports.get(instance));
        env.putAll(Map.of(
                "TESSERA_DB_HOST", "localhost",
                "TESSERA_DB_PORT", String.valueOf(postgres.port()),
                "TESSERA_DB_USER", LocalPostgres.USER,
                "TESSERA_KAFKA", bootstrapServers(),
                "LOBBY_URL", urls(Service.LOBBY),
                "GAME_URL", urls(Service.GAME),
                "SCORING_URL", urls(Service.SCORING),
                // The gateways' generated signing keys, shared by all of them: inside the build's output, not the
                // module.
                "TESSERA_KEY_DIR",
                        root.resolve("e2e/target/gateway-keys" + suffix).toString()));
        env.put(s.env + "_PORT", port);
        // Its outbox relay's transactional id: started again, it aborts what its predecessor left open.
        env.put("TESSERA_INSTANCE", instance);
        // The statistics' interactive queries reach the instance that holds a title's store at this address.
        env.put("SCORING_STATS_APPLICATION_SERVER", "localhost:" + port);
        env.put(
                "SCORING_STATS_STATE_DIR",
                root.resolve("e2e/target/kafka-streams" + suffix + "/" + instance)
                        .toString());
        // The bots of these tests call from one address far faster than a person; limits have tests of their own.
        env.put("TESSERA_LIMITS_REQUESTS_PER_SECOND", "10000");
        env.put("TESSERA_LIMITS_BURST", "10000");
        // Webhooks to the tests' receivers on loopback, retried within seconds rather than minutes.
        env.put("TESSERA_WEBHOOKS_LOCAL", "true");
        env.put("TESSERA_WEBHOOKS_BACKOFF_INITIAL", "250ms");
        env.put("TESSERA_WEBHOOKS_BACKOFF_MAX", "2s");
        env.putAll(common);
        env.putAll(extraEnv);
        pb.redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(
                        logs.resolve(logName(instance)).toFile()));
        try {
            processes.put(instance, pb.start());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Where an instance's output goes. */
    Path log(String instance) {
        return logs.resolve(logName(instance));
    }

    /** The single-instance platform's logs keep their names ("game-service.log"). */
    private String logName(String instance) {
        Service s = serviceOf(instance);
        return instances == 1 && instance.endsWith(".1")
                ? s.module + ".log"
                : s.module + "-" + instance.substring(instance.indexOf('.') + 1) + ".log";
    }

    void awaitReady(Service s) {
        awaitReady(instance(s, 1));
    }

    void awaitReady(String instance) {
        HttpClient client =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (System.nanoTime() < deadline) {
            Process p = processes.get(instance);
            if (p != null && !p.isAlive()) {
                throw new IllegalStateException(
                        instance + " exited with " + p.exitValue() + "; see " + logs.resolve(logName(instance)));
            }
            try {
                HttpResponse<String> r = client.send(
                        HttpRequest.newBuilder(URI.create(url(instance) + "/q/health/ready"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new IllegalStateException(
                instance + " was not ready within 120 s; see " + logs.resolve(logName(instance)));
    }

    /** SIGTERM, as an operator stops a service: it finishes what it was doing and leaves its consumer group. */
    void stop(Service s) throws InterruptedException {
        stop(instance(s, 1));
    }

    /** SIGTERM to one instance ("game.2"). */
    void stop(String instance) throws InterruptedException {
        Process p = processes.remove(instance);
        p.destroy();
        if (!p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
        }
        if (extras.remove(instance)) {
            ports.remove(instance);
        }
    }

    /**
     * Runs a service's {@code Rebuild} main from its packaged application, as {@code ./tessera rebuild}
     * does, with the service's environment; answers its exit code (its output goes to the service's log).
     */
    int rebuild(Service s, String mainClass) throws IOException, InterruptedException {
        Path app = root.resolve(s.module + "/target/quarkus-app");
        ProcessBuilder pb = new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                String.join(
                        java.io.File.pathSeparator,
                        app.resolve("app") + "/*",
                        app.resolve("lib/boot") + "/*",
                        app.resolve("lib/main") + "/*"),
                mainClass);
        pb.environment()
                .putAll(Map.of(
                        "TESSERA_DB_HOST",
                        "localhost",
                        "TESSERA_DB_PORT",
                        String.valueOf(postgres.port()),
                        "TESSERA_DB_USER",
                        LocalPostgres.USER,
                        "TESSERA_KAFKA",
                        bootstrapServers()));
        pb.redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(
                        logs.resolve(logName(instance(s, 1))).toFile()));
        return pb.start().waitFor();
    }

    /** SIGKILL: the process gets no chance to finish anything. */
    void kill(Service s) throws InterruptedException {
        kill(instance(s, 1));
    }

    /** SIGKILLs an instance or a broker ("game.2", "kafka.3"). */
    void kill(String name) throws InterruptedException {
        Process p = processes.remove(name);
        p.destroyForcibly();
        p.waitFor();
    }

    /** The services first (they leave their consumer groups), then the brokers, then PostgreSQL. */
    @Override
    public void close() {
        stopAll(processes.keySet().stream().filter(n -> !n.startsWith("kafka.")).toList());
        stopAll(processes.keySet().stream().filter(n -> n.startsWith("kafka.")).toList());
        if (kafka != null) {
            kafka.close();
        }
        postgres.close();
    }

    private void stopAll(List<String> names) {
        List<Process> stopping = names.stream()
                .map(processes::remove)
                .filter(java.util.Objects::nonNull)
                .toList();
        stopping.forEach(Process::destroy);
        for (Process p : stopping) {
            try {
                if (!p.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
