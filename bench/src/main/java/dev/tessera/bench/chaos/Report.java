package dev.tessera.bench.chaos;

import java.util.ArrayList;
import java.util.List;

/**
 * What {@link Invariants} found: per check how many things it looked at and how many failed, with the first
 * failures in words; and over all checks what was lost (missing: a gap, an event never published or never applied,
 * a missing end or rating change, statistics below their recomputation) and what was duplicated (applied twice).
 */
public final class Report {
    /** Failures a check keeps in words; beyond, only counted. */
    static final int KEPT = 10;
    /** Lost and duplicated things the Markdown lists; all of them are in {@link #lost()} and {@link #duplicated()}. */
    private static final int LISTED = 20;

    /**
     * One check's outcome.
     *
     * @param failures the first {@value Report#KEPT} failures in words
     * @param note     how it went beyond the counts (what was allowed, how long it waited), or ""
     */
    public record Check(
            String id, String name, String how, long checked, long failed, List<String> failures, String note) {
        public boolean holds() {
            return failed == 0;
        }
    }

    private final List<Check> checks = new ArrayList<>();
    private final List<String> lost = new ArrayList<>();
    private final List<String> duplicated = new ArrayList<>();

    public List<Check> checks() {
        return List.copyOf(checks);
    }

    public Check check(String id) {
        return checks.stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    public List<String> lost() {
        return List.copyOf(lost);
    }

    public List<String> duplicated() {
        return List.copyOf(duplicated);
    }

    /** Whether every check holds. */
    public boolean holds() {
        return checks.stream().allMatch(Check::holds);
    }

    /** A check being made: count what it looks at, and say each failure once, as lost, duplicated or otherwise wrong. */
    Findings start(String id, String name, String how) {
        return new Findings(id, name, how);
    }

    final class Findings {
        private final String id;
        private final String name;
        private final String how;
        private long checked;
        private long failed;
        private final List<String> failures = new ArrayList<>();
        private String note = "";

        private Findings(String id, String name, String how) {
            this.id = id;
            this.name = name;
            this.how = how;
        }

        void checked() {
            checked++;
        }

        void checked(long n) {
            checked += n;
        }

        /** Something missing: it counts as lost. */
        void lost(String what) {
            fail(what);
            lost.add(id + ". " + what);
        }

        /** Something applied or recorded twice. */
        void duplicated(String what) {
            fail(what);
            duplicated.add(id + ". " + what);
        }

        /** Wrong in another way (a value that differs, something there that should not be). */
        void wrong(String what) {
            fail(what);
        }

        void note(String note) {
            this.note = note;
        }

        private void fail(String what) {
            failed++;
            if (failures.size() < KEPT) {
                failures.add(what);
            }
        }

        /** Ends the check: it goes into the report. */
        void done() {
            checks.add(new Check(id, name, how, checked, failed, List.copyOf(failures), note));
        }
    }

    /** A Markdown section: the checks' table, then what was lost and duplicated. */
    public String toMarkdown() {
        StringBuilder md = new StringBuilder("## Invariants\n\n");
        md.append(holds() ? "Everything holds.\n\n" : "**Some checks fail.**\n\n");
        md.append("| check | checked | failed | note | first failures |\n|---|---|---|---|---|\n");
        for (Check c : checks) {
            String failures =
                    String.join("<br>", c.failures().stream().map(Report::cell).toList());
            md.append("| ")
                    .append(c.id())
                    .append(". ")
                    .append(c.name())
                    .append(" | ")
                    .append(c.checked())
                    .append(" | ")
                    .append(c.failed())
                    .append(" | ")
                    .append(cell(c.note()))
                    .append(" | ")
                    .append(failures)
                    .append(" |\n");
        }
        md.append("\nLost: ")
                .append(lost.size())
                .append(". Duplicated: ")
                .append(duplicated.size())
                .append(".\n");
        list(md, "Lost", lost);
        list(md, "Duplicated", duplicated);
        md.append("\nHow each check is made:\n\n");
        checks.forEach(
                c -> md.append("- ").append(c.id()).append(". ").append(c.how()).append('\n'));
        return md.toString();
    }

    private static void list(StringBuilder md, String title, List<String> items) {
        if (items.isEmpty()) {
            return;
        }
        md.append("\n")
                .append(title)
                .append(items.size() > LISTED ? " (the first " + LISTED + ")" : "")
                .append(":\n\n");
        items.stream().limit(LISTED).forEach(i -> md.append("- ").append(i).append('\n'));
    }

    /** Text that stays inside a table cell. */
    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }
}
