package dev.tessera.infra;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.logging.ConsoleHandler;
import java.util.logging.Formatter;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The infrastructure of {@code ./tessera up}, in one JVM: a PostgreSQL with one database per service
 * and a KRaft Kafka broker with Tessera's topics, keeping their data under {@code --data} so that it
 * survives a restart. Either can be left out when an external one is used; {@code --bootstrap} then
 * only makes sure the topics exist on that broker. Stops both cleanly on SIGTERM or Ctrl-C.
 *
 * <pre>
 * LocalPlatform --data DIR [--postgres PORT --databases a,b] [--kafka PORT | --bootstrap HOST:PORT]
 *               [--topics x,y --partitions N]
 * </pre>
 */
public final class LocalPlatform {
    /** Held here: java.util.logging keeps its loggers weakly, and a collected logger forgets its level. */
    private static final List<Logger> CONFIGURED = new ArrayList<>();

    private LocalPlatform() {
    }

    public static void main(String[] args) throws InterruptedException {
        configureLogging();
        Map<String, String> opts = options(args);
        Path data = Path.of(opts.getOrDefault("data", ".tessera/data"));
        List<String> topics = list(opts.get("topics"));
        int partitions = Integer.parseInt(opts.getOrDefault("partitions", "8"));
        List<AutoCloseable> running = new ArrayList<>();

        if (opts.containsKey("postgres")) {
            int port = port(opts.get("postgres"), "PostgreSQL");
            LocalPostgres postgres = LocalPostgres.start(port, data.resolve("postgres"));
            running.add(postgres);
            postgres.createDatabases(list(opts.get("databases")));
            System.out.println("postgres ready on port " + postgres.port() + " with databases " + opts.get("databases"));
        }
        if (opts.containsKey("kafka")) {
            int port = port(opts.get("kafka"), "Kafka");
            LocalKafka kafka = LocalKafka.start(port, data.resolve("kafka"));
            running.add(kafka);
            kafka.createTopics(topics, partitions);
            System.out.println("kafka ready on " + kafka.bootstrapServers() + " with topics " + topics);
        } else if (opts.containsKey("bootstrap")) {
            LocalKafka.createTopics(opts.get("bootstrap"), topics, partitions);
            System.out.println("topics " + topics + " present on " + opts.get("bootstrap"));
        }
        System.out.println("infrastructure ready");
        if (running.isEmpty()) {
            return;
        }

        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("stopping the infrastructure");
            for (int i = running.size() - 1; i >= 0; i--) {
                try {
                    running.get(i).close();
                } catch (Exception e) {
                    System.err.println("while stopping: " + e.getMessage());
                }
            }
            stopped.countDown();
        }, "tessera-platform-stop"));
        stopped.await();
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
        ConsoleHandler console = new ConsoleHandler();
        console.setLevel(Level.INFO);
        console.setFormatter(new Formatter() {
            @Override
            public String format(LogRecord record) {
                String line = String.format("%1$tT %2$s %3$s: %4$s%n", record.getMillis(), record.getLevel(),
                        record.getLoggerName(), formatMessage(record));
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

    private static List<String> list(String csv) {
        return csv == null || csv.isBlank() ? List.of() : Arrays.asList(csv.split(","));
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> opts = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                System.err.println("usage: LocalPlatform --data DIR [--postgres PORT --databases a,b] "
                        + "[--kafka PORT | --bootstrap HOST:PORT] [--topics x,y --partitions N]");
                System.exit(2);
            }
            opts.put(args[i].substring(2), args[++i]);
        }
        return opts;
    }
}
