package dev.tessera.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.infra.LocalPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The counters the bench's report sets against the moves, read from a real PostgreSQL as pg_counters reads them. */
class PgCountersTest {
    private static LocalPostgres postgres;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() {
        postgres = LocalPostgres.start(0, null);
        postgres.createDatabases(List.of("pc_with_events", "pc_without"));
    }

    @AfterAll
    static void stop() {
        postgres.close();
    }

    @Test
    void two_readings_show_the_transactions_and_the_events_written_between_them() throws Exception {
        try (Connection c = postgres.connect("pc_with_events");
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE events (id bigint PRIMARY KEY)");
            s.execute("INSERT INTO events VALUES (1), (2), (3)");
        }
        try (PgCounters counters = new PgCounters(
                "localhost",
                Integer.toString(postgres.port()),
                LocalPostgres.USER,
                List.of("pc_with_events", "pc_without"))) {
            // The inserting backend reports its rows as it ends, which may come just after its client has gone.
            long reported = System.nanoTime() + 10_000_000_000L;
            do {
                counters.snapshot(dir.resolve("pg.before"));
            } while (read(dir.resolve("pg.before")).getOrDefault("events_inserted.pc_with_events", 0L) < 3
                    && System.nanoTime() < reported
                    && pause());
            try (Connection c = postgres.connect("pc_with_events");
                    Statement s = c.createStatement()) {
                s.execute("INSERT INTO events VALUES (4)");
                s.execute("INSERT INTO events VALUES (5)");
            }
            // A backend reports its transactions and inserts to the statistics within a second or so of their
            // commit, or as it ends; read again until they show (as a window's end, read a minute on, sees all but
            // about a second's).
            long deadline = System.nanoTime() + 10_000_000_000L;
            do {
                counters.snapshot(dir.resolve("pg.after"));
            } while ((read(dir.resolve("pg.after")).get("transactions.pc_with_events")
                                            - read(dir.resolve("pg.before")).get("transactions.pc_with_events")
                                    < 2
                            || read(dir.resolve("pg.after")).get("events_inserted.pc_with_events") < 5)
                    && System.nanoTime() < deadline
                    && pause());
        }
        Map<String, Long> before = read(dir.resolve("pg.before"));
        Map<String, Long> after = read(dir.resolve("pg.after"));

        assertEquals(3L, before.get("events_inserted.pc_with_events"));
        assertEquals(5L, after.get("events_inserted.pc_with_events"), "the two rows written between the readings");
        assertFalse(after.containsKey("events_inserted.pc_without"), "a database without an events table has no line");
        assertTrue(
                after.get("transactions.pc_with_events") - before.get("transactions.pc_with_events") >= 2,
                "each insert committed");
        assertTrue(after.containsKey("transactions.pc_without"));
        assertTrue(after.get("wal.flushes") >= before.get("wal.flushes"));
        assertTrue(after.get("wal.bytes") > before.get("wal.bytes"), "the inserts wrote WAL");
    }

    private static boolean pause() throws InterruptedException {
        Thread.sleep(100);
        return true;
    }

    private static Map<String, Long> read(Path file) throws Exception {
        Map<String, Long> out = new HashMap<>();
        for (String line : Files.readAllLines(file)) {
            String[] w = line.split(" ");
            assertEquals(2, w.length, line);
            out.put(w[0], Long.parseLong(w[1]));
        }
        return out;
    }
}
