package dev.tessera.verify;

import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code ./tessera verify <export.ndjson>} (or {@code -} for the standard input): one line per game, then the summary.
 * Exits 0 when no game differs, 1 when one does, 2 when the file is not an export (the first bad line is named).
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println(
                    "usage: verify <export.ndjson>   (an export of GET /api/v1/exports/events; - reads stdin)");
            System.exit(2);
        }
        Report report;
        if ("-".equals(args[0])) {
            report = Verifier.verify(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        } else {
            Path file = Path.of(args[0]);
            if (!Files.isRegularFile(file)) {
                System.err.println("verify: no such file: " + file);
                System.exit(2);
            }
            report = Verifier.verify(file);
        }
        report.games().forEach(game -> System.out.println(game.describe()));
        System.out.println(report.summary());
        System.exit(report.badLine() != null ? 2 : report.passed() ? 0 : 1);
    }
}
