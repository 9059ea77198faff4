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
 * once.
 *
 * <p>Statements by database (pg_stat_statements), transactions by database (pg_stat_database), the WAL's writes,
 * flushes and bytes (pg_stat_wal), and the rows inserted into each database's events table as its statistics count
 * them (pg_stat_user_tables' {@code n_tup_ins}, as "events_inserted.DB"). Not {@code count(*)}, which pg_counters
 * runs where nothing else does: on a platform that has played for a while it scans hundreds of MB (536,000 events,
 * 309 MB: 0.17-0.46 s of a backend), inside the window's CPU and beside the moves in flight, which it slowed (its
 * second held 30 of the 111 slowest moves of a half-load minute; bench/results/journal.md, forty-sixth session). A
 * backend reports its inserts within about a second (at once when it ends), so the difference between two readings
 * a minute apart is within about a second's inserts; the rows of a transaction that rolled back, or deleted since,
 * count too (296 of 536,630, 0.06 %, after a warm run).
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
            // No line for a database without an events table, as pg_counters.
            lines(
                    db.getValue(),
                    "SELECT 'events_inserted." + db.getKey() + "', n_tup_ins FROM pg_stat_user_tables"
                            + " WHERE schemaname = 'public' AND relname = 'events'",
                    lines);
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
