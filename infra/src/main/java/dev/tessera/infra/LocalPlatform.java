package dev.tessera.infra;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * The infrastructure of {@code ./tessera up}: PostgreSQL with one database per service and a KRaft
 * Kafka broker with Tessera's topics, in one JVM, keeping their data under a run folder so that it
 * survives a restart. Stops both cleanly on SIGTERM or Ctrl-C.
 *
 * <p>Arguments: {@code <data-dir> <postgres-port> <kafka-port> <partitions> <databases,...> <topics,...>}
 */
public final class LocalPlatform {
    private LocalPlatform() {
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length != 6) {
            System.err.println("usage: LocalPlatform <data-dir> <postgres-port> <kafka-port> <partitions> <databases,...> <topics,...>");
            System.exit(2);
        }
        Path data = Path.of(args[0]);
        int postgresPort = Integer.parseInt(args[1]);
        int kafkaPort = Integer.parseInt(args[2]);
        int partitions = Integer.parseInt(args[3]);
        List<String> databases = Arrays.asList(args[4].split(","));
        List<String> topics = Arrays.asList(args[5].split(","));
        for (int port : new int[] {postgresPort, kafkaPort}) {
            if (Ports.inUse(port)) {
                System.err.println("port " + port + " is already in use");
                System.exit(3);
            }
        }

        LocalPostgres postgres = LocalPostgres.start(postgresPort, data.resolve("postgres"));
        postgres.createDatabases(databases);
        System.out.println("postgres ready on " + postgres.port() + " with databases " + databases);
        LocalKafka kafka = LocalKafka.start(kafkaPort, data.resolve("kafka"));
        kafka.createTopics(topics, partitions);
        System.out.println("kafka ready on " + kafka.bootstrapServers() + " with topics " + topics);
        System.out.println("infrastructure ready");

        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("stopping kafka and postgres");
            kafka.close();
            postgres.close();
            stopped.countDown();
        }, "tessera-platform-stop"));
        stopped.await();
    }
}
