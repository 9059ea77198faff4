package dev.tessera.infra;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Quarkus test resource: a real PostgreSQL and a real Kafka broker for a module's tests. Both are
 * started once per test JVM and shared by every test class and application restart in it; each gets
 * free ports, so modules can test in parallel. The database is named by the {@code database} init
 * argument (default {@code tessera}).
 */
public class TestInfrastructure implements QuarkusTestResourceLifecycleManager {
    private static LocalPostgres postgres;
    private static LocalKafka kafka;

    private String database = "tessera";

    @Override
    public void init(Map<String, String> initArgs) {
        database = initArgs.getOrDefault("database", database);
    }

    @Override
    public Map<String, String> start() {
        startOnce();
        postgres.createDatabases(List.of(database));
        Map<String, String> config = new HashMap<>();
        config.put("quarkus.datasource.reactive.url", postgres.reactiveUrl(database));
        config.put("quarkus.datasource.jdbc.url", postgres.jdbcUrl(database));
        config.put("quarkus.datasource.username", LocalPostgres.USER);
        config.put("quarkus.datasource.password", "");
        config.put("kafka.bootstrap.servers", kafka.bootstrapServers());
        return config;
    }

    /** The shared broker's address, for tests that produce or consume records directly. */
    public static String bootstrapServers() {
        startOnce();
        return kafka.bootstrapServers();
    }

    /** The shared PostgreSQL server, for tests that look at tables directly. */
    public static LocalPostgres postgres() {
        startOnce();
        return postgres;
    }

    private static synchronized void startOnce() {
        if (postgres != null) {
            return;
        }
        try {
            Path dir = Files.createTempDirectory("tessera-test-infra");
            postgres = LocalPostgres.start(0, null);
            kafka = LocalKafka.start(0, dir.resolve("kafka"));
            Runtime.getRuntime()
                    .addShutdownHook(new Thread(
                            () -> {
                                kafka.close();
                                postgres.close();
                            },
                            "tessera-test-infra-stop"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void stop() {
        // Shared by the whole test JVM: stopped by the shutdown hook, not per test class.
    }
}
