package dev.tessera.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessCpuTest {
    @TempDir
    Path dir;

    /** The lines cpu_report reads: each listed part's ticks, a part whose process is gone as 0, this JVM, the machine. */
    @Test
    void a_snapshot_has_each_listed_part_its_own_cpu_and_the_machines_in_cpu_reports_format() throws Exception {
        long self = ProcessHandle.current().pid();
        Path list =
                Files.writeString(dir.resolve("window.processes"), "hz 100\ngame " + self + "\nkafka 999999999\npg\n");
        burn();
        ProcessCpu.snapshot(list, dir.resolve("cpu.before"));

        Map<String, String[]> lines = new HashMap<>();
        for (String line : Files.readAllLines(dir.resolve("cpu.before"))) {
            String[] words = line.split(" ");
            assertEquals(3, words.length, line);
            lines.put(words[0], words);
        }
        assertEquals(java.util.Set.of("game", "kafka", "pg", "loadgen", "machine"), lines.keySet());
        long game = Long.parseLong(lines.get("game")[1]);
        assertTrue(game > 0, "this JVM's ticks, listed as game");
        assertTrue(Long.parseLong(lines.get("game")[2]) <= game, "its compilers' ticks are a part of them");
        assertEquals("0", lines.get("kafka")[1], "a process that is gone counts nothing");
        assertEquals("0", lines.get("pg")[1], "no server listed");
        double loadgen = Double.parseDouble(lines.get("loadgen")[1]);
        assertEquals(game / 100.0, loadgen, 0.05, "this JVM again, in seconds at 100 ticks a second");
        long busy = Long.parseLong(lines.get("machine")[1]);
        assertTrue(busy > 0 && Long.parseLong(lines.get("machine")[2]) >= busy, "busy ticks within the total");
    }

    private static void burn() {
        long end = System.nanoTime() + 200_000_000L;
        double x = 0;
        while (System.nanoTime() < end) {
            x += Math.sqrt(x + 1);
        }
        assertTrue(x > 0);
    }
}
