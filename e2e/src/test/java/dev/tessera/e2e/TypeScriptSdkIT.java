package dev.tessera.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The TypeScript SDK (clients/typescript) against the real platform: node's test runner runs its {@code
 * test/bots.test.ts}, in which the example bot ({@code examples/bot.ts}, each bot a node process) plays a whole game of
 * each title, two bots quick-playing each other per title, and a third player checks their standings and the live feed
 * against the API. {@code TESSERA_URL} names this platform's gateway. The SDK's build, which comes before this module,
 * has compiled it to {@code dist/}; its output is this test's, line by line, and its failure this test's.
 */
class TypeScriptSdkIT {
    /** The three games at once, on 2 cores shared with the platform; each game has {@link #PER_GAME} at most. */
    private static final Duration LIMIT = Duration.ofMinutes(15);

    private static final Duration PER_GAME = Duration.ofMinutes(12);

    private final Path sdk = Path.of(System.getProperty("tessera.root", "..")).resolve("clients/typescript");

    @Test
    void the_example_bot_plays_a_whole_game_of_each_title() throws Exception {
        assumeNode();
        Path compiled = sdk.resolve("dist/test/bots.test.js");
        assertTrue(
                Files.exists(compiled),
                compiled + " is missing: build the SDK first (./mvnw -pl clients/typescript -am install -DskipTests)");
        String gateway = Platform.shared().gateway();
        long started = System.nanoTime();
        ProcessBuilder pb = new ProcessBuilder("npm", "run", "test:platform")
                .directory(sdk.toFile())
                .redirectErrorStream(true);
        pb.environment().put("TESSERA_URL", gateway);
        pb.environment().put("TESSERA_BOT_MINUTES", String.valueOf(PER_GAME.toMinutes()));
        Process npm;
        try {
            npm = pb.start();
        } catch (IOException e) {
            fail("npm could not be started (" + e.getMessage()
                    + "): the SDK's tests need Node.js 18 or later and npm (apt-get install nodejs npm)");
            return;
        }
        StringBuilder output = new StringBuilder();
        Thread copier = new Thread(
                () -> {
                    try (BufferedReader lines =
                            new BufferedReader(new InputStreamReader(npm.getInputStream(), StandardCharsets.UTF_8))) {
                        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                            System.out.println("TypeScriptSdkIT | " + line);
                            synchronized (output) {
                                output.append(line).append('\n');
                            }
                        }
                    } catch (IOException e) {
                        // npm was stopped: what it printed is kept
                    }
                },
                "typescript-sdk-output");
        copier.start();
        try {
            boolean finished = npm.waitFor(LIMIT.toSeconds(), TimeUnit.SECONDS);
            if (!finished) {
                stop(npm);
            }
            copier.join(Duration.ofSeconds(10).toMillis());
            String text;
            synchronized (output) {
                text = output.toString();
            }
            assertTrue(finished, "npm run test:platform did not finish within " + LIMIT + ":\n" + text);
            assertEquals(0, npm.exitValue(), "npm run test:platform failed:\n" + text);
            System.out.printf(
                    "TypeScriptSdkIT: the bots played a game of each title in %d s%n",
                    Duration.ofNanos(System.nanoTime() - started).toSeconds());
        } finally {
            stop(npm);
        }
    }

    /**
     * Skips the test without Node.js and npm, as clients/typescript's build skips the SDK then, unless
     * TESSERA_NODE_REQUIRED is set (.ci/run sets it after installing them): there a missing node fails.
     */
    private static void assumeNode() {
        boolean installed;
        try {
            Process node = new ProcessBuilder("npm", "--version")
                    .redirectErrorStream(true)
                    .start();
            node.getInputStream().readAllBytes();
            installed = node.waitFor(30, TimeUnit.SECONDS) && node.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            installed = false;
        }
        String missing = "the TypeScript SDK's tests need Node.js 18 or later and npm (apt-get install nodejs npm)";
        if (!installed && System.getenv("TESSERA_NODE_REQUIRED") != null) {
            fail(missing);
        }
        Assumptions.assumeTrue(installed, missing);
    }

    /** npm, the node test runner under it and the bots under that, by their process ids. */
    private static void stop(Process npm) throws InterruptedException {
        npm.descendants().forEach(ProcessHandle::destroyForcibly);
        npm.destroyForcibly();
        npm.waitFor(10, TimeUnit.SECONDS);
    }
}
