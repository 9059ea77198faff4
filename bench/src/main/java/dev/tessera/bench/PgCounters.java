package dev.tessera.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * PostgreSQL's counters at one instant, read by the load generator over JDBC: the same "name value" lines as
 * ./tessera's pg_counters (deploy/local/measure.sh), which the report's pg_report reads. Taken at the ends of the
 * measured window while the bots play, where a psql took 1-2 s of a saturated machine; these connections are opened
 * once and a reading took 0.1-0.5 s (the events' counts most of it).
 *
 * <p>Statements by database (pg_stat_statements), transactions by database (pg_stat_database), the WAL's writes,
 * flushes and bytes (pg_stat_wal), and the rows of each database's events table.
 */
final class PgCounters implements AutoCloseable {
    private final Map<String, Connection> byDatabase = new LinkedHashMap<>();
    /** The server's own database, for the counters of all of them (pg_counters asks there too). */
    private final Connection server;

    /** {@code host port user database…}: the platform's server and its databases, as ./tessera lists them. */
    PgCounters(String host, String port, String user, List<String> databases) throws SQLException {
        Properties props = new Properties();
        props.setProperty("user", user);
        String at = "jdbc:postgresql://" + host + ":" + port + "/";
        server = DriverManager.getConnection(at + "postgres", props);
        for (String database : databases) {
            byDatabase.put(database, DriverManager.getConnection(at + database, props));
        }
        try (Statement s = server.createStatement()) {
            s.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
        } catch (SQLException e) {
            // The server did not load it: the statements are not counted (as pg_counters does then).
        }
    }

    /** Writes the counters to {@code out}. */
    void snapshot(Path out) throws SQLException, IOException {
        List<String> lines = new ArrayList<>();
        String names = String.join(
                ",", byDatabase.keySet().stream().map(d -> "'" + d + "'").toList());
        try {
            lines(
                    server,
                    "SELECT 'statements.' || d.datname, sum(s.calls) FROM pg_stat_statements s JOIN pg_database d"
                            + " ON d.oid = s.dbid WHERE d.datname IN (" + names + ") GROUP BY d.datname",
                    lines);
        } catch (SQLException e) {
            // No pg_stat_statements: no statements line, as pg_counters.
        }
        lines(
                server,
                "SELECT 'transactions.' || datname, xact_commit + xact_rollback FROM pg_stat_database"
                        + " WHERE datname IN (" + names + ")",
                lines);
        lines(
                server,
                "SELECT 'wal.writes', wal_write FROM pg_stat_wal UNION ALL SELECT 'wal.flushes', wal_sync FROM"
                        + " pg_stat_wal UNION ALL SELECT 'wal.bytes', wal_bytes FROM pg_stat_wal",
                lines);
        for (Map.Entry<String, Connection> db : byDatabase.entrySet()) {
            try {
                lines(db.getValue(), "SELECT 'events." + db.getKey() + "', count(*) FROM events", lines);
            } catch (SQLException e) {
                // A database without an events table has no line, as pg_counters.
            }
        }
        Files.write(out, lines);
    }

    /** Each row's two columns as a "name value" line (autocommit: each query reads the statistics afresh). */
    private static void lines(Connection c, String sql, List<String> out) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getString(1) + " " + rs.getString(2));
            }
        }
    }

    @Override
    public void close() {
        List<Connection> all = new ArrayList<>(byDatabase.values());
        all.add(server);
        for (Connection c : all) {
            try {
                c.close();
            } catch (SQLException e) {
                // closing anyway
            }
        }
    }
}
