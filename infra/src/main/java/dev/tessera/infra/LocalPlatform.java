package dev.tessera.infra;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

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
    private LocalPlatform() {
    }

    public static void main(String[] args) throws InterruptedException {
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
