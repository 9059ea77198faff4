package dev.tessera.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoadTimelineTest {
    private static final long MS = 1_000_000L;

    @TempDir
    Path dir;

    /**
     * Four intervals of 200 ms on two CPUs at 100 ticks a second (40 ticks each): 25 %, 90 %, 70 % and 25 % busy. The
     * lobby burst in the full one; game-service worked evenly.
     */
    private static List<LoadTimeline.Sample> fourIntervals() {
        long[] busy = {0, 10, 46, 74, 84};
        long[] lobby = {0, 0, 16, 16, 16};
        List<LoadTimeline.Sample> samples = new ArrayList<>();
        for (int i = 0; i < busy.length; i++) {
            samples.add(
                    new LoadTimeline.Sample(i * 200 * MS, busy[i], i * 40L, Map.of("lobby", lobby[i], "game", 8L * i)));
        }
        return samples;
    }

    @Test
    void each_move_is_counted_by_how_busy_the_machine_was_while_it_was_in_flight() {
        List<LoadTimeline.Move> moves = new ArrayList<>();
        for (int i = 0; i < 99; i++) {
            moves.add(new LoadTimeline.Move(10 * MS, MS + i * 1000L)); // within the first interval: 25 %
        }
        moves.add(new LoadTimeline.Move(210 * MS, 150 * MS)); // within the second: 90 %
        moves.add(new LoadTimeline.Move(-5 * MS, MS / 2)); // sent before the first reading: not placed

        LoadTimeline.Analysis a = LoadTimeline.analyse(fourIntervals(), moves, 100);

        assertEquals(4, a.intervals());
        assertEquals(1.098, a.p99Millis(), 1e-9, "the p99 of all 101 moves, as the report's table computes it");
        LoadTimeline.Band under60 = a.bands().get(0);
        LoadTimeline.Band from60 = a.bands().get(1);
        LoadTimeline.Band full = a.bands().get(2);
        assertEquals(List.of(2, 1, 1), List.of(under60.intervals(), from60.intervals(), full.intervals()));
        assertEquals(99, under60.moves());
        assertEquals(1, under60.slow(), "the slowest of the quick moves is the p99 itself");
        assertEquals(0, from60.moves());
        assertEquals(1, full.moves());
        assertEquals(1, full.slow());
    }

    @Test
    void a_move_spanning_intervals_counts_the_machines_share_over_all_of_them() {
        // 400 to 800 ms: 28 + 10 busy ticks of 80, 47.5 %.
        LoadTimeline.Analysis a =
                LoadTimeline.analyse(fourIntervals(), List.of(new LoadTimeline.Move(450 * MS, 300 * MS)), 100);
        assertEquals(1, a.bands().get(0).moves());
        assertEquals(0, a.bands().get(1).moves() + a.bands().get(2).moves());
    }

    @Test
    void the_parts_above_their_mean_while_the_machine_was_full_are_named_with_how_much() {
        LoadTimeline.Analysis a = LoadTimeline.analyse(fourIntervals(), List.of(), 100);
        // lobby: 16 ticks in the full 0.2 s (0.8 of a core) against 16 in 0.8 s overall (0.2).
        assertEquals(List.of("lobby"), List.copyOf(a.excess().keySet()), "game-service was at its mean");
        assertEquals(0.6, a.excess().get("lobby")[0], 1e-9);
        assertEquals(0.2, a.excess().get("lobby")[1], 1e-9);
    }

    @Test
    void a_backend_that_ended_between_two_readings_takes_nothing_from_its_part() {
        List<LoadTimeline.Sample> samples = List.of(
                new LoadTimeline.Sample(0, 0, 0, Map.of("pg", 50L)),
                new LoadTimeline.Sample(200 * MS, 36, 40, Map.of("pg", 54L)), // full: 4 ticks
                new LoadTimeline.Sample(400 * MS, 46, 80, Map.of("pg", 20L))); // a backend with 34 ended
        LoadTimeline.Analysis a = LoadTimeline.analyse(samples, List.of(), 100);
        // 4 ticks in the full 0.2 s (0.2 of a core) against 4 in 0.4 s (0.1), the ended backend's 34 not subtracted.
        assertEquals(0.1, a.excess().get("pg")[0], 1e-9);
        assertEquals(0.1, a.excess().get("pg")[1], 1e-9);
    }

    @Test
    void reading_this_jvm_while_it_works_gives_a_report_section() throws Exception {
        long self = ProcessHandle.current().pid();
        Path list = Files.writeString(dir.resolve("window.processes"), "hz 100\ngame " + self + "\npg\n");
        LoadTimeline timeline = LoadTimeline.start(list);
        while (timeline.readings() == 0) {
            Thread.sleep(5); // the first reading, which a move must follow to be placed
        }
        long start = System.nanoTime();
        double x = 0;
        while (System.nanoTime() - start < 700 * MS) {
            x += Math.sqrt(x + 1);
        }
        timeline.move(start, 600 * MS);
        timeline.stop();
        String section = timeline.describe();
        assertTrue(x > 0);
        assertTrue(section.contains("| machine busy | share of the phase's"), section);
        int moves = 0;
        for (String line : section.split("\n")) {
            if (line.startsWith("| under 60 %")
                    || line.startsWith("| 60 to 80 %")
                    || line.startsWith("| 80 % or more")) {
                moves += Integer.parseInt(line.split("\\|")[3].trim());
            }
        }
        assertEquals(1, moves, "the move lies between two readings and is counted once: " + section);
    }

    @Test
    void the_kept_open_proc_files_read_what_a_fresh_read_does() throws Exception {
        long self = ProcessHandle.current().pid();
        var os = java.lang.management.ManagementFactory.getPlatformMXBean(
                com.sun.management.OperatingSystemMXBean.class);
        try (LoadTimeline.ProcFiles proc = new LoadTimeline.ProcFiles()) {
            for (int round = 0; round < 2; round++) { // the second time from the files kept open
                long start = System.nanoTime();
                double x = 0;
                while (System.nanoTime() - start < 200 * MS) {
                    x += Math.sqrt(x + 1);
                }
                assertTrue(x > 0);
                long jvm = os.getProcessCpuTime() / 10_000_000L; // ticks of 10 ms
                assertEquals(jvm, proc.ticks(self), 5, "this JVM's utime + stime");
                long[] kept = proc.machine();
                long[] fresh = ProcessCpu.machine();
                assertEquals(fresh[0], kept[0], 20, "busy ticks");
                assertEquals(fresh[1], kept[1], 40, "all ticks");
                assertTrue(kept[0] > 0 && kept[1] >= kept[0]);
            }
            assertEquals(0, proc.ticks(Long.MAX_VALUE / 2), "a process that is not there counts nothing");
        }
    }
}
