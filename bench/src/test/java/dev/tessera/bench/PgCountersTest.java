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
        Map<String, Long> before;
        Map<String, Long> after;
        try (PgCounters counters = new PgCounters(
                "localhost",
                Integer.toString(postgres.port()),
                LocalPostgres.USER,
                List.of("pc_with_events", "pc_without"))) {
            // The inserting backend reports its rows as it ends, which may come just after its client has gone.
            before = readUntil(counters, "pg.before", r -> r.getOrDefault("events_inserted.pc_with_events", 0L) >= 3);
            try (Connection c = postgres.connect("pc_with_events");
                    Statement s = c.createStatement()) {
                s.execute("INSERT INTO events VALUES (4)");
                s.execute("INSERT INTO events VALUES (5)");
            }
            // A backend reports its transactions and inserts to the statistics within a second or so of their
            // commit, or as it ends; read again until they show (as a window's end, read a minute on, sees all but
            // about a second's).
            long transactions = before.get("transactions.pc_with_events");
            after = readUntil(
                    counters,
                    "pg.after",
                    r -> r.get("transactions.pc_with_events") - transactions >= 2
                            && r.get("events_inserted.pc_with_events") >= 5);
        }

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

    /** Reads the counters into {@code name} until {@code shown} holds of them, or for 10 s; returns the last reading. */
    private Map<String, Long> readUntil(
            PgCounters counters, String name, java.util.function.Predicate<Map<String, Long>> shown) throws Exception {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (true) {
            counters.snapshot(dir.resolve(name));
            Map<String, Long> reading = read(dir.resolve(name));
            if (shown.test(reading) || System.nanoTime() > deadline) {
                return reading;
            }
            Thread.sleep(100);
        }
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
