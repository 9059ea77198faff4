package dev.tessera.bench;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The CPU of every process of the platform at one instant, read from /proc by the load generator itself: the same
 * "name ticks jit-ticks" lines as ./tessera's cpu_snapshot (deploy/local/measure.sh), which the report's cpu_report
 * reads. Taken while the bots play (the ends of the measured window), where the shell's fork per process and thread
 * took seconds of a saturated machine; this takes milliseconds and starts no process.
 *
 * <p>The processes come from a file ./tessera writes (window_processes): {@code hz <clock ticks a second>}, then one
 * {@code name pid…} line per service and for the brokers, {@code pg <server pid>}, whose children (the backends
 * and workers alive now) count with it, and {@code db host port user database…} for {@link PgCounters}.
 */
final class ProcessCpu {
    private ProcessCpu() {}

    /** The processes file's parts in its order: each name and its pids ("pg": the server's), and "hz": {ticks a second}. */
    static Map<String, List<Long>> parts(Path processes) throws IOException {
        Map<String, List<Long>> parts = new LinkedHashMap<>();
        for (String line : Files.readAllLines(processes)) {
            String[] words = line.trim().split("\\s+");
            if (words.length == 0 || words[0].isEmpty() || words[0].equals("db")) {
                continue; // "db": PostgreSQL's address and databases, for PgCounters
            }
            List<Long> numbers = new ArrayList<>();
            for (int i = 1; i < words.length; i++) {
                numbers.add(Long.parseLong(words[i]));
            }
            parts.put(words[0], numbers);
        }
        return parts;
    }

    /** Writes the snapshot to {@code out}: each part's ticks and its JIT compilers' ticks, PostgreSQL's, this JVM's, the machine's. */
    static void snapshot(Path processes, Path out) throws IOException {
        Map<String, List<Long>> parts = parts(processes);
        List<Long> clock = parts.remove("hz");
        double hz = clock == null || clock.isEmpty() ? 100 : clock.get(0);
        StringBuilder text = new StringBuilder();
        List<Long> servers = parts.getOrDefault("pg", List.of());
        for (Map.Entry<String, List<Long>> part : parts.entrySet()) {
            if (part.getKey().equals("pg")) {
                continue;
            }
            long ticks = 0;
            long jit = 0;
            for (long pid : part.getValue()) {
                ticks += ticks(Path.of("/proc", Long.toString(pid), "stat"));
                jit += compilerTicks(pid);
            }
            text.append(part.getKey())
                    .append(' ')
                    .append(ticks)
                    .append(' ')
                    .append(jit)
                    .append('\n');
        }
        long pg = 0;
        for (long server : servers) {
            pg += ticks(Path.of("/proc", Long.toString(server), "stat"));
        }
        pg += servers.isEmpty() ? 0 : childrenTicks(servers);
        text.append("pg ").append(pg).append(" 0\n");
        long self = ticks(Path.of("/proc/self/stat"));
        text.append(String.format("loadgen %.2f 0%n", self / hz));
        long[] machine = machine();
        long busy = machine[0];
        long total = machine[1];
        text.append("machine ").append(busy).append(' ').append(total).append('\n');
        Files.writeString(out, text);
    }

    /** The machine's busy ticks (user, nice, system, irq, softirq) and all its ticks (those, idle and iowait), all CPUs. */
    static long[] machine() throws IOException {
        String[] cpu = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
        long[] v = new long[7];
        for (int i = 0; i < v.length; i++) {
            v[i] = Long.parseLong(cpu[i + 1]);
        }
        return busyAndAll(v);
    }

    /** From /proc/stat's "cpu" fields (user nice system idle iowait irq softirq): {busy, busy + idle + iowait}. */
    static long[] busyAndAll(long[] v) {
        long busy = v[0] + v[1] + v[2] + v[5] + v[6];
        return new long[] {busy, busy + v[3] + v[4]};
    }

    /** The fields of a /proc stat file after the name, which is in parentheses and may hold spaces; empty if gone. */
    private static String[] fields(Path stat) {
        try {
            String s = Files.readString(stat);
            return s.substring(s.lastIndexOf(')') + 2).split(" ");
        } catch (IOException | RuntimeException e) {
            return new String[0];
        }
    }

    /** utime + stime (fields 14 and 15 of stat: 12 and 13 after the name). */
    private static long ticks(Path stat) {
        String[] f = fields(stat);
        return f.length > 13 ? Long.parseLong(f[11]) + Long.parseLong(f[12]) : 0;
    }

    /** The ticks of a JVM's C1 and C2 compiler threads. */
    private static long compilerTicks(long pid) {
        long sum = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : tasks) {
                String name;
                try {
                    name = Files.readString(task.resolve("comm")).trim();
                } catch (IOException e) {
                    continue;
                }
                if (name.startsWith("C1 Compiler") || name.startsWith("C2 Compiler")) {
                    sum += ticks(task.resolve("stat"));
                }
            }
        } catch (IOException e) {
            return 0;
        }
        return sum;
    }

    /** The ticks of every live process whose parent is one of {@code parents}, summed. */
    private static long childrenTicks(List<Long> parents) throws IOException {
        return children(parents).values().stream().mapToLong(Long::longValue).sum();
    }

    /** Every live process whose parent is one of {@code parents}: its pid and its ticks. */
    static Map<Long, Long> children(List<Long> parents) throws IOException {
        Map<Long, Long> children = new LinkedHashMap<>();
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(
                Path.of("/proc"), p -> p.getFileName().toString().chars().allMatch(Character::isDigit))) {
            for (Path p : procs) {
                String[] f = fields(p.resolve("stat"));
                if (f.length > 13 && parents.contains(Long.parseLong(f[1]))) {
                    children.put(
                            Long.parseLong(p.getFileName().toString()), Long.parseLong(f[11]) + Long.parseLong(f[12]));
                }
            }
        }
        return children;
    }
}
