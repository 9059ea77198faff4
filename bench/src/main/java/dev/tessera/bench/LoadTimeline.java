package dev.tessera.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The machine's load through a paced phase, read every {@link #EVERY} from /proc, set against the moves answered in
 * it: how busy the machine was while each move was in flight, and whose CPU was above its mean while the machine was
 * at least {@link #BUSY} busy. At a pace the platform keeps up with, it tells whether the slowest moves are those that
 * met the machine full for a moment, and what filled it (bench/results/journal.md, forty-sixth session).
 */
final class LoadTimeline {
    static final Duration EVERY = Duration.ofMillis(200);
    /** The share of all CPUs from which the machine counts as full for a moment. */
    static final double BUSY = 0.8;
    /** How often (in readings) PostgreSQL's backends and workers are looked for again. */
    private static final int CHILDREN_EVERY = 25;

    /** One reading: when (System.nanoTime), the machine's busy and all ticks, each part's ticks. */
    record Sample(long nanos, long busy, long total, Map<String, Long> parts) {}

    /** A move answered: when it was sent and how long its answer took (ns). */
    record Move(long start, long latency) {}

    /** Moves (all, and at or above the p99) by how busy the machine was while they were in flight. */
    record Band(String name, int intervals, long moves, long slow) {}

    /** What {@link #analyse} finds. Excess: part → {cores above its mean when full, its mean}, largest first. */
    record Analysis(double p99Millis, int intervals, List<Band> bands, Map<String, double[]> excess) {}

    private final List<Sample> samples = Collections.synchronizedList(new ArrayList<>());
    private final ConcurrentLinkedQueue<Move> moves = new ConcurrentLinkedQueue<>();
    private final Thread reader;
    private final double hz;
    private volatile boolean stop;

    private LoadTimeline(Path processes) throws IOException {
        Map<String, List<Long>> parts = ProcessCpu.parts(processes);
        List<Long> clock = parts.remove("hz");
        hz = clock == null || clock.isEmpty() ? 100 : clock.get(0);
        List<Long> servers = parts.getOrDefault("pg", List.of());
        reader = new Thread(() -> read(parts, servers), "load-timeline");
        reader.setDaemon(true);
    }

    /** Starts reading the processes {@code processes} lists (the format of {@link ProcessCpu}). */
    static LoadTimeline start(Path processes) throws IOException {
        LoadTimeline timeline = new LoadTimeline(processes);
        timeline.reader.start();
        return timeline;
    }

    private void read(Map<String, List<Long>> parts, List<Long> servers) {
        List<Long> children = List.of();
        long next = System.nanoTime();
        try (ProcFiles proc = new ProcFiles()) {
            for (int n = 0; ; n++) {
                try {
                    if (n % CHILDREN_EVERY == 0 && !servers.isEmpty()) {
                        List<Long> found =
                                List.copyOf(ProcessCpu.children(servers).keySet());
                        children.stream().filter(pid -> !found.contains(pid)).forEach(proc::forget);
                        children = found;
                    }
                    long[] machine = proc.machine();
                    Map<String, Long> ticks = new LinkedHashMap<>();
                    for (Map.Entry<String, List<Long>> part : parts.entrySet()) {
                        long sum = 0;
                        for (long pid : part.getValue()) {
                            sum += proc.ticks(pid);
                        }
                        if (part.getKey().equals("pg")) {
                            for (long pid : children) {
                                sum += proc.ticks(pid);
                            }
                        }
                        ticks.put(part.getKey(), sum);
                    }
                    ticks.put("loadgen", proc.ticks(ProcessHandle.current().pid()));
                    samples.add(new Sample(System.nanoTime(), machine[0], machine[1], ticks));
                } catch (IOException | RuntimeException e) {
                    System.err.println("load timeline: " + e.getMessage());
                    return;
                }
                if (stop) {
                    return; // that was the reading after the window's last answer
                }
                next += EVERY.toNanos();
                long wait = next - System.nanoTime();
                if (wait > 0) {
                    try {
                        Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
        }
    }

    /**
     * /proc files kept open and read again from their start, parsed in place: five readings a second of a dozen
     * processes and PostgreSQL's backends, opened and decoded as {@link ProcessCpu} does at a window's ends, cost the
     * load generator about 1 % of a core, which its CPU per move at half load would carry.
     */
    static final class ProcFiles implements AutoCloseable {
        private final Map<Long, FileChannel> stats = new HashMap<>();
        private final ByteBuffer buffer = ByteBuffer.allocate(4096);
        private FileChannel machine;

        /** utime + stime of a process (0 once it is gone). */
        long ticks(long pid) {
            try {
                FileChannel stat = stats.get(pid);
                if (stat == null) {
                    stat = FileChannel.open(Path.of("/proc", Long.toString(pid), "stat"), StandardOpenOption.READ);
                    stats.put(pid, stat);
                }
                if (!fill(stat)) {
                    return 0;
                }
            } catch (IOException e) {
                forget(pid);
                return 0;
            }
            int at = buffer.limit() - 1;
            while (at >= 0 && buffer.get(at) != ')') {
                at--; // the name, in parentheses, may hold spaces and parentheses: the fields start after the last
            }
            // After ") ": state, ppid, … (utime the 12th field, stime the 13th).
            long utime = 0;
            long stime = 0;
            int field = 0;
            long value = 0;
            for (int i = at + 2; i < buffer.limit() && field <= 12; i++) {
                byte b = buffer.get(i);
                if (b == ' ') {
                    if (field == 11) {
                        utime = value;
                    } else if (field == 12) {
                        stime = value;
                    }
                    field++;
                    value = 0;
                } else if (b >= '0' && b <= '9') {
                    value = value * 10 + (b - '0');
                }
            }
            return utime + stime;
        }

        /** The machine's busy ticks and all its ticks, as {@link ProcessCpu#machine}, from /proc/stat's first line. */
        long[] machine() throws IOException {
            if (machine == null) {
                machine = FileChannel.open(Path.of("/proc/stat"), StandardOpenOption.READ);
            }
            if (!fill(machine)) {
                throw new IOException("/proc/stat read nothing");
            }
            long[] v = new long[7]; // user nice system idle iowait irq softirq
            int field = -1; // "cpu" itself
            long value = 0;
            boolean digits = false;
            for (int i = 0; i < buffer.limit() && field < v.length; i++) {
                byte b = buffer.get(i);
                if (b >= '0' && b <= '9') {
                    value = value * 10 + (b - '0');
                    digits = true;
                } else if (b == ' ' || b == '\n') {
                    if (digits) {
                        v[field] = value;
                    }
                    if (digits || field < 0) {
                        field++;
                    }
                    value = 0;
                    digits = false;
                    if (b == '\n') {
                        break;
                    }
                }
            }
            return ProcessCpu.busyAndAll(v);
        }

        private boolean fill(FileChannel file) throws IOException {
            buffer.clear();
            int read = file.read(buffer, 0);
            buffer.flip();
            return read > 0;
        }

        void forget(long pid) {
            FileChannel stat = stats.remove(pid);
            if (stat != null) {
                try {
                    stat.close();
                } catch (IOException e) {
                    // closing anyway
                }
            }
        }

        @Override
        public void close() {
            List.copyOf(stats.keySet()).forEach(this::forget);
            if (machine != null) {
                try {
                    machine.close();
                } catch (IOException e) {
                    // closing anyway
                }
            }
        }
    }

    /** How many readings were taken so far. */
    int readings() {
        return samples.size();
    }

    /** A move answered in the phase: sent at {@code start} (System.nanoTime), answered {@code latency} ns later. */
    void move(long start, long latency) {
        moves.add(new Move(start, latency));
    }

    /** Stops reading after one more reading (within {@link #EVERY}), so that the last moves lie between two readings. */
    void stop() throws InterruptedException {
        stop = true;
        reader.join(EVERY.toMillis() * 10);
    }

    /**
     * Each move's share of the machine busy from the last reading before it was sent to the first after its answer
     * (moves outside the readings left out); each interval's own share for the time; the p99 as the report's.
     */
    static Analysis analyse(List<Sample> samples, Collection<Move> moves, double hz) {
        List<Sample> s = new ArrayList<>(samples);
        String[] names = {"under 60 %", "60 to 80 %", "80 % or more"};
        int[] intervals = new int[3];
        long[] counted = new long[3];
        long[] slow = new long[3];
        Map<String, long[]> ticks = new LinkedHashMap<>(); // part → {ticks in all intervals, ticks in full intervals}
        long allNanos = 0;
        long fullNanos = 0;
        for (int i = 1; i < s.size(); i++) {
            double share = share(s.get(i - 1), s.get(i));
            int band = band(share);
            intervals[band]++;
            long nanos = s.get(i).nanos() - s.get(i - 1).nanos();
            allNanos += nanos;
            fullNanos += band == 2 ? nanos : 0;
            for (Map.Entry<String, Long> part : s.get(i).parts().entrySet()) {
                // A backend that ended since the last reading takes its ticks with it: never below 0.
                long delta = Math.max(
                        0, part.getValue() - s.get(i - 1).parts().getOrDefault(part.getKey(), part.getValue()));
                long[] t = ticks.computeIfAbsent(part.getKey(), k -> new long[2]);
                t[0] += delta;
                t[1] += band == 2 ? delta : 0;
            }
        }
        List<Long> latencies = new ArrayList<>();
        moves.forEach(m -> latencies.add(m.latency()));
        Collections.sort(latencies);
        long p99 = latencies.isEmpty()
                ? Long.MAX_VALUE
                : latencies.get((int) Math.max(0, Math.ceil(0.99 * latencies.size()) - 1));
        List<Long> times = s.stream().map(Sample::nanos).toList();
        for (Move m : moves) {
            int before = Collections.binarySearch(times, m.start());
            before = before >= 0 ? before : -before - 2; // the last reading at or before the start
            int after = Collections.binarySearch(times, m.start() + m.latency());
            after = after >= 0 ? after : -after - 1; // the first reading at or after the answer
            if (before < 0 || after >= s.size() || after <= before) {
                continue;
            }
            int band = band(share(s.get(before), s.get(after)));
            counted[band]++;
            slow[band] += m.latency() >= p99 ? 1 : 0;
        }
        List<Band> bands = new ArrayList<>();
        for (int b = 0; b < 3; b++) {
            bands.add(new Band(names[b], intervals[b], counted[b], slow[b]));
        }
        Map<String, double[]> excess = new LinkedHashMap<>();
        if (fullNanos > 0) {
            double allSeconds = allNanos / 1e9;
            double fullSeconds = fullNanos / 1e9;
            ticks.entrySet().stream()
                    .map(e -> Map.entry(e.getKey(), new double[] {
                        (e.getValue()[1] / fullSeconds - e.getValue()[0] / allSeconds) / hz,
                        e.getValue()[0] / allSeconds / hz
                    }))
                    .filter(e -> e.getValue()[0] >= 0.0005) // what the report would print as +0.000 is left out
                    .sorted(Comparator.comparingDouble(e -> -e.getValue()[0]))
                    .forEach(e -> excess.put(e.getKey(), e.getValue()));
        }
        return new Analysis(p99 == Long.MAX_VALUE ? 0 : p99 / 1e6, s.size() - 1, bands, excess);
    }

    private static double share(Sample from, Sample to) {
        long total = to.total() - from.total();
        return total <= 0 ? 0 : (double) (to.busy() - from.busy()) / total;
    }

    private static int band(double share) {
        return share >= BUSY ? 2 : share >= 0.6 ? 1 : 0;
    }

    /** The report's section: a table of the bands, then the parts above their mean while the machine was full. */
    String describe() {
        Analysis a = analyse(samples, moves, hz);
        StringBuilder out = new StringBuilder();
        out.append(String.format(
                "%nThe machine's load while each move was in flight (all CPUs, read every %d ms; the first reading before"
                        + " the move was sent to the first after its answer):%n%n",
                EVERY.toMillis()));
        out.append(String.format(
                "| machine busy | share of the phase's %d intervals | moves | moves at or above the p99 (%.1f ms) |%n"
                        + "|---|---|---|---|%n",
                a.intervals(), a.p99Millis()));
        long slowAll = a.bands().stream().mapToLong(Band::slow).sum();
        for (Band b : a.bands()) {
            out.append(String.format(
                    "| %s | %.0f %% | %d | %d (%.0f %%) |%n",
                    b.name(),
                    a.intervals() == 0 ? 0.0 : 100.0 * b.intervals() / a.intervals(),
                    b.moves(),
                    b.slow(),
                    slowAll == 0 ? 0.0 : 100.0 * b.slow() / slowAll));
        }
        if (!a.excess().isEmpty()) {
            List<String> parts = new ArrayList<>();
            a.excess().entrySet().stream()
                    .limit(6)
                    .forEach(e -> parts.add(
                            String.format("%s +%.3f (mean %.3f)", e.getKey(), e.getValue()[0], e.getValue()[1])));
            out.append(String.format(
                    "%nWhile the machine was %.0f %% busy or more, the parts above their mean (cores): %s.%n",
                    BUSY * 100, String.join(", ", parts)));
        }
        return out.toString();
    }
}
