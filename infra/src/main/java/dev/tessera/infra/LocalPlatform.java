package dev.tessera.infra;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.logging.ConsoleHandler;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The infrastructure of {@code ./tessera up}, one component per process, so that each can be stopped, killed and
 * started again on its own:
 *
 * <pre>
 * LocalPlatform postgres --data DIR --port P --databases a,b [--log FILE] [--durable on|off]
 *     starts a PostgreSQL keeping its data in DIR, durable unless told off (only to measure what that costs), creates the databases that are missing, prints the
 *     postmaster's pid and exits: the server runs on as a process of its own.
 * LocalPlatform kafka --data DIR --node N --ports P1[,P2,P3]
 *     runs node N of a KRaft cluster whose brokers listen on P1.. (controllers one port above) until stopped.
 * LocalPlatform topics --bootstrap HOST:PORT --topics x,y --partitions N [--replicas R] [--brokers B]
 *     waits until B brokers answer (1 by default), creates the topics that are missing, and exits.
 * LocalPlatform lag-exporter --bootstrap HOST:PORT --port P
 *     serves every consumer group's lag for Prometheus on 127.0.0.1:P/metrics ({@link LagExporter}) until stopped.
 * </pre>
 * Each prints a line with "ready" once it is; the script waits for it.
 */
public final class LocalPlatform {
    /** Held here: java.util.logging keeps its loggers weakly, and a collected logger forgets its level. */
    private static final List<Logger> CONFIGURED = new ArrayList<>();

    private static final String USAGE = """
            usage: LocalPlatform postgres --data DIR --port P --databases a,b [--log FILE] [--durable on|off]
                   LocalPlatform kafka --data DIR --node N --ports P1[,P2,...]
                   LocalPlatform topics --bootstrap HOST:PORT --topics x,y --partitions N [--replicas R] [--brokers B]
                   LocalPlatform lag-exporter --bootstrap HOST:PORT --port P""";

    private LocalPlatform() {}

    public static void main(String[] args) throws InterruptedException, java.io.IOException {
        configureLogging();
        if (args.length == 0) {
            usage();
        }
        Map<String, String> opts = options(Arrays.copyOfRange(args, 1, args.length));
        switch (args[0]) {
            case "postgres" -> postgres(opts);
            case "kafka" -> kafka(opts);
            case "topics" -> topics(opts);
            case "lag-exporter" ->
                LagExporter.serve(required(opts, "bootstrap"), port(required(opts, "port"), "the lag exporter"));
            default -> usage();
        }
    }

    private static void postgres(Map<String, String> opts) {
        Path data = Path.of(required(opts, "data"));
        int port = port(required(opts, "port"), "PostgreSQL");
        try {
            Files.createDirectories(data);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        // The server outlives this JVM: nothing here may close it.
        boolean durable = !"off".equals(opts.getOrDefault("durable", "on"));
        LocalPostgres postgres = LocalPostgres.startServer(
                port,
                data,
                Path.of(opts.getOrDefault(
                        "log", data.resolveSibling("postgres.log").toString())),
                durable);
        postgres.createDatabases(list(opts.get("databases")));
        System.out.printf(
                "postgres ready on port %d with databases %s (fsync %s, synchronous_commit %s), pid %d%n",
                port,
                opts.get("databases"),
                postgres.setting("fsync"),
                postgres.setting("synchronous_commit"),
                LocalPostgres.postmasterPid(data));
        System.exit(0);
    }

    private static void kafka(Map<String, String> opts) throws InterruptedException {
        Path data = Path.of(required(opts, "data"));
        int node = Integer.parseInt(required(opts, "node"));
        List<Integer> ports =
                list(required(opts, "ports")).stream().map(Integer::valueOf).toList();
        int mine = ports.get(node - 1);
        port(String.valueOf(mine), "Kafka");
        port(String.valueOf(mine + 1), "Kafka's controller");
        LocalKafka kafka = LocalKafka.startNode(node, ports, data);
        System.out.println("kafka node " + node + " of " + ports.size() + " ready on " + kafka.bootstrapServers());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            System.out.println("stopping kafka node " + node);
                            try {
                                kafka.close();
                            } catch (RuntimeException e) {
                                System.err.println("while stopping: " + e.getMessage());
                            }
                            stopped.countDown();
                        },
                        "tessera-kafka-stop"));
        stopped.await();
    }

    /**
     * Runs node {@code node} of a cluster whose brokers listen on {@code brokerPorts} as a process of its own
     * ({@code LocalPlatform kafka}, on this JVM's class path), its output appended to {@code log}: a SIGKILL kills
     * that broker and nothing else. It exits if one of its ports is taken; {@link KafkaCluster} sees that.
     */
    public static Process startKafkaNode(Path data, int node, List<Integer> brokerPorts, Path log) {
        ProcessBuilder pb = new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m",
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                LocalPlatform.class.getName(),
                "kafka",
                "--data",
                data.toString(),
                "--node",
                String.valueOf(node),
                "--ports",
                String.join(",", brokerPorts.stream().map(String::valueOf).toList()));
        pb.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        try {
            return pb.start();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void topics(Map<String, String> opts) {
        String bootstrap = required(opts, "bootstrap");
        List<String> topics = list(opts.get("topics"));
        int partitions = Integer.parseInt(opts.getOrDefault("partitions", "8"));
        int replicas = Integer.parseInt(opts.getOrDefault("replicas", "1"));
        LocalKafka.awaitBrokers(bootstrap, Integer.parseInt(opts.getOrDefault("brokers", "1")));
        LocalKafka.createTopics(bootstrap, topics, partitions, replicas);
        System.out.println("topics ready on " + bootstrap + ": " + topics + " (" + partitions + " partitions, "
                + replicas + " replicas, " + LocalKafka.minInSyncReplicas(replicas) + " in sync for a write)");
    }

    /**
     * Kafka logs through SLF4J to the JBoss log manager on this class path, which without a configuration has
     * every logger enabled down to TRACE and no handler: the broker formatted every debug message, the request
     * log's JSON description of each request included, and threw them away (a seventh of its CPU under load,
     * in a JFR profile). INFO for the platform, WARN for Kafka's chatty loggers, printed to the log file.
     */
    private static void configureLogging() {
        // The log manager SLF4J writes to (Kafka, embedded PostgreSQL) must be the one configured here: the
        // JDK's own would otherwise start first and get these levels, and Kafka would go on at TRACE.
        if (System.getProperty("java.util.logging.manager") == null) {
            System.setProperty("java.util.logging.manager", "org.jboss.logmanager.LogManager");
        }
        Logger root = Logger.getLogger("");
        root.setLevel(Level.INFO);
        // Quarkus's bootstrap, on this class path, gives the root logger a handler that keeps every record until a
        // Quarkus application starts its logging, which never happens here: a broker's log records piled up in its
        // heap (found by the soak's leak profiler, docs/operations.md, "Soak"). Only the console handler below.
        for (Handler handler : root.getHandlers()) {
            root.removeHandler(handler);
        }
        ConsoleHandler console = new ConsoleHandler();
        console.setLevel(Level.INFO);
        console.setFormatter(new Formatter() {
            @Override
            public String format(LogRecord record) {
                String line = String.format(
                        "%1$tT %2$s %3$s: %4$s%n",
                        record.getMillis(), record.getLevel(), record.getLoggerName(), formatMessage(record));
                return record.getThrown() == null ? line : line + record.getThrown() + System.lineSeparator();
            }
        });
        root.addHandler(console);
        CONFIGURED.add(root);
        for (String chatty : List.of("kafka", "org.apache.kafka", "state.change.logger")) {
            Logger logger = Logger.getLogger(chatty);
            logger.setLevel(Level.WARNING);
            CONFIGURED.add(logger);
        }
    }

    private static int port(String value, String what) {
        int port = Integer.parseInt(value);
        if (Ports.inUse(port)) {
            System.err.println("port " + port + " (" + what + ") is already in use");
            System.exit(3);
        }
        return port;
    }

    private static String required(Map<String, String> opts, String name) {
        String value = opts.get(name);
        if (value == null) {
            usage();
        }
        return value;
    }

    private static List<String> list(String csv) {
        return csv == null || csv.isBlank() ? List.of() : Arrays.asList(csv.split(","));
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> opts = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                usage();
            }
            opts.put(args[i].substring(2), args[++i]);
        }
        return opts;
    }

    private static void usage() {
        System.err.println(USAGE);
        System.exit(2);
    }
}
