package dev.tessera.e2e;

import dev.tessera.infra.LocalKafka;
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
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The whole of Tessera for a test: a real PostgreSQL and Kafka broker in this JVM, and the four
 * services as separate processes started from their packaged applications, each on a free port.
 */
final class Platform implements AutoCloseable {
    enum Service {
        LOBBY("lobby-service", "LOBBY"), GAME("game-service", "GAME"), SCORING("scoring-service", "SCORING"), GATEWAY("gateway", "GATEWAY");

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
    private final LocalKafka kafka;
    private final Map<Service, Integer> ports = new EnumMap<>(Service.class);
    private final Map<Service, Process> processes = new EnumMap<>(Service.class);

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

    private Platform() {
        try {
            logs = Files.createDirectories(root.resolve("e2e/target/e2e-logs"));
            try (var old = Files.list(logs)) {
                for (Path log : old.toList()) {
                    Files.delete(log);
                }
            }
            postgres = LocalPostgres.start(0, null);
            postgres.createDatabases(List.of("tessera_lobby", "tessera_game", "tessera_scoring", "tessera_gateway"));
            kafka = LocalKafka.start(0, Files.createTempDirectory("tessera-e2e-kafka"));
            kafka.createTopics(List.of("lobby-events", "game-events", "scoring-events"), 4);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (Service s : Service.values()) {
            ports.put(s, freePort());
        }
    }

    String gateway() {
        return url(Service.GATEWAY);
    }

    private static Account spectator;

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
        RestAssured.baseURI = shared().gateway();
        RestAssured.port = -1;
        if (spectator == null) {
            RestAssured.requestSpecification = null;
            spectator = Account.signUp("e2e-spectator");
        }
        RestAssured.config = RestAssuredConfig.config()
                .headerConfig(HeaderConfig.headerConfig().overwriteHeadersWithName("Authorization", "Content-Type", "Accept"));
        RestAssured.requestSpecification = new RequestSpecBuilder().addHeader("Authorization", "Bearer " + spectator.token()).build();
    }

    String url(Service s) {
        return "http://localhost:" + ports.get(s);
    }

    LocalPostgres postgres() {
        return postgres;
    }

    String bootstrapServers() {
        return kafka.bootstrapServers();
    }

    void startAll() {
        for (Service s : Service.values()) {
            start(s, Map.of());
        }
        for (Service s : Service.values()) {
            awaitReady(s);
        }
    }

    /** Starts one service with extra environment (for instance its outbox relay switched off). */
    void start(Service s, Map<String, String> extraEnv) {
        Path jar = root.resolve(s.module + "/target/quarkus-app/quarkus-run.jar");
        if (!Files.exists(jar)) {
            throw new IllegalStateException(jar + " is missing: run ./mvnw verify from the top, which packages the services first");
        }
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-jar", jar.toString());
        Map<String, String> env = pb.environment();
        env.putAll(Map.of(
                "TESSERA_DB_HOST", "localhost",
                "TESSERA_DB_PORT", String.valueOf(postgres.port()),
                "TESSERA_DB_USER", LocalPostgres.USER,
                "TESSERA_KAFKA", kafka.bootstrapServers(),
                "LOBBY_URL", url(Service.LOBBY),
                "GAME_URL", url(Service.GAME),
                "SCORING_URL", url(Service.SCORING),
                // The gateway's generated signing keys: inside the build's output, not the module.
                "TESSERA_KEY_DIR", root.resolve("e2e/target/gateway-keys").toString()));
        for (Service other : Service.values()) {
            env.put(other.env + "_PORT", String.valueOf(ports.get(other)));
        }
        // The bots of these tests call from one address far faster than a person; limits have tests of their own.
        env.put("TESSERA_LIMITS_REQUESTS_PER_SECOND", "10000");
        env.put("TESSERA_LIMITS_BURST", "10000");
        env.putAll(extraEnv);
        pb.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(logs.resolve(s.module + ".log").toFile()));
        try {
            processes.put(s, pb.start());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void awaitReady(Service s) {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (System.nanoTime() < deadline) {
            Process p = processes.get(s);
            if (p != null && !p.isAlive()) {
                throw new IllegalStateException(s.module + " exited with " + p.exitValue() + "; see " + logs.resolve(s.module + ".log"));
            }
            try {
                HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(url(s) + "/q/health/ready")).build(),
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
        throw new IllegalStateException(s.module + " was not ready within 120 s; see " + logs.resolve(s.module + ".log"));
    }

    /** SIGTERM, as an operator stops a service: it finishes what it was doing and leaves its consumer group. */
    void stop(Service s) throws InterruptedException {
        Process p = processes.remove(s);
        p.destroy();
        if (!p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
        }
    }

    /**
     * Runs a service's {@code Rebuild} main from its packaged application, as {@code ./tessera rebuild}
     * does, with the service's environment; answers its exit code (its output goes to the service's log).
     */
    int rebuild(Service s, String mainClass) throws IOException, InterruptedException {
        Path app = root.resolve(s.module + "/target/quarkus-app");
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                String.join(java.io.File.pathSeparator, app.resolve("app") + "/*", app.resolve("lib/boot") + "/*",
                        app.resolve("lib/main") + "/*"), mainClass);
        pb.environment().putAll(Map.of(
                "TESSERA_DB_HOST", "localhost",
                "TESSERA_DB_PORT", String.valueOf(postgres.port()),
                "TESSERA_DB_USER", LocalPostgres.USER,
                "TESSERA_KAFKA", kafka.bootstrapServers()));
        pb.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(logs.resolve(s.module + ".log").toFile()));
        return pb.start().waitFor();
    }

    /** SIGKILL: the process gets no chance to finish anything. */
    void kill(Service s) throws InterruptedException {
        Process p = processes.remove(s);
        p.destroyForcibly();
        p.waitFor();
    }

    @Override
    public void close() {
        processes.values().forEach(Process::destroy);
        for (Process p : processes.values()) {
            try {
                if (!p.waitFor(Duration.ofSeconds(20).toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
                    p.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        kafka.close();
        postgres.close();
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
